import BountyTestSupport
import Testing

/// A user who half-remembers a command is helped, not just refused: a group alone lists its
/// commands, a typo gets the nearest word, and a tab's verb works without the tab word.
@Suite(.onTestThreads) struct HelpForTheLostTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
  }

  @Test func aGroupAloneListsItsCommands() throws {
    let outcome = try bounty.run(["fugitives"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.hasPrefix("Commands of 'bounty fugitives':"))
    #expect(
      outcome.stdout.contains("fugitives add") && outcome.stdout.contains("fugitives note add"))
    let notes = try bounty.run(["fugitives", "note"])
    #expect(notes.status == 0 && notes.stdout.contains("fugitives note move"))
    #expect(!notes.stdout.contains("fugitives capture"))
  }

  /// `bounty shell --help` and `bounty help shell` say what `--bail` does (they answered "no
  /// help for 'shell'").
  @Test(arguments: [["shell", "--help"], ["help", "shell"]])
  func theShellHasHelp(arguments: [String]) throws {
    let outcome = try bounty.run(arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.hasPrefix("Usage: bounty shell [--bail]"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("--bail  stop a script at its first failed line"))
  }

  @Test(arguments: [
    (["lsit"], "unknown command 'lsit'; did you mean 'list'?"),
    (["fugitive", "list"], "unknown command 'fugitive'; did you mean 'fugitives'?"),
    (["fugitives", "shwo", "7"], "unknown command 'fugitives shwo'; did you mean 'show'?"),
    (
      ["fugitives", "list", "--serch", "x"],
      "unknown option '--serch' for 'fugitives list'; did you mean '--search'?"
    ),
    (["frobnicate"], "unknown command 'frobnicate'"),
  ])
  func aTypoSuggestsTheNearestWord(arguments: [String], message: String) throws {
    let outcome = try bounty.run(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.stderr.split(separator: "\n").first == "Error: \(message)"[...])
  }

  @Test func aTabVerbWorksWithoutTheTabWordWhereOnlyOneTabHasIt() throws {
    let added = try bounty.run(["add", "--name", "Ann Lee", "--bounty", "500", "--id", "7"])
    #expect(added.status == 0 && added.stdout.hasPrefix("Added fugitive 7 (Ann Lee)."))
    let captured = try bounty.run(["capture", "7", "--at", "2026-11-01"])
    #expect(captured.status == 0, "\(captured.stderr)")
    let released = try bounty.run(["release", "7"])
    #expect(released.status == 0 && released.stdout.hasPrefix("Released fugitive 7"))
    let ambiguous = try bounty.run(["list"])
    #expect(ambiguous.status == 64)
    #expect(
      ambiguous.stderr.hasPrefix(
        "Error: 'list' is a verb of several tabs: bounty fugitives list, bounty captured list, "
          + "bounty settings list; name the tab"))
  }

  @Test func aDeleteWithNobodyToAskNeedsYes() throws {
    try bounty.run(["add", "--name", "Bo", "--bounty", "5", "--id", "3"])
    let refused = try bounty.run(["fugitives", "delete", "3"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("give --yes to go ahead"))
    #expect(try bounty.run(["fugitives", "show", "3"]).status == 0)
    let deleted = try bounty.run(["fugitives", "delete", "3", "--yes"])
    #expect(deleted.status == 0 && deleted.stdout.hasPrefix("Deleted fugitive 3 (Bo)"))
    try bounty.run(["undo"])
    try bounty.run(["settings", "set", "confirm.delete", "false"])
    #expect(try bounty.run(["fugitives", "delete", "3"]).status == 0)
  }
}
