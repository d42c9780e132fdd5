import BountyTestSupport
import Foundation
import Testing

@testable import TerminalFront

/// The full-screen workspace driven in tmux through the real binary, as a hunter would.
@Suite(.onTestThreads) struct WorkspaceTerminalTests {
  typealias Screen = ShellTerminalTests.Screen
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
  }

  func workspace() throws -> Screen {
    let screen = try Screen(
      command:
        "env BOUNTY_DB=\(bounty.database) BOUNTY_NOW=2026-11-30T10:00:00Z TERM=xterm-256color "
        + "XDG_STATE_HOME=\(folder.file("state")) XDG_CONFIG_HOME=\(folder.file("config")) \(BinaryRunner.executable); echo EXITED $?; sleep 30"
    )
    _ = screen.waitFor("1 of 28")
    return screen
  }

  /// The screen's rows.
  func rows(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

  @Test func tabsKeepTheirCursorAndCardAndEscapeGoesBack() throws {
    let screen = try workspace()
    try screen.type("j", "j", "j")
    _ = screen.waitFor("4 of 28")
    try screen.type("2")
    _ = screen.waitFor("1 of 6")
    try screen.type("Enter")
    #expect(screen.waitFor("ID#          15156").contains("Tobias Wren"))
    try screen.type("1")
    // Waits for the whole list: a capture can catch the terminal halfway through a redraw.
    let fugitives = screen.waitUntil {
      $0.contains("4 of 28") && $0.contains("Chloé Bernard") && !$0.contains("ID#          15156")
    }
    #expect(fugitives.contains("Chloé Bernard") && !fugitives.contains("ID#          15156"))
    try screen.type("Tab")
    #expect(screen.waitFor("ID#          15156").contains("ID#          15156"))
    try screen.type("Escape")
    #expect(screen.waitFor("1 of 6").contains("Zoë Lindqvist"))
    try screen.type("q")
    #expect(screen.waitFor("EXITED").contains("EXITED 0"))
  }

  /// `:show ID` from the Captured tab opens a fugitive at large on the Fugitives tab, as `show`
  /// does in the line shell (it was refused as "not captured").
  @Test func showFromAnyTabOpensTheFugitiveInItsOwnTab() throws {
    let screen = try workspace()
    try screen.type("2")
    _ = screen.waitFor("1 of 6")
    try screen.type(":", "show 48445", "Enter")
    let card = screen.waitFor("ID#          48445")
    #expect(card.contains("Ábel Kovács") && !card.contains("not captured"), "\(card)")
    #expect(card.contains(" Fugitives (28) ") || card.contains("[Fugitives (28)]"), "\(card)")
  }

  @Test func theFilterFollowsTypingEnterKeepsItEscapeClearsIt() throws {
    let screen = try workspace()
    try screen.type("/", "w", "h", "i", "t")
    let filtered = screen.waitFor("filter 'whit'")
    #expect(filtered.contains("Edgar \"Slim\" Whitlow") && !filtered.contains("Ábel Kovács"))
    try screen.type("Enter")
    _ = screen.waitFor("1 of 1")
    try screen.type("/", "Escape")
    // The whole list again, the cursor still on Edgar Whitlow (8th by name): it waited 10 s for
    // "1 of 28", which never came, and passed on the list alone.
    let cleared = screen.waitFor("Filter cleared")
    #expect(cleared.contains("8 of 28") && cleared.contains("Ábel Kovács"), "\(cleared)")
  }

  /// The cursor keeps its fugitive while the filter is typed: a typo that matches nobody for a
  /// moment does not lose it (it went to the first row once the list came back).
  @Test func theCursorOutlivesAFilterThatMatchedNobodyForAMoment() throws {
    let screen = try workspace()
    try screen.type("j", "j", "j", "j", "j", "j")
    #expect(screen.waitFor("7 of 28").contains("Dolores"))
    try screen.type("/", "o", "z", "z")
    _ = screen.waitUntil { $0.contains("filter 'ozz'") && $0.contains(" none") }
    try screen.type("BSpace", "BSpace")
    _ = screen.waitFor("filter 'o' ·")
    try screen.type("Enter", "Escape")
    #expect(screen.waitFor("Filter cleared").contains("7 of 28"))
  }

  @Test func aCancelledAddSavesNothingAndASavedOneHasTheCursor() throws {
    let screen = try workspace()
    try screen.type("a")
    _ = screen.waitFor("New fugitive")
    try screen.type("Zed Nobody", "Escape")
    _ = screen.waitFor("Cancelled; nothing was saved.")
    #expect(
      try bounty.run(["fugitives", "list", "--search", "Zed Nobody"]).stdout.contains("0 at large"))
    try screen.type("a")
    _ = screen.waitFor("New fugitive")
    try screen.type("Dana Whitaker", "Tab", "Tab", "12,5x")
    try screen.type("C-s")
    #expect(screen.waitFor("↳ ").contains("is not an amount"))
    try screen.type("BSpace", "00", "C-s")
    // Name order: Ábel, Augustin, Björn, Chloé, Cormac, then Dana.
    let saved = screen.waitUntil { $0.contains("6 of 29") && $0.contains("Added") }
    #expect(saved.contains("Added") && saved.contains("Dana Whitaker"))
  }

  /// The edit form holds each value in its field; an empty one shows how to type it, not "now"
  /// (the value now of an empty description, read as if it were the text "now").
  @Test func anEditFormShowsNoValueNowForAnEmptyField() throws {
    let screen = try workspace()
    #expect(
      try bounty.run(["fugitives", "add", "--name", "Aaron Aardvark", "--bounty", "100"]).status
        == 0)
    _ = screen.waitFor("Fugitives (29)")
    try screen.type("g", "e")
    // The whole form, not its title alone: tmux may catch the screen while the form is drawn.
    let form = screen.waitUntil {
      $0.contains("Edit 91320 Aaron Aardvark") && $0.contains("Description")
    }
    let description = try #require(rows(form).first { $0.contains("Description") })
    #expect(!description.contains("now") && description.contains("optional"), "\(form)")
  }

  @Test func moveModeMovesARowAndUndoPutsItBack() throws {
    func manual() throws -> [String] {
      let listed = try bounty.run([
        "fugitives", "list", "--sort", "manual", "--json", "--limit", "3",
      ]).stdout
      return listed.matches(of: /"id":(\d+),"name"/).map { String($0.1) }
    }
    let before = try manual()
    let screen = try workspace()
    try screen.type("m")
    // The manual order shows with the cursor on the same fugitive (Ábel Kovács, first by name).
    let manualOrder = screen.waitFor("sort manual")
    let cursorRow = try #require(manualOrder.firstMatch(of: /(\d+) of 28/)?.1)
    #expect(
      Int(cursorRow) == 1 + (before.firstIndex(of: "48445") ?? -1) || !before.contains("48445"))
    try screen.type("g")
    _ = screen.waitFor("1 of 28")
    try screen.type("m", "j", "j", "Enter")
    _ = screen.waitFor("to row 3; u undoes")
    #expect(try manual() == [before[1], before[2], before[0]])
    try screen.type("u")
    _ = screen.waitFor("Undid:")
    #expect(try manual() == before)
  }

  /// The cursor holds a fugitive, not a row: another process's capture that sorts above it moves
  /// the row, and `c` releases the fugitive the hunter had selected, naming them.
  @Test func afterARefreshTheCursorIsOnTheSameFugitive() throws {
    let screen = try workspace()
    try screen.type("2")
    _ = screen.waitFor("1 of 6")
    try screen.type("j", "j")
    let third = screen.waitUntil { $0.contains("3 of 6") && $0.contains("15494") }
    #expect(rows(third).contains { $0.contains("15494") }, "\(third)")
    // Another process captures Edgar Whitlow later than everyone: he sorts first.
    let capture = try bounty.run(["fugitives", "capture", "25772", "--at", "2026-11-30T09:00:00Z"])
    #expect(capture.status == 0, "\(capture.stderr)")
    _ = screen.waitFor("4 of 7")
    try screen.type("c")
    // The key names whom it released: the next read (she left the list) does not replace that
    // with "left this list", which is for another hunter's change.
    let released = screen.waitFor("Released 15494 Zoë Lindqvist")
    #expect(released.contains("Released 15494 Zoë Lindqvist"), "\(released)")
    #expect(!released.contains("left this list"), "\(released)")
    #expect(
      try bounty.run(["--json", "fugitives", "show", "15494"]).stdout.contains("\"captured\":false")
    )
    #expect(
      try bounty.run(["--json", "fugitives", "show", "25772"]).stdout.contains("\"captured\":true"))
  }

  /// A fugitive that leaves the list (deleted by another process) is named, and the cursor stays
  /// at its row on whoever is there now.
  @Test func aFugitiveThatLeavesIsNamed() throws {
    let screen = try workspace()
    try screen.type("j")
    _ = screen.waitFor("2 of 28")
    #expect(try bounty.run(["fugitives", "delete", "88657", "--yes"]).status == 0)
    let after = screen.waitFor("left this list")
    #expect(after.contains("88657 Augustin Delacroix left this list") && after.contains("2 of 27"))
  }

  /// One who left while another tab was on screen is named too when their tab comes back (the
  /// names were the last drawn list's, the other tab's: "88657 left this list").
  @Test func aFugitiveThatLeavesWhileAnotherTabIsShownIsNamed() throws {
    let screen = try workspace()
    try screen.type("j")
    _ = screen.waitFor("2 of 28")
    try screen.type("2")
    _ = screen.waitFor("1 of 6")
    #expect(try bounty.run(["fugitives", "delete", "88657", "--yes"]).status == 0)
    _ = screen.waitFor("Fugitives (27)")
    try screen.type("1")
    let after = screen.waitFor("left this list")
    #expect(after.contains("88657 Augustin Delacroix left this list"), "\(after)")
  }

  /// `u` says what it undid, even when that takes the cursor's fugitive out of the list (the next
  /// read replaced "Undid: fugitives add 91320" with "91320 … left this list").
  @Test func undoSaysWhatItUndidWhenTheCursorsFugitiveLeaves() throws {
    let screen = try workspace()
    try screen.type("a")
    _ = screen.waitFor("New fugitive")
    try screen.type("Aaab Test", "Tab", "Tab", "5", "C-s")
    _ = screen.waitFor("Added 91320 Aaab Test")
    try screen.type("u")
    let undone = screen.waitFor("Undid:")
    #expect(undone.contains("Undid: fugitives add 91320"), "\(undone)")
    #expect(!undone.contains("left this list"), "\(undone)")
  }

  /// An edit that takes the fugitive out of the filtered list says what it saved, not that they
  /// left it.
  @Test func anEditOutOfTheFilterSaysWhatItSaved() throws {
    let screen = try workspace()
    try screen.type("/", "whit", "Enter")
    _ = screen.waitFor("1 of 1")
    try screen.type("e")
    _ = screen.waitFor("Edit 25772")
    try screen.type("C-u", "Zed Renamed", "C-s")
    let saved = screen.waitFor("Saved")
    #expect(saved.contains("Saved 25772 Zed Renamed; u undoes"), "\(saved)")
  }

  /// A `:` command's answer stays on the status line when it takes the cursor's fugitive out of
  /// the list (`:delete --yes` on a card said only "48445 Ábel Kovács left this list").
  @Test func aColonCommandsAnswerIsNotReplacedByLeftThisList() throws {
    let screen = try workspace()
    try screen.type("Enter")
    _ = screen.waitFor("ID#          48445")
    try screen.type(":", "delete --yes", "Enter")
    let deleted = screen.waitUntil { $0.contains("1 of 27") && $0.contains("Deleted") }
    #expect(deleted.contains("Deleted fugitive 48445 (Ábel Kovács)"), "\(deleted)")
    #expect(!deleted.contains("left this list"), "\(deleted)")
  }

  /// `u` on the card of a fugitive it takes away says what it undid, not "Fugitive 91320 no
  /// longer exists."
  @Test func undoOnTheCardOfAnAddSaysWhatItUndid() throws {
    let screen = try workspace()
    try screen.type(":", "add --name Zed --bounty 5", "Enter")
    _ = screen.waitFor("ID#          91320")
    try screen.type("u")
    // The whole frame: a capture can catch the terminal halfway through a redraw.
    let undone = screen.waitUntil { $0.contains("1 of 28") && $0.contains("Undid") }
    #expect(undone.contains("Undid: fugitives add 91320"), "\(undone)")
  }

  /// A delete from the list names whom it deleted, and the cursor takes the row below.
  @Test func aDeleteFromTheListNamesTheFugitive() throws {
    let screen = try workspace()
    try screen.type("j")
    _ = screen.waitFor("2 of 28")
    try screen.type("d")
    _ = screen.waitFor("Delete fugitive 88657")
    try screen.type("y")
    let deleted = screen.waitUntil { $0.contains("2 of 27") && $0.contains("Deleted") }
    #expect(deleted.contains("Deleted 88657 Augustin Delacroix"), "\(deleted)")
    #expect(!deleted.contains("left this list"), "\(deleted)")
  }

  /// On a closed case every key that would change it refuses before any prompt opens, with the
  /// dispatcher's own sentence, so nothing typed is lost.
  @Test(arguments: ["e", "n", "c", "d", "m"])
  func aClosedCaseRefusesAtTheKey(key: String) throws {
    #expect(try bounty.run(["fugitives", "close", "48445"]).status == 0)
    let before = try bounty.run(["export", "--format", "json"]).stdout
    let screen = try workspace()
    if key == "m" {
      try screen.type("m")
      _ = screen.waitFor("sort manual")
      try screen.type(":", "show 48445", "Enter", "Escape")
    }
    _ = screen.waitFor("Ábel Kovács")
    try screen.type(key)
    let refused = screen.waitFor("reopen it first")
    #expect(refused.contains("case 48445 is closed; reopen it first"))
    #expect(
      !refused.contains("Note for") && !refused.contains("Capture ")
        && !refused.contains("Delete fugitive"))
    try screen.type(":", "show 48445", "Enter")
    _ = screen.waitFor("ID#          48445")
    try screen.type(key == "m" ? "E" : key)
    #expect(screen.waitFor("reopen it first").contains("case 48445 is closed"))
    #expect(try bounty.run(["export", "--format", "json"]).stdout == before)
  }

  /// The card shows everything: Enter reads a long note whole, `v` the description, and the case
  /// file has keys of its own (`b` the bond, whose form reads money as typed).
  @Test func theCardReadsEverythingAndTheCaseFileHasKeys() throws {
    let long = (1...40).map { "word\($0)" }.joined(separator: " ") + " THE-END"
    #expect(try bounty.run(["fugitives", "note", "add", "48445", long]).status == 0)
    let screen = try workspace()
    try screen.type("Enter")
    _ = screen.waitFor("ID#          48445")
    try screen.type("G", "Enter")
    let note = screen.waitFor("Esc, q or Enter closes")
    #expect(note.contains("THE-END") && note.contains("Note "), "\(note)")
    try screen.type("Escape", "v")
    _ = screen.waitFor("The description of 48445")
    try screen.type("Escape", "b")
    _ = screen.waitFor("The bond of 48445")
    try screen.type("$ 50,000", "C-s")
    _ = screen.waitFor("Saved the bond of 48445")
    let shown = try bounty.run(["--json", "fugitives", "show", "48445"]).stdout
    #expect(shown.contains(#""amount":"50000.00""#), "\(shown)")
    try screen.type("?")
    let help = screen.waitFor("read the selected note in full")
    #expect(help.contains("add an expense") && help.contains("the descriptors"))
  }

  @Test func resizeRedrawsAndWideNamesKeepTheColumnsAligned() throws {
    let screen = try workspace()
    try screen.type("G")
    let full = screen.waitFor("28 of 28")
    // Every row's bounty ends in the same column, 佐藤 健 and 王伟 included.
    let ends = rows(full).filter { $0.contains("$") }.map {
      displayWidth($0.trimmingCharacters(in: .whitespaces))
    }
    #expect(rows(full).contains { $0.contains("佐藤 健") })
    #expect(Set(ends).count == 1, "\(ends)")
    try screen.tmux(["resize-window", "-t", "main", "-x", "50", "-y", "12"])
    let small = screen.waitUntil {
      rows($0).count <= 13 && $0.contains("28 of 28") || $0.contains("王伟") && rows($0).count <= 13
    }
    #expect(rows(small).allSatisfy { displayWidth($0) <= 50 })
    #expect(small.contains("王伟"))
  }
}

