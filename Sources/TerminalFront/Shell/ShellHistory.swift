/// Where the line shell keeps the commands typed: `$XDG_STATE_HOME/bounty/history`, else
/// `~/.local/state/bounty/history` (an XDG_STATE_HOME that is not an absolute path is ignored, as
/// the XDG specification asks). Nil with neither, and then nothing is kept.
enum ShellHistory {
  static func path(_ environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/bounty/history"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.local/state/bounty/history"
  }
}
