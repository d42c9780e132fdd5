import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The shell with standard input not a terminal: commands line by line, no prompts, no colour,
/// exit 1 when any command failed.
@Suite(.onTestThreads) struct ShellScriptTests {
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
    // A script remembers nothing: the next one starts on the Fugitives tab in name order.
    let again = try bounty.run([], input: "quit\n")
    let firstView = again.stdout.split(separator: "\n")
    #expect(firstView.first?.hasPrefix("[Fugitives (28)]") == true)
    #expect(firstView.dropFirst(2).first?.contains("Ábel Kovács") == true)
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

  /// Money as a person types it is one grammar: the shell's form, the one-shot option and a CSV
  /// cell read `$ 2,000`, `USD 12` and `.5` alike, and refuse a decimal comma with the same reason.
  @Test func typedMoneyMeansTheSameInTheFormTheOptionAndTheCSV() throws {
    let form = try bounty.run(
      [], input: "add\nForm Ann\n\n1.234,50\n$ 2,000\n\nadd\nForm Bo\n\nUSD 12\n\nquit\n")
    #expect(form.status == 0, "\(form.stderr)")
    let reason = "'1.234,50' has a decimal comma; use . for decimals ('1234.50')"
    #expect(form.stderr.contains("invalid bounty: \(reason)"), "\(form.stderr)")
    let option = try bounty.run(["fugitives", "add", "--name", "Opt", "--bounty", "1.234,50"])
    #expect(option.status == 64 && option.stderr == "Error: invalid --bounty: \(reason)\n")
    #expect(
      try bounty.run(["fugitives", "add", "--name", "Opt", "--bounty", ".5"]).status == 0)
    let csv = folder.file("typed.csv")
    try Data("name,bounty\nCell,\"$ 2,000\"\nCode,USD 12\n".utf8).write(
      to: URL(fileURLWithPath: csv))
    #expect(try bounty.run(["import", csv]).status == 0)
    let bad = folder.file("comma.csv")
    try Data("name,bounty\nComma,\"1.234,50\"\n".utf8).write(to: URL(fileURLWithPath: bad))
    #expect(try bounty.run(["import", bad]).stderr.contains("line 2, bounty: \(reason)"))
    let listed = try bounty.run(["fugitives", "list", "--json", "--sort", "id"]).stdout
    for (name, bounty) in [
      ("Form Ann", "2000.00"), ("Form Bo", "12.00"), ("Opt", "0.50"), ("Cell", "2000.00"),
      ("Code", "12.00"),
    ] {
      #expect(listed.contains(#""name":"\#(name)","bounty":"\#(bounty)""#), "\(name)")
    }
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

  /// `edit --bounty` (its value left out) is a usage error, as on the command line: it never opens
  /// the current fugitive's form, which would read the script's next lines as field values.
  @Test func anOptionWithoutItsValueIsAnErrorNotAForm() throws {
    try bounty.run(["fugitives", "add", "--name", "Old", "--bounty", "10", "--id", "5"])
    let outcome = try bounty.run([], input: "show 5\nedit --bounty\nNew Name\n\n\nquit\n")
    #expect(outcome.status == 1)
    #expect(outcome.stderr.hasPrefix("Error: --bounty needs a value\n"), "\(outcome.stderr)")
    #expect(!outcome.stdout.contains("Editing fugitive"))
    #expect(try bounty.run(["--json", "fugitives", "show", "5"]).stdout.contains(#""name":"Old""#))
  }

  /// `list` with options keeps the tab's `find` filter and `sort` unless it gives its own.
  @Test func listWithOptionsKeepsTheTabsFilterAndSort() throws {
    try bounty.run(["sample"])
    // The first row and the count of the last list a script prints.
    func lastList(_ lines: String) throws -> (first: String, count: String) {
      let outcome = try bounty.run([], input: lines + "\nquit\n")
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let rows = outcome.stdout.components(separatedBy: "\n")
      let header = try #require(rows.lastIndex { $0.hasPrefix("  ID#") })
      let count = rows[header...].first { $0.hasSuffix("at large") } ?? ""
      return (rows[header + 1], count)
    }
    // 'fraud' matches Kwame Asante ($50,000) and 王伟 ($10,000).
    let filtered = try lastList("find fraud\nlist --limit 1")
    #expect(filtered.first.contains("Kwame Asante") && filtered.count == "1 shown of 2 at large")
    let sorted = try lastList("find fraud\nsort bounty\nlist --limit 1")
    #expect(sorted.first.contains("王伟") && sorted.count == "1 shown of 2 at large")
    let ownSort = try lastList("find fraud\nsort bounty\nlist --limit 1 --sort name")
    #expect(ownSort.first.contains("Kwame Asante"))
    // --desc alone reverses the tab's sort (bounty), largest first.
    let reversed = try lastList("find fraud\nsort bounty\nlist --limit 1 --desc")
    #expect(reversed.first.contains("Kwame Asante"))
    let reversedName = try lastList("find fraud\nlist --limit 1 --desc")
    #expect(reversedName.first.contains("王伟"))
    let ownSearch = try lastList("find fraud\nlist --limit 1 --search whitlow")
    #expect(ownSearch.first.contains("Whitlow") && ownSearch.count == "1 at large")
  }

