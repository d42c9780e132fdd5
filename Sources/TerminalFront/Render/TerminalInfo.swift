import BountyCore
import Glibc

/// What the output is connected to, and how times look there.
public struct TerminalInfo: Sendable {
  /// Standard output is a terminal (not a pipe or file).
  public let isTTY: Bool
  /// Columns to fit tables into; nil on a pipe (no truncation).
  public let width: Int?
  public let style: Style
  /// What the command line said of colour (`--color=WHEN`), if anything.
  let colourOption: ColourOption?
  /// False with `NO_COLOR` or `TERM=dumb` (which only `--color=always` overrides).
  let colourAllowed: Bool
  /// Where a card's photo is drawn: nil on a pipe or with `--no-photo`.
  public var photos: PhotoTerminal?

  public init(isTTY: Bool, width: Int?, style: Style) {
    self.init(
      isTTY: isTTY, width: width, style: style, colourOption: style.enabled ? .always : .never,
      colourAllowed: style.enabled)
  }

  private init(
    isTTY: Bool, width: Int?, style: Style, colourOption: ColourOption?, colourAllowed: Bool
  ) {
    self.isTTY = isTTY
    self.width = width
    self.style = style
    self.colourOption = colourOption
    self.colourAllowed = colourAllowed
  }

  /// The same terminal, in colour as the `color` setting says (`Colour`).
  func coloured(bySetting setting: String?) -> TerminalInfo {
    var terminal = TerminalInfo(
      isTTY: isTTY, width: width,
      style: Style(
        enabled: Colour.enabled(
          option: colourOption, allowed: colourAllowed, setting: setting, isTTY: isTTY)),
      colourOption: colourOption, colourAllowed: colourAllowed)
    terminal.photos = photos
    return terminal
  }

  /// Detects the terminal of standard output; colour as `colour` (`--color=WHEN`) and the
  /// environment say until the `color` setting is known (`coloured(bySetting:)`).
  public static func detect(colour: ColourOption?, environment: [String: String]) -> TerminalInfo {
    let tty = isatty(STDOUT_FILENO) == 1
    var size = winsize()
    var width: Int? = nil
    if tty {
      if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
        width = Int(size.ws_col)
      } else {
        width = Int(environment["COLUMNS"] ?? "") ?? 80
      }
    }
    let allowed = Colour.allowed(environment: environment)
    return TerminalInfo(
      isTTY: tty, width: width,
      style: Style(
        enabled: Colour.enabled(option: colour, allowed: allowed, setting: nil, isTTY: tty)),
      colourOption: colour, colourAllowed: allowed)
  }

  /// A time for people: local `2026-11-30 10:00` on a terminal (with its offset when local time is
  /// not UTC), RFC 3339 UTC on a pipe.
  public func time(_ timestamp: Timestamp?) -> String {
    guard let timestamp else { return "" }
    guard isTTY else { return timestamp.iso8601 }
    return LocalTime.display(timestamp)
  }
}
