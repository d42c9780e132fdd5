import BountyTestSupport
import Foundation
import Testing

/// The line shell's editing on libedit, in a real terminal (tmux): pasted lines, Home/End as tmux
/// sends them, history across runs, Tab completion, and a bad remembered filter.
@Suite(.onTestThreads) struct ShellEditingTests {
  typealias Screen = ShellTerminalTests.Screen
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
  }

  /// `bounty shell` in tmux (TERM=screen, as tmux sets it), with its own history folder.
  func shell() throws -> Screen {
    try Screen(
      command: "env BOUNTY_DB=\(bounty.database) BOUNTY_NOW=2026-11-30T10:00:00Z TERM=screen "
        + "XDG_STATE_HOME=\(folder.file("state")) XDG_CONFIG_HOME=\(folder.file("config")) \(BinaryRunner.executable) shell; "
        + "echo EXITED $?; sleep 30")
  }

  @Test func threePastedLinesAllRun() throws {
    let screen = try shell()
    _ = screen.waitForPrompt("Fugitives>")
    try screen.tmux(["set-buffer", "-b", "paste", "2\nshow 57750\nnote add pasted in one go\n"])
    try screen.tmux(["paste-buffer", "-b", "paste", "-t", "main"])
    let shown = screen.waitFor("pasted in one go  [note")
    #expect(shown.contains("Captured> show 57750"))
    #expect(shown.contains("Saved fugitive 57750"))
    try screen.type("quit", "Enter")
    #expect(screen.waitFor("EXITED").contains("EXITED 0"))
  }

  @Test func homeAndEndMoveTheCursorUnderTmux() throws {
    let screen = try shell()
    _ = screen.waitForPrompt("Fugitives>")
    // tmux sends \e[1~ and \e[4~ for Home and End with TERM=screen.
    try screen.type("how 5775", "Home", "s", "End", "0", "Enter")
    let shown = screen.waitFor("Failure to appear: art fraud")
    #expect(shown.contains("Fugitives> show 57750") || shown.contains("Captured> show 57750"))
    #expect(!shown.contains("~"))
  }

  @Test func historySurvivesARestartAndIsPrivate() throws {
    let first = try shell()
    _ = first.waitForPrompt("Fugitives>")
    try first.type("show 57750", "Enter")
    _ = first.waitForPrompt("Captured>")
    try first.type("quit", "Enter")
    _ = first.waitFor("EXITED")
    let file = folder.file("state") + "/bounty/history"
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    // The session ended on the Captured tab, which the next one opens.
    let second = try shell()
    _ = second.waitForPrompt("Captured>")
    try second.type("Up", "Up")
    #expect(second.waitFor("Captured> show 57750").contains("Captured> show 57750"))
  }

  /// A line holding a URL with a password, in any spelling, is refused and never kept in the
  /// history file; the lines around it are.
  @Test func aLineHoldingAPasswordIsNeverKept() throws {
    let screen = try shell()
    _ = screen.waitForPrompt("Fugitives>")
    for line in [
      "db copy --to 'postgresql://ana:s3cretA@127.0.0.1/agency'",
      "db copy --to=POSTGRESQL://ana:s3cretB@h/agency",
      "db copy --to 'postgresql:?password=s3cretC'",
    ] {
      try screen.type(line, "Enter")
    }
    // The shell runs lines in order: once the show is on screen, the copies were refused.
    try screen.type("show 57750", "Enter")
    let shown = screen.waitFor("Failure to appear")
    #expect(shown.contains("never takes"))
    try screen.type("quit", "Enter")
    _ = screen.waitFor("EXITED")
    // libedit's file writes a space as \040.
    let kept = try String(contentsOfFile: folder.file("state") + "/bounty/history", encoding: .utf8)
      .replacingOccurrences(of: "\\040", with: " ")
    #expect(kept.contains("show 57750"), "\(kept)")
    #expect(!kept.contains("s3cret"))
    #expect(!kept.contains("db copy"))
  }

  @Test func tabCompletesAVerbAndAnID() throws {
    let screen = try shell()
    _ = screen.waitForPrompt("Fugitives>")
    try screen.type("sho", "Tab", "5775", "Tab", "Enter")
    let shown = screen.waitFor("Failure to appear")
    #expect(shown.contains("Fugitives> show 57750\n") && shown.contains("ID#          57750"))
  }

  @Test func aBadRememberedFilterIsDroppedWithOneWarning() throws {
    let tooLong = String(repeating: "x", count: 300)
    #expect(try bounty.run(["workspace", "set", "shell.fugitives.search", tooLong]).status == 0)
    let first = try shell()
    let warned = first.waitForPrompt("Fugitives>")
    #expect(warned.components(separatedBy: "Warning: Dropped the saved sort and filter").count == 2)
    #expect(warned.contains("28 at large"))
    try first.type("quit", "Enter")
    _ = first.waitFor("EXITED")
    let second = try shell()
    #expect(!second.waitForPrompt("Fugitives>").contains("Warning"))
  }
}