  /// A script may carry comments, as any script does: `# …` lines do nothing.
  @Test func commentLinesDoNothing() throws {
    let outcome = try bounty.run(
      ["shell", "--bail"], input: "# load the roster\nsample\n  # and stop\nquit\n")
    #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Loaded 34 fugitives"))
  }

  @Test func aFailedCommandMakesTheExitStatusOne() throws {
    let outcome = try bounty.run([], input: "show 404\nlist\nquit\n")
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("Error: fugitive 404 not found"))
  }

  /// A script whose `show` failed must not act on the fugitive shown before it: each verb given
  /// no ID# is refused, naming its line, and every fugitive is as it was.
  /// A valued option that selects nobody (`--bounty`, `--at`) is no ID# either: such lines said
  /// "missing ID" or "ids is required", naming no line.
  @Test(arguments: [
    "delete --yes", "release", "capture", "note add Seen at the docks", "edit",
    "edit --bounty 5", "capture --at today", "capture --at today --lat 1 --lon 2",
  ])
  func aFailedShowLeavesNoFugitiveForTheNextVerb(verb: String) throws {
    _ = try bounty.run(["sample"])
    let before = try bounty.run(["export", "--format", "json"]).stdout
    let shown = verb == "release" ? "57750" : "25772"
    let outcome = try bounty.run([], input: "show \(shown)\nshow 99999\n\(verb)\nquit\n")
    #expect(outcome.status == 1)
    let word = verb.split(separator: " ").prefix(verb.hasPrefix("note") ? 2 : 1).joined(
      separator: " ")
    #expect(
      outcome.stderr.contains(
        "Error: line 3: no fugitive on screen: '\(word)' needs an ID# here (or 'show ID' first)"),
      "\(outcome.stderr)")
    #expect(try bounty.run(["export", "--format", "json"]).stdout == before)
  }

  /// Under `--bail` a bad answer to a form is the script's failed line: it stops there, naming
  /// that line. It asked again and read the script's next lines as answers: "Enter keeps" saved
  /// nothing and said so, then `delete --yes` deleted the fugitive the form was for, exit 0.
  @Test func underBailABadAnswerToAFormStopsTheScript() throws {
    _ = try bounty.run(["sample"])
    let before = try bounty.run(["export", "--format", "json"]).stdout
    let outcome = try bounty.run(
      ["shell", "--bail"], input: "show 12328\nedit\n\n1.234,50\n\n\n\ndelete --yes\nquit\n")
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("use . for decimals"), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("try again"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("stopped at line 4, which failed"), "\(outcome.stderr)")
    #expect(try bounty.run(["export", "--format", "json"]).stdout == before)
  }

  @Test func bailStopsAtTheFirstFailedLineAndNamesIt() throws {
    _ = try bounty.run(["sample"])
    let outcome = try bounty.run(
      ["shell", "--bail"], input: "show 25772\nshow 99999\nshow 25772\ndelete --yes\nquit\n")
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr
        == "Error: fugitive 99999 not found\n"
        + "Error: stopped at line 2, which failed (--bail); nothing after it ran\n")
    #expect(try bounty.run(["fugitives", "show", "25772"]).status == 0)
    // Without a failure --bail changes nothing, and an unknown shell option is a usage error.
    let clean = try bounty.run(["shell", "--bail"], input: "show 25772\nquit\n")
    #expect(clean.status == 0 && clean.stderr.isEmpty)
    // `bounty --bail` is the same shell.
    let short = try bounty.run(["--bail"], input: "show 99999\nshow 25772\nquit\n")
    #expect(short.status == 1 && short.stderr.contains("stopped at line 1"), "\(short.stderr)")
    #expect(!short.stdout.contains("ID#          25772"))
    let typo = try bounty.run(["shell", "--bial"], input: "quit\n")
    #expect(typo.status == 64 && typo.stderr.hasPrefix("Error: shell takes only --bail"))
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

