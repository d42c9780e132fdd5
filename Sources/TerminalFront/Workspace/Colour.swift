import Glibc

/// Whether the workspace and the shell use colour: never with `--no-color`, `NO_COLOR` or
/// `TERM=dumb`; otherwise as the `color` setting says (`always`, `never`, or `auto`: on a terminal).
enum Colour {
  static func enabled(
    noColor: Bool, environment: [String: String], setting: String?, isTTY: Bool
  ) -> Bool {
    enabled(
      allowed: allowed(noColor: noColor, environment: environment), setting: setting, isTTY: isTTY)
  }

  /// False with `--no-color`, `NO_COLOR` or `TERM=dumb`, which no setting overrides.
  static func allowed(noColor: Bool, environment: [String: String]) -> Bool {
    !(noColor || !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb")
  }

  /// Where colour is `allowed`, what the `color` setting makes of it.
  static func enabled(allowed: Bool, setting: String?, isTTY: Bool) -> Bool {
    guard allowed else { return false }
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
