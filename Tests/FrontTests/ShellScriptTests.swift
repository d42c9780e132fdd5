import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The shell with standard input not a terminal: commands line by line, no prompts, no colour,
/// exit 1 when any command failed.
@Suite struct ShellScriptTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
  }

  @Test func greetsAnEmptyDatabase() throws {
    let outcome = try bounty.run([], input: "quit\n")
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("no fugitives yet") && outcome.stdout.contains("'sample'"))
    #expect(!outcome.stdout.contains("> "))
  }

  @Test func tabsKeepTheirOwnNavigationAndACancelledFormSavesNothing() throws {
    let script = """
      sample
      2
      show 57750
      1
      sort bounty desc
      2
      add
      Newcomer
      .cancel
      3
      1
      quit
      """
    let outcome = try bounty.run([], input: script + "\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(!outcome.stdout.contains("\u{1B}["))
    // Each view starts with the tab bar; the active tab is in brackets.
    let views = outcome.stdout.components(separatedBy: "\n").reduce(into: [String]()) {
      views, line in
      if line.contains("]│") || line.hasSuffix("]") {
        views.append(line)
      } else if !views.isEmpty {
        views[views.count - 1] += "\n" + line
      }
    }
    // After '2', 'show', '1', 'sort', the Captured tab comes back on the same detail.
    let backOnCaptured = try #require(
      views.last { $0.contains("[Captured") && $0.contains("Émile Fournier\n") })
    #expect(backOnCaptured.contains("ID#          57750"))
    #expect(outcome.stdout.contains("Cancelled; nothing was saved."))
    // The Fugitives tab kept its sort: the largest bounty first when we came back.
    let lastFugitives = try #require(views.last { $0.hasPrefix("[Fugitives") })
    let firstRow = lastFugitives.split(separator: "\n").dropFirst(2).first ?? ""
    #expect(firstRow.contains("$96,000.00"))
    #expect(
      try bounty.run(["fugitives", "list", "--all", "--json"]).stdout.contains(#""total":34"#))
    // Remembered across runs: the last tab (Fugitives) and its sort.
    let again = try bounty.run([], input: "quit\n")
    let firstView = again.stdout.split(separator: "\n")
    #expect(firstView.first?.hasPrefix("[Fugitives (28)]") == true)
    #expect(firstView.dropFirst(2).first?.contains("$96,000.00") == true)
  }

  @Test func formsAskAgainForBadValuesAndSaveGoodOnes() throws {
    let script = """
      add
      Dana Whitaker
      seven

      abc
      12.345
      12,500
      Parole violator
      quit
      """
    let outcome = try bounty.run([], input: script + "\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("invalid id: 'seven' is not a whole number"))
    #expect(outcome.stderr.contains("invalid bounty: 'abc' is not an amount"))
    #expect(outcome.stderr.contains("more decimals than USD allows"))
    #expect(outcome.stdout.contains("Added fugitive"))
    let listed = try bounty.run(["fugitives", "list", "--json"]).stdout
    #expect(
      listed.contains(
        #""name":"Dana Whitaker","bounty":"12500.00","description":"Parole violator""#))
  }

  @Test func editKeepsValuesOnEnterAndEndOfInputCancels() throws {
    try bounty.run(["fugitives", "add", "--name", "Old", "--bounty", "10", "--id", "5"])
    let edited = try bounty.run([], input: "edit 5\nNew\n\n\n\nquit\n")
    #expect(edited.status == 0, "\(edited.stderr)")
    let shown = try bounty.run(["--json", "fugitives", "show", "5"]).stdout
    #expect(shown.contains(#""name":"New","bounty":"10.00""#))
    let cut = try bounty.run([], input: "edit 5\nNewer\n")
    #expect(cut.stdout.contains("Cancelled; nothing was saved."))
    #expect(try bounty.run(["--json", "fugitives", "show", "5"]).stdout.contains(#""name":"New""#))
  }

  @Test func aFailedCommandMakesTheExitStatusOne() throws {
    let outcome = try bounty.run([], input: "show 404\nlist\nquit\n")
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("Error: fugitive 404 not found"))
  }

  @Test func verbsWorkWithoutTheTabWordAndUndoTakesBackAMistake() throws {
    let script = """
      add
      Runner
      1
      500

      capture 1 --at 2026-11-29
      2
      release 1
      1
      move 1 --to 1
      delete 1 --yes
      undo
      show 1
      quit
      """
    let outcome = try bounty.run([], input: script + "\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Captured fugitive 1 (Runner)"))
    #expect(outcome.stdout.contains("Released fugitive 1 (Runner)"))
    #expect(outcome.stdout.contains("Deleted fugitive 1"))
    #expect(outcome.stdout.contains("Undid: fugitives delete 1"))
  }
}