extension WorkspaceTerminalTests {
  /// A dumb terminal, and one terminfo does not know (where curses would print its own error and
  /// end the process), get the line shell.
  @Test(arguments: ["dumb", "no-such-terminal"])
  func aTerminalThatCannotAddressTheCursorGetsTheLineShell(term: String) throws {
    let screen = try Screen(
      command:
        "env BOUNTY_DB=\(bounty.database) TERM=\(term) XDG_STATE_HOME=\(folder.file("state")) XDG_CONFIG_HOME=\(folder.file("config")) "
        + "\(BinaryRunner.executable); echo EXITED $?; sleep 30")
    #expect(screen.waitForPrompt("Fugitives>").contains("Fugitives (28)"))
    try screen.type("quit", "Enter")
    #expect(screen.waitFor("EXITED").contains("EXITED 0"))
  }

  /// Another process's change (another hunter's, on an agency database) shows within about a
  /// second, with no key pressed.
  @Test func aFormSavedOverAnotherProcesssChangeIsRefusedWithTheValueNow() throws {
    let screen = try workspace()
    try screen.type("e")
    _ = screen.waitFor("Edit 48445 Ábel Kovács")
    // Meanwhile someone else changes the bounty the form shows as 250.00.
    try bounty.run(["fugitives", "edit", "48445", "--bounty", "300"])
    try screen.type("Tab", "C-u", "260", "C-s")
    let refused = screen.waitFor("nothing was saved")
    #expect(refused.contains("$300.00, was $250.00); nothing was saved"), "\(refused)")
    #expect(
      try bounty.run(["--json", "fugitives", "show", "48445"]).stdout.contains(
        #""bounty":"300.00""#))
  }

  @Test func anotherProcesssChangeShowsWithoutAKey() throws {
    let screen = try workspace()
    try bounty.run(["fugitives", "add", "--name", "Aaron Outsider", "--bounty", "10"])
    let added = Date()
    let redrawn = screen.waitFor("Fugitives (29)")
    // Aaron sorts first; the cursor stays on Ábel Kovács, now the second row.
    #expect(redrawn.contains("Aaron Outsider") && redrawn.contains("2 of 29"))
    #expect(Date().timeIntervalSince(added) < 3)
  }

  /// `A` on the Fugitives tab lists everyone with the captured marked, as the original's list did;
  /// `c` on a captured row there releases that fugitive, named.
  @Test func aListsEveryoneWithTheCapturedMarked() throws {
    let screen = try workspace()
    try screen.type("A")
    // The whole new frame, down to a captured row's mark: under load the screen is read while
    // it is being painted (a frame read half drawn failed this test once).
    let everyone = screen.waitUntil {
      $0.contains("1 of 34") && $0.contains("STATUS") && $0.contains("captured")
    }
    #expect(everyone.contains("everyone") && everyone.contains("captured"), "\(everyone)")
    try screen.type("A")
    // The whole new frame: under load the screen is read while it is being painted.
    let atLarge = screen.waitUntil {
      $0.contains("1 of 28") && !$0.contains("STATUS") && $0.contains("Only those at large")
    }
    #expect(atLarge.contains("Only those at large") && !atLarge.contains("STATUS"), "\(atLarge)")
    try screen.type("q")
    #expect(screen.waitFor("EXITED").contains("EXITED 0"))
  }

}

/// The terminal is given back however the workspace ends.
@Suite(.onTestThreads) struct WorkspaceRestoreTests {
  @Test func aSignalLeavesTheAlternateScreenAndRawMode() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
    let screen = try ShellTerminalTests.Screen(
      command: "env BOUNTY_DB=\(bounty.database) TERM=xterm-256color \(BinaryRunner.executable); "
        + "stty -a | grep -o ' icanon' ; echo EXITED $?; sleep 30")
    _ = screen.waitFor("1 of 28")
    #expect(try screen.tmux(["display-message", "-p", "-t", "main", "#{alternate_on}"]) == "1\n")
    // The pane runs sh, whose child is bounty.
    let shell = try screen.tmux(["display-message", "-p", "-t", "main", "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    let child = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
    #expect(kill(child, SIGTERM) == 0)
    let after = screen.waitFor("EXITED")
    #expect(after.contains(" icanon"))  // cooked mode again
    #expect(try screen.tmux(["display-message", "-p", "-t", "main", "#{alternate_on}"]) == "0\n")
  }
}
