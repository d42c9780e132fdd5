import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// `--jq` never crashes the process and never reads a file, whatever builtin the filter calls
/// (Debian's libjq 1.6 segfaulted on `input`, `inputs` and `debug`, aborted on module directives,
/// exited 0 on `halt_error` and grew without bound): each filter through the real binary ends with
/// its own status, never a signal, and one line on standard error.
@Suite(.onTestThreads) struct JQSafetyTests {
  let folder: TemporaryFolder
  var bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
  }

  func filtered(_ expression: String) throws -> BinaryRunner.Outcome {
    try bounty.run(["--jq", expression, "fugitives", "list", "--limit", "1"])
  }

  /// The first fugitive of the list answer as compact JSON, as jq prints it.
  func firstAnswer() throws -> String {
    try bounty.run(["--jq", ".", "fugitives", "list", "--limit", "1"]).stdout
  }

  func expectOneLine(_ outcome: BinaryRunner.Outcome, _ expression: String) {
    #expect(outcome.status < 128, "\(expression): \(outcome.status)")
    #expect(outcome.stderr.split(separator: "\n").count == 1, "\(expression): \(outcome.stderr)")
    #expect(outcome.stderr.hasSuffix("\n"), "\(expression): \(outcome.stderr)")
  }

  @Test func inputFindsNoMoreInputsAndInputsFindsNone() throws {
    let input = try filtered("input")
    expectOneLine(input, "input")
    #expect(input.status == 1)
    #expect(input.stderr == "Error: invalid --jq: No more inputs\n")
    #expect(input.stdout.isEmpty)
    let inputs = try filtered("[inputs] | length")
    #expect(inputs.status == 0, "\(inputs.stderr)")
    #expect(inputs.stdout == "0\n")
    let bare = try filtered("inputs")
    #expect(bare.status == 0, "\(bare.stderr)")
    #expect(bare.stdout.isEmpty && bare.stderr.isEmpty)
  }

  @Test func debugWritesItsValueToStandardErrorAsJqDoes() throws {
    let debug = try filtered("debug")
    expectOneLine(debug, "debug")
    #expect(debug.status == 0)
    let answer = try firstAnswer()
    #expect(debug.stdout == answer)
    #expect(debug.stderr == #"["DEBUG:",\#(answer.dropLast())]"# + "\n")
    let total = try filtered(".total | debug")
    #expect(total.stdout == "28\n")
    #expect(total.stderr == #"["DEBUG:",28]"# + "\n")
  }

  @Test(arguments: [
    #"include "x"; ."#, #"import "/etc/passwd" as $p; ."#, "import \"x\" as x; .",
    "# a comment\ninclude # another\n \"x\"; .",
  ])
  func aModuleIsRefusedInOneLine(expression: String) throws {
    let outcome = try filtered(expression)
    expectOneLine(outcome, expression)
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix("Error: --jq cannot load modules"), "\(outcome.stderr)")
    #expect(outcome.stdout.isEmpty)
  }

  @Test func theWordsInStringsAndKeysAreNoModule() throws {
    let outcome = try filtered(#"{import: "x", include: 1} | "include \"x\" \(.import)""#)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout == "include \"x\" x\n")
  }

  @Test func noLibraryFileIsRead() throws {
    // jq's own main reads ~/.jq; the filter must not.
    var homed = bounty
    let home = folder.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try Data(#"def secret: "read";"#.utf8).write(to: URL(fileURLWithPath: home + "/.jq"))
    homed.environment["HOME"] = home
    let outcome = try homed.run(["--jq", "secret", "fugitives", "list", "--limit", "1"])
    #expect(outcome.status == 64, "\(outcome.stdout) \(outcome.stderr)")
    #expect(!outcome.stdout.contains("read"))
  }

  @Test func haltAndHaltErrorEndWithJqsStatusAndMessage() throws {
    let halt = try filtered("halt_error")
    expectOneLine(halt, "halt_error")
    #expect(halt.status == 5)
    #expect(halt.stdout.isEmpty)
    #expect(halt.stderr == (try firstAnswer()))
    let text = try filtered(#""x" | halt_error(5)"#)
    expectOneLine(text, "halt_error(5)")
    #expect(text.status == 5)
    #expect(text.stderr == "x\n")
    let three = try filtered(#"{a: 1} | halt_error(3)"#)
    #expect(three.status == 3)
    #expect(three.stderr == #"{"a":1}"# + "\n")
    let quiet = try filtered(".total, halt, .total")
    #expect(quiet.status == 0)
    #expect(quiet.stdout == "28\n" && quiet.stderr.isEmpty)
  }

  @Test func aFilterPastTheMemoryBoundStopsWithOneLine() throws {
    let expression = "[range(1e8)] | length"
    let outcome = try filtered(expression)
    expectOneLine(outcome, expression)
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr == "Error: --jq: the filter needs more than 256 MiB of memory; stopped\n")
    #expect(outcome.stdout.isEmpty)
    let peak = try bounty.peakMemory(["--jq", expression, "fugitives", "list", "--limit", "1"])
    #expect(peak.status == 1)
    #expect(peak.mebibytes < 400, "\(peak.mebibytes) MiB")
  }

  /// A value nested millions deep is freed and printed by libjq recursing on the C stack: at
  /// three million it ran out of the filter thread's stack (SIGSEGV). The stack now outgrows the
  /// memory bound, so such a filter either finishes or stops with the bound's one line, near it
  /// as this one is; it never dies of a signal.
  @Test func aDeeplyNestedValueNeverCrashes() throws {
    let expression = "reduce range(3000000) as $i (null; [.]) | length"
    let outcome = try filtered(expression)
    #expect(outcome.status < 128, "\(outcome.status): \(outcome.stderr)")
    if outcome.status == 0 {
      #expect(outcome.stdout == "1\n" && outcome.stderr.isEmpty, "\(outcome)")
    } else {
      expectOneLine(outcome, expression)
      #expect(outcome.status == 1, "\(outcome)")
      #expect(
        outcome.stderr == "Error: --jq: the filter needs more than 256 MiB of memory; stopped\n")
    }
  }

  /// The files in the test's folder (the roster and whatever SQLite left beside it).
  func filesBesideTheRoster() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Past the memory bound the error takes the normal way out (the watching thread used to end
  /// the process with `_exit(1)`, closing nothing): what the filter wrote before stays, nothing
  /// follows the one error line, and the roster is closed as after any command, so no `-wal` or
  /// `-shm` file is left beside it.
  @Test func aFilterPastTheMemoryBoundClosesTheDatabase() throws {
    let expression = ".total, ([range(1e8)] | length), .total"
    let outcome = try filtered(expression)
    expectOneLine(outcome, expression)
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr == "Error: --jq: the filter needs more than 256 MiB of memory; stopped\n")
    #expect(outcome.stdout == "28\n")
    #expect(try filesBesideTheRoster() == ["db.sqlite"])
  }

  /// A change runs before its filter: past the bound the change is made, and it is in the roster
  /// file itself (the WAL checkpointed when the database closes), not only in a `-wal` file that a
  /// copy of the roster would leave behind.
  @Test func aChangeWhoseFilterPassesTheMemoryBoundIsInTheFile() throws {
    let expression = "[range(1e8)] | length"
    let outcome = try bounty.run([
      "--jq", expression, "fugitives", "add", "--name", "Nobody New", "--bounty", "1",
    ])
    expectOneLine(outcome, expression)
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr == "Error: --jq: the filter needs more than 256 MiB of memory; stopped\n")
    #expect(outcome.stdout.isEmpty)
    #expect(try filesBesideTheRoster() == ["db.sqlite"])
    let copy = try TemporaryFolder().file("copy.sqlite")
    try FileManager.default.copyItem(atPath: bounty.database, toPath: copy)
    let found = try SQLiteShell.exec(
      copy, "SELECT count(*) FROM fugitive WHERE name = 'Nobody New'")
    #expect(found.stdout == "1", "\(found)")
  }

  @Test(arguments: ["bad((", #"include "x"; ."#])
  func aBadFilterOnAChangeChangesNothing(expression: String) throws {
    let before = try bounty.run(["--json", "export"]).stdout
    let outcome = try bounty.run([
      "--jq", expression, "fugitives", "add", "--name", "Nobody New", "--bounty", "1",
    ])
    // A compile error is a usage error: jq's message on the first line, the usage after it.
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix("Error: --jq"), "\(outcome.stderr)")
    #expect(try bounty.run(["--json", "export"]).stdout == before)
    #expect(try bounty.run(["--jq", ".total", "fugitives", "list"]).stdout == "28\n")
  }
}
