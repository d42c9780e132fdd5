import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Help as git and gh give it: `--help` for every verb the overview names (short forms, `shell`
/// and `rpc` included), topics (`bounty help exit-codes`) that the man page carries too, every
/// text fitted to the terminal (80 columns elsewhere); errors that name an option as it is typed
/// while JSON-RPC names the parameter; and no escape sequence for `TERM=dumb`.
@Suite(.onTestThreads) struct HelpAsGitDoesItTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
  }

  static var commands: [CommandSpec] { Registry.standard.specs(for: .terminal) }

  /// Each verb without its tab word that only one tab has (`capture`, `release`, `add`).
  static var shortForms: [(verb: [String], spec: CommandSpec)] {
    let tabbed = commands.filter { ["fugitives", "captured", "settings"].contains($0.words[0]) }
    return tabbed.compactMap { spec in
      let verb = Array(spec.words.dropFirst())
      let sharing = tabbed.filter { Array($0.words.dropFirst()) == verb }
      return sharing.count == 1 ? (verb, spec) : nil
    }
  }

  /// Every way of asking for help the overview names, with what its text starts with.
  static var askings: [(arguments: [String], start: String)] {
    var askings: [([String], String)] = []
    for spec in commands {
      let usage = "Usage: bounty " + spec.words.joined(separator: " ")
      askings += [(spec.words + ["--help"], usage), (["help"] + spec.words, usage)]
    }
    for (verb, spec) in shortForms {
      let usage = "Usage: bounty " + spec.words.joined(separator: " ")
      askings += [
        (verb + ["--help"], usage), (["help"] + verb, usage), (verb + ["7", "-h"], usage),
      ]
    }
    for special in ["shell", "rpc"] {
      askings += [
        ([special, "--help"], "Usage: bounty \(special)"),
        (["help", special], "Usage: bounty \(special)"),
      ]
    }
    for topic in HelpTopic.all {
      askings.append((["help", topic.name], "\(topic.title) ('bounty help \(topic.name)')"))
    }
    askings += [(["--help"], "bounty "), (["help"], "bounty "), (["help", "list"], "'list' is")]
    return askings
  }

  @Test func everyVerbTheOverviewNamesHasHelp() throws {
    let overview = try bounty.run(["--help"]).stdout
    for spec in Self.commands {
      #expect(overview.contains("  " + spec.words.joined(separator: " ") + " "), "\(spec.words)")
    }
    #expect(Self.shortForms.contains { $0.verb == ["capture"] })
    #expect(Self.shortForms.contains { $0.verb == ["release"] })
    for (arguments, start) in Self.askings {
      let outcome = try bounty.run(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stdout.hasPrefix(start), "\(arguments): \(outcome.stdout.prefix(80))")
      #expect(outcome.stderr.isEmpty, "\(arguments)")
    }
    // Asking for help reads no database, so it creates none.
    #expect(!FileManager.default.fileExists(atPath: bounty.database))
  }

  /// Not a terminal: 80 columns, every line of every help text.
  @Test func noHelpLineIsWiderThanEightyColumns() throws {
    var lines = 0
    for (arguments, _) in Self.askings {
      for line in try bounty.run(arguments).stdout.split(separator: "\n") {
        #expect(line.count <= 80, "\(arguments): \(line.count): \(line)")
        lines += 1
      }
    }
    #expect(lines > 1000)
    // The line shell's own help, in each tab (the views between are data, not help).
    let shell = try bounty.run(
      ["shell"], input: "help\ntab captured\nhelp\ntab settings\nhelp\nhelp dates\nquit\n")
    var inHelp = false
    var helpLines = 0
    for line in shell.stdout.split(separator: "\n") {
      if line.hasPrefix("Commands in the") { inHelp = true }
      guard inHelp else { continue }
      #expect(line.count <= 80, "shell: \(line.count): \(line)")
      helpLines += 1
      if line.hasSuffix("Ctrl-D quits.") { inHelp = false }
    }
    #expect(helpLines > 60)
    // A usage error's usage too.
    let usage = try bounty.run(["fugitives", "bond", "--bogus"])
    #expect(usage.status == 64)
    for line in usage.stderr.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
  }

  /// What `command` writes on a terminal (script(1) gives it one), and its exit status.
  func onATerminal(_ command: String, environment: [String: String]) throws -> (Int32, String) {
    let transcript = folder.file("transcript")
    _ = FileManager.default.createFile(atPath: transcript, contents: nil)
    let script = Process()
    script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    script.arguments = ["-qefc", command, "/dev/null"]
    script.environment = environment
    script.standardInput = FileHandle.nullDevice
    script.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
    try script.run()
    script.waitUntilExit()
    return (script.terminationStatus, try String(contentsOfFile: transcript, encoding: .utf8))
  }

  /// On a terminal of 50 columns, help fits 50.
  @Test func onATerminalHelpFitsItsWidth() throws {
    for arguments in ["--help", "fugitives capture --help", "help environment"] {
      let (status, text) = try onATerminal(
        "stty cols 50; '\(BinaryRunner.executable)' \(arguments)",
        environment: bounty.environment)
      #expect(status == 0)
      let lines = text.split(separator: "\r\n")
      #expect(lines.count > 5, "\(arguments)")
      for line in lines { #expect(line.count <= 50, "\(arguments): \(line)") }
      #expect(lines.contains { $0.count > 40 }, "\(arguments): not laid out for 50 columns")
    }
  }

  /// The topics are declared once: the man page has a section for each, with the same terms.
  @Test func theManPageCarriesEveryTopic() throws {
    let page = ManPage.roff(.standard)
    for topic in HelpTopic.all {
      #expect(page.contains("\n\(ManPage.heading(topic))\n"), "\(topic.name)")
      for case .terms(let terms) in topic.blocks {
        for term in terms {
          #expect(page.contains("\n\(ManPage.termLine(term.term))\n"), "\(term.term)")
        }
      }
    }
    let exitCodes = try bounty.run(["help", "exit-codes"]).stdout
    for status in ["0", "1", "64", "130"] { #expect(exitCodes.contains("\n  \(status) ")) }
  }

  @Test func aMistypedTopicIsAUsageErrorWithTheNearestOne() throws {
    let outcome = try bounty.run(["help", "exit-code"])
    #expect(outcome.status == 64)
    #expect(
      outcome.stderr.hasPrefix("Error: no help for 'exit-code'; did you mean 'exit-codes'?\n"))
  }

  /// The command line names the option as it is typed; JSON-RPC names the parameter.
  @Test func errorsNameTheOptionAndJSONRPCTheParameter() throws {
    try #require(try bounty.run(["sample"]).status == 0)
    let filtered = try bounty.run(["capture", "--min-bounty", "50000"])
    #expect(filtered.status == 64)
    #expect(
      filtered.stderr
        == "Error: --all-matching is needed to act on every fugitive the filters match.\n")
    let none = try bounty.run(["fugitives", "capture"])
    #expect(
      none.stderr
        == "Error: IDS is required: one or more ID#s (or --all-matching with a search).\n")
    let place = try bounty.run(["fugitives", "seen", "48445", "--lat", "3"])
    #expect(place.stderr == "Error: --lon is required with --lat.\n")
    let answers = try bounty.rpc([
      #"{"jsonrpc":"2.0","method":"fugitives.capture","params":{"minBounty":"50000"},"id":1}"#,
      #"{"jsonrpc":"2.0","method":"fugitives.capture","params":{},"id":2}"#,
    ])
    let first = try JSONParser.parse(answers[0])["error"]
    #expect(
      first?["message"] == "allMatching is needed to act on every fugitive the filters match.")
    #expect(first?["data"]?["field"] == "allMatching")
    let second = try JSONParser.parse(answers[1])["error"]
    #expect(
      second?["message"] == "ids is required: one or more ID#s (or allMatching with a search).")
    #expect(
      second?["data"]?["reason"] == "is required: one or more ID#s (or allMatching with a search)")
  }

  /// TERM=dumb: the progress bar of a long import redraws its line with spaces, never `ESC[K`.
  @Test func aDumbTerminalGetsNoEscapeSequence() throws {
    let csv = folder.file("roster.csv")
    // Enough rows to take the second after which the bar shows (ProgressBar.update): reading
    // 40,000 takes less since the import reads CSV records straight into its checks.
    try ReliabilityTests.writeCSV(rows: 200_000, to: csv)
    var environment = bounty.environment
    environment["TERM"] = "dumb"
    let (status, screen) = try onATerminal(
      "'\(BinaryRunner.executable)' import '\(csv)'", environment: environment)
    #expect(status == 0)
    #expect(screen.contains("Import ["), "the bar never showed: \(screen.suffix(300))")
    #expect(screen.hasSuffix("\rImported 200000 fugitives.\r\n"), "\(screen.suffix(300))")
    #expect(!screen.contains("\u{1B}"), "\(screen.suffix(300).debugDescription)")
    // The shell on that terminal: no colour, no escape either.
    let shell = try bounty.run(["shell"], input: "list --limit 2\nhelp\nquit\n")
    #expect(!shell.stdout.contains("\u{1B}"))
  }
}
