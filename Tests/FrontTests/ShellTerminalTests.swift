import BountyTestSupport
import Foundation
import Testing

/// The interactive shell in a real pseudo-terminal (tmux, installed by .ci/run): typed keys in,
/// the screen read back.
@Suite(.onTestThreads) struct ShellTerminalTests {
  /// A tmux server of its own, with one window running bounty.
  final class Screen {
    let socket = "bounty-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    init(command: String) throws {
      try tmux(["new-session", "-d", "-s", "main", "-x", "110", "-y", "45", command])
    }

    deinit {
      _ = try? tmux(["kill-server"])
    }

    /// Runs a tmux command on this server and returns what it printed. Uses `system` rather than
    /// Foundation's Process, which never reaps a client whose server daemonized.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
      let output = FileManager.default.temporaryDirectory.appending(path: "\(socket)-\(UUID()).out")
      defer { try? FileManager.default.removeItem(at: output) }
      let quoted = (["tmux", "-L", socket] + arguments).map {
        "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
      }
      let status = system(
        quoted.joined(separator: " ") + " >'\(output.path)' 2>/dev/null </dev/null")
      guard status == 0 else { throw ScreenError.tmuxFailed(arguments.first ?? "", status) }
      return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    func type(_ keys: String...) throws {
      try tmux(["send-keys", "-t", "main"] + keys)
    }

    var contents: String { (try? tmux(["capture-pane", "-p", "-t", "main"])) ?? "" }

    /// Waits (up to 10 s) until the screen shows `text`; returns the screen.
    func waitFor(_ text: String) -> String {
      waitUntil { $0.contains(text) }
    }

    /// Waits until the last line on screen is `prompt`: the shell is ready for the next command.
    func waitForPrompt(_ prompt: String) -> String {
      waitUntil { $0.split(separator: "\n").last.map(String.init) == prompt }
    }

    /// Waits (up to 10 s) until `condition` holds. tmux drops trailing spaces, so a prompt reads
    /// `Fugitives>`. Returns the screen.
    func waitUntil(_ condition: (String) -> Bool) -> String {
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline {
        let screen = contents
        if condition(screen) { return screen }
        usleep(50_000)
      }
      return contents
    }
  }

  enum ScreenError: Error {
    case tmuxFailed(String, Int32)
  }

  /// `--bail` on a terminal names no line number it does not have ("stopped at line 0").
  @Test func bailOnATerminalNamesTheCommandNotALineZero() throws {
    let folder = try TemporaryFolder()
    let command =
      "env BOUNTY_DB=\(folder.file("db.sqlite")) TERM=xterm XDG_STATE_HOME=\(folder.file("state")) XDG_CONFIG_HOME=\(folder.file("config")) "
      + "\(BinaryRunner.executable) shell --bail; echo EXITED $?; sleep 30"
    let screen = try Screen(command: command)
    _ = screen.waitFor("Fugitives>")
    try screen.type("show 99999", "Enter")
    let stopped = screen.waitFor("EXITED")
    #expect(stopped.contains("EXITED 1"), "\(stopped)")
    #expect(stopped.contains("(--bail)") && !stopped.contains("line 0"), "\(stopped)")
  }

  @Test func drivesTheShellInAPseudoTerminal() throws {
    let folder = try TemporaryFolder()
    let command =
      "env BOUNTY_DB=\(folder.file("db.sqlite")) BOUNTY_NOW=2026-11-30T10:00:00Z TERM=xterm "
      + "XDG_STATE_HOME=\(folder.file("state")) XDG_CONFIG_HOME=\(folder.file("config")) \(BinaryRunner.executable) shell; echo EXITED $?; sleep 30"
    let screen = try Screen(command: command)
    #expect(screen.waitFor("Fugitives>").contains("no fugitives yet"))
    try screen.type("sample", "Enter")
    #expect(screen.waitFor("Loaded 34 fugitives").contains("Loaded 34 fugitives"))
    try screen.type("2", "Enter")
    let captured = screen.waitFor("Captured>")
    // The active tab is marked: reverse video with colour, brackets without.
    #expect(captured.contains(" Captured (6) ") || captured.contains("[Captured (6)]"))
    #expect(captured.contains("Émile Fournier"))
    // Line editing: a typo fixed with backspace, then the cursor moved left to insert.
    try screen.type("show 5775", "BSpace", "BSpace", "50", "Left", "Left", "Left", "7", "Enter")
    #expect(screen.waitFor("Failure to appear: art fraud").contains("ID#          57750"))
    // History on the up arrow.
    try screen.type("1", "Enter")
    _ = screen.waitForPrompt("Fugitives>")
    try screen.type("Up", "Up")
    #expect(screen.waitFor("Fugitives> show 57750").contains("Fugitives> show 57750"))
    try screen.type("Enter")
    // The recalled command ran: its detail follows it, then a fresh, empty prompt.
    let shown = screen.waitUntil { screen in
      guard let recalled = screen.range(of: "Fugitives> show 57750\n", options: .backwards) else {
        return false
      }
      let after = screen[recalled.upperBound...]
      return after.contains("Failure to appear: art fraud") && after.contains("Fugitives>")
    }
    #expect(
      shown.range(of: "Fugitives> show 57750\n", options: .backwards).map {
        shown[$0.upperBound...].contains("ID#          57750")
      } == true)
    try screen.type("quit", "Enter")
    #expect(screen.waitFor("EXITED").contains("EXITED 0"))
  }

  /// Ctrl-C during a long import stops the import, not the shell: its progress bar gives way to one
  /// error line, the prompt comes back, nothing was imported, and the next command runs normally.
  @Test func ctrlCStopsALongImportAndTheShellGoesOn() throws {
    let folder = try TemporaryFolder()
    let csv = folder.file("roster.csv")
    try ReliabilityTests.writeCSV(rows: 300_000, to: csv)
    let command =
      "env BOUNTY_DB=\(folder.file("db.sqlite")) BOUNTY_NOW=2026-11-30T10:00:00Z TERM=xterm "
      + "XDG_STATE_HOME=\(folder.file("state")) XDG_CONFIG_HOME=\(folder.file("config")) \(BinaryRunner.executable) shell; echo EXITED $?; sleep 30"
    let screen = try Screen(command: command)
    _ = screen.waitFor("Fugitives>")
    try screen.type("sample", "Enter")
    _ = screen.waitFor("Loaded 34 fugitives")
    _ = screen.waitForPrompt("Fugitives>")
    try screen.type("import \(csv)", "Enter")
    #expect(screen.waitFor("Import [").contains("Import ["))
    try screen.type("C-c")
    func bottom(_ screen: String) -> String {
      screen.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let stopped = bottom(screen.waitForPrompt("Fugitives>"))
    #expect(
      stopped.hasSuffix("roster.csv\nError: interrupted; nothing was changed\nFugitives>"),
      "\(stopped)")
    try screen.type("list", "Enter")
    let listed = bottom(
      screen.waitUntil { $0.contains("Fugitives> list\n") && bottom($0).hasSuffix("Fugitives>") })
    #expect(listed.hasSuffix("$10,000.00\n28 at large\nFugitives>"), "\(listed)")
    try screen.type("quit", "Enter")
    // The interrupted command counts as a failed one.
    #expect(screen.waitFor("EXITED").contains("EXITED 1"))
  }
}
