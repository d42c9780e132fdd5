import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// bounty with the tools a person already has: `$PAGER` for long tables, `$EDITOR` for a note,
/// `--jq` for JSON. A terminal comes from script(1); the pager and editor are scripts that record
/// what they were given.
@Suite(.onTestThreads) struct OtherToolsTests {
  let folder: TemporaryFolder
  var bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    // No pager unless a test asks for one (a real less would wait for keys).
    bounty.environment["PAGER"] = "cat"
    bounty.environment.removeValue(forKey: "VISUAL")
    bounty.environment.removeValue(forKey: "EDITOR")
    try bounty.run(["sample"])
  }

  /// Writes an executable shell script.
  func script(_ name: String, _ body: String) throws -> String {
    let path = folder.file(name)
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o755)
    return path
  }

  /// Runs `bounty ARGUMENTS` on a terminal of `rows` rows (script(1)).
  func onATerminal(_ arguments: String, rows: Int = 10, runner: BinaryRunner? = nil) throws
    -> BinaryRunner.Outcome
  {
    try (runner ?? bounty).run(
      [
        "-qec", "stty rows \(rows) cols 100; '\(BinaryRunner.executable)' \(arguments)",
        "/dev/null",
      ],
      executable: "/usr/bin/script")
  }

  func text(_ path: String) -> String? {
    TemporaryFolder.bytes(path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func aLongTableOnATerminalGoesThroughThePager() throws {
    let paged = folder.file("paged")
    var withPager = bounty
    withPager.environment["PAGER"] =
      try script("pager", "echo \"args: $*\" > '\(paged)'; cat >> '\(paged)'") + " --flag"
    let long = try onATerminal("fugitives list", runner: withPager)
    #expect(long.status == 0)
    #expect(!long.stdout.contains("Ábel Kovács"))
    let got = try #require(text(paged))
    #expect(got.hasPrefix("args: --flag\n"))
    #expect(got.contains("Ábel Kovács") && got.contains("28 at large"), "\(got)")
    // Not when it fits, not with --no-pager or the preference `never`, not on a pipe.
    for arguments in [
      "fugitives list --limit 3", "--no-pager fugitives list", "--json fugitives list",
    ] {
      try? FileManager.default.removeItem(atPath: paged)
      let outcome = try onATerminal(arguments, runner: withPager)
      #expect(outcome.stdout.contains("Ábel Kovács"), "\(arguments)")
      #expect(text(paged) == nil, "\(arguments)")
    }
    #expect(try withPager.run(["fugitives", "list"]).stdout.contains("Ábel Kovács"))
    #expect(text(paged) == nil)
    try withPager.run(["settings", "set", "pager", "never"])
    #expect(try onATerminal("fugitives list", runner: withPager).stdout.contains("Ábel Kovács"))
    #expect(text(paged) == nil)
  }

  @Test func withoutPAGERItIsLessFRXAndPAGERCatTurnsItOff() throws {
    let paged = folder.file("paged")
    try FileManager.default.createDirectory(
      atPath: folder.file("bin"), withIntermediateDirectories: true)
    _ = try script("bin/less", "echo \"less $*\" > '\(paged)'; cat > /dev/null")
    var withLess = bounty
    withLess.environment.removeValue(forKey: "PAGER")
    withLess.environment["PATH"] = folder.file("bin") + ":/usr/bin:/bin"
    _ = try onATerminal("fugitives list", runner: withLess)
    #expect(text(paged) == "less -FRX\n")
    try FileManager.default.removeItem(atPath: paged)
    withLess.environment["PAGER"] = "cat"
    #expect(try onATerminal("fugitives list", runner: withLess).stdout.contains("Ábel Kovács"))
    #expect(text(paged) == nil)
  }

  @Test func aNoteLeftOutOnATerminalIsWrittenInTheEditor() throws {
    let seen = folder.file("seen")
    var withEditor = bounty
    withEditor.environment["EDITOR"] = try script(
      "editor", "cp \"$1\" '\(seen)'; printf 'Seen at the docks\\n# not this\\n' > \"$1\"")
    let added = try onATerminal("fugitives note add 12499", runner: withEditor)
    #expect(added.status == 0, "\(added.stdout)")
    #expect(text(seen)?.contains("# Add a case note at the end") == true)
    let notes = try bounty.run(["--jq", ".notes[-1].text", "fugitives", "note", "list", "12499"])
    #expect(notes.stdout == "Seen at the docks\n")
    // $VISUAL comes first; an empty text or a failed editor changes nothing.
    withEditor.environment["VISUAL"] = try script("empty", ": > \"$1\"")
    let empty = try onATerminal("fugitives note add 12499", runner: withEditor)
    #expect(empty.stdout.contains("Error: the text was empty; nothing was changed"))
    withEditor.environment["VISUAL"] = "false"
    let failed = try onATerminal("fugitives note add 12499", runner: withEditor)
    #expect(failed.stdout.contains("Error: the editor 'false' failed (exit status 1)"))
    #expect(
      try bounty.run(["--jq", ".notes | length", "fugitives", "note", "list", "12499"]).stdout
        == "1\n")
    // Where nobody can type, the text is still required.
    let piped = try withEditor.run(["fugitives", "note", "add", "12499"])
    #expect(piped.status == 64)
    #expect(piped.stderr.hasPrefix("Error: missing TEXT\n"))
  }

  @Test func jqFiltersTheJSONResult() throws {
    let names = try bounty.run(["fugitives", "list", "--limit", "2", "--jq", ".items[].name"])
    #expect(names.stdout == "Ábel Kovács\nAugustin Delacroix\n")
    let objects = try bounty.run([
      "--jq=.items[] | {id, bounty}", "fugitives", "list", "--limit", "1",
    ])
    #expect(objects.stdout == #"{"id":48445,"bounty":"250.00"}"# + "\n")
    #expect(try bounty.run(["--jq", ".total", "fugitives", "list"]).stdout == "28\n")
    #expect(
      try bounty.run(["--jq", ".total", "fugitives", "list", "--format", "json"]).stdout == "28\n")
  }

  @Test func aBadExpressionIsAUsageErrorAndChangesNothing() throws {
    let bad = try bounty.run([
      "--jq", ".items[", "fugitives", "add", "--name", "X", "--bounty", "1",
    ])
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix(
        "Error: --jq: syntax error, unexpected $end (Unix shell quoting issues?) at <top-level>, "
          + "line 1: .items[\n"), "\(bad.stderr)")
    #expect(try bounty.run(["--jq", ".total", "fugitives", "list"]).stdout == "28\n")
    let atRunTime = try bounty.run(["--jq", ".items.name", "fugitives", "list"])
    #expect(atRunTime.status == 1)
    #expect(atRunTime.stderr == "Error: invalid --jq: Cannot index array with string \"name\"\n")
    let withCSV = try bounty.run(["--jq", ".", "fugitives", "list", "--format", "csv"])
    #expect(withCSV.status == 64)
    #expect(withCSV.stderr.hasPrefix("Error: --jq filters JSON; it does not go with --format csv"))
    #expect(try bounty.run(["--jq"]).status == 64)
    #expect(try bounty.run(["--jq", ".", "rpc"]).status == 64)
  }
}
