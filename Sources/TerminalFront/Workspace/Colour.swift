import Glibc

/// `--color=WHEN` on the command line, as git and hledger spell it (`--color` alone is `always`,
/// `--no-color` is `never`).
public enum ColourOption: String, Sendable {
  case auto, always, never
}

/// Whether output is coloured. The command line decides first: `--color=always` colours even a pipe
/// or a file, and beats `NO_COLOR` and `TERM=dumb` (as a command line beats every other say);
/// `--color=never` never colours; `--color=auto` colours a terminal unless `NO_COLOR` or
/// `TERM=dumb` says no. Without it, the same as `auto`, and the `color` preference `never` turns
/// colour off: `auto` and `always` both colour a terminal only (a preference cannot know who reads
/// a pipe).
enum Colour {
  static func enabled(
    option: ColourOption?, environment: [String: String], setting: String?, isTTY: Bool
  ) -> Bool {
    enabled(
      option: option, allowed: allowed(environment: environment), setting: setting, isTTY: isTTY)
  }

  /// False with `NO_COLOR` (not empty) or `TERM=dumb`, which only `--color=always` overrides.
  static func allowed(environment: [String: String]) -> Bool {
    (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// What `option` and the `color` setting make of colour where the environment `allowed` it.
  static func enabled(option: ColourOption?, allowed: Bool, setting: String?, isTTY: Bool) -> Bool {
    switch option {
    case .always: return true
    case .never: return false
    case .auto: return allowed && isTTY
    case nil: return allowed && isTTY && setting != "never"
    }
  }

  /// The terminal's rows (24 when unknown).
  static func terminalRows() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
    return Int(size.ws_row)
  }
}
