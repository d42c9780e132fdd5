import Glibc

/// Whether the workspace and the shell use colour: never with `--no-color`, `NO_COLOR` or
/// `TERM=dumb`; otherwise as the `color` setting says (`always`, `never`, or `auto`: on a terminal).
enum Colour {
  static func enabled(
    noColor: Bool, environment: [String: String], setting: String?, isTTY: Bool
  ) -> Bool {
    if noColor || !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb" {
      return false
    }
    switch setting {
    case "always": return true
    case "never": return false
    default: return isTTY
    }
  }

  /// The terminal's rows (24 when unknown).
  static func terminalRows() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
    return Int(size.ws_row)
  }
}