/// Scripts are reproducible, and verbs act on the fugitive on screen (issue 14).
@Suite(.onTestThreads) struct ShellScriptCurrentFugitiveTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
  }

  @Test func aScriptIgnoresWhatTheLastInteractiveSessionLeft() throws {
    let script = "list\nshow 57750\nquit\n"
    let fresh = try bounty.run([], input: script)
    for (key, value) in [
      ("shell.tab", "captured"), ("shell.fugitives.search", "Zz"),
      ("shell.fugitives.sort", "bounty"),
      ("shell.fugitives.desc", "true"),
    ] {
      #expect(try bounty.run(["workspace", "set", key, value]).status == 0)
    }
    let after = try bounty.run([], input: script)
    #expect(after.stdout == fresh.stdout)
    #expect(after.stdout.hasPrefix("[Fugitives (28)]"))
    // Nor does a script write it.
    try bounty.run([], input: "2\nsort bounty\nfind Wren\nquit\n")
    #expect(
      try bounty.run(["--json", "workspace", "get", "shell.tab"]).stdout.contains(
        #""value":"captured""#))
  }

  @Test func verbsWithoutAnIDActOnTheFugitiveJustAddedNotTheOneShownBefore() throws {
    let script = """
      show 25772
      add
      Dana Whitaker
      4242
      900

      capture
      seen --description "Seen at the docks"
      quit
      """
    let outcome = try bounty.run([], input: script + "\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Captured fugitive 4242 (Dana Whitaker)"))
    let edgar = try bounty.run(["--json", "fugitives", "show", "25772"]).stdout
    #expect(edgar.contains(#""captured":false"#))
    let dana = try bounty.run(["--json", "fugitives", "show", "4242"]).stdout
    #expect(dana.contains(#""captured":true"#) && dana.contains("Seen at the docks"))
  }

  @Test func freeTextIsNeverReadAsAnID() throws {
    let home = folder.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]
    _ = FileManager.default.createFile(atPath: home + "/mug.png", contents: Data(png))
    let script = """
      show 91319
      note add 2 cars in the driveway
      note add Sister's place,  two   spaces
      photo ~/mug.png
      set hunter.name Dana  Reyes
      quit
      """
    var inHome = bounty
    inHome.environment["HOME"] = home
    let outcome = try inHome.run([], input: script + "\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let shown = try bounty.run(["--json", "fugitives", "show", "91319"]).stdout
    #expect(shown.contains(#""text":"2 cars in the driveway""#))
    #expect(shown.contains(#""text":"Sister's place,  two   spaces""#))
    #expect(shown.contains(#""hasPhoto":true"#))
    #expect(try bounty.run(["settings", "get", "hunter.name"]).stdout.contains("Dana  Reyes"))
    // `note delete N` is the note's number, on the card on screen.
    let noteID = try #require(
      shown.firstMatch(of: /"id":(\d+),"text":"2 cars/).map { String($0.1) })
    let deleted = try bounty.run([], input: "show 91319\nnote delete \(noteID)\nquit\n")
    #expect(deleted.status == 0, "\(deleted.stderr)")
    let after = try bounty.run(["--json", "fugitives", "show", "91319"]).stdout
    #expect(!after.contains("2 cars in the driveway") && after.contains("Sister's place"))
  }

  @Test func showFromAnyTabSwitchesToTheFugitivesTab() throws {
    let outcome = try bounty.run([], input: "3\nshow 57750\nshow 25772\nquit\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let bars = outcome.stdout.split(separator: "\n").filter { $0.contains("│") }
    #expect(bars.count == 4)
    #expect(bars[1].hasSuffix("[Settings]"))
    #expect(bars[2].contains("[Captured (6)]") && bars[3].contains("[Fugitives (28)]"))
  }

  @Test func aScriptDeletesOnlyWithYesOrWithConfirmationOff() throws {
    let refused = try bounty.run([], input: "show 25772\ndelete\nquit\n")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("give --yes to go ahead"))
    #expect(try bounty.run(["fugitives", "show", "25772"]).status == 0)
    let yes = try bounty.run([], input: "show 25772\ndelete --yes\nquit\n")
    #expect(yes.status == 0, "\(yes.stderr)")
    #expect(try bounty.run(["fugitives", "show", "25772"]).status == 1)
    try bounty.run(["settings", "set", "confirm.delete", "false"])
    let off = try bounty.run([], input: "delete 57750\nquit\n")
    #expect(off.status == 0, "\(off.stderr)")
    #expect(try bounty.run(["fugitives", "show", "57750"]).status == 1)
  }

  @Test func helpOfACommandIsThatCommandsHelp() throws {
    let outcome = try bounty.run([], input: "help report\nhelp capture\nquit\n")
    #expect(outcome.stdout.contains("Usage: bounty report"))
    #expect(outcome.stdout.contains("Usage: bounty fugitives capture"))
  }
}
