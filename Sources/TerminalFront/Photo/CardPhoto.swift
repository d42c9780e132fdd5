import BountyApp
import BountyCore
import Glibc

/// Where a card's photo may be drawn: standard output is a terminal and `--no-photo` was not
/// given. Holds what libchafa needs to know about that terminal.
public struct PhotoTerminal: Sendable {
  /// The variables chafa's terminal database reads (`TERM`, `COLORTERM`, `KITTY_WINDOW_ID`, …).
  let environment: [String: String]
  /// A cell's size in pixels, as the terminal reports it (10×20 when it does not), so sixels
  /// and kitty pictures cover the cells the symbols would.
  let cellWidth: Int
  let cellHeight: Int

  /// The terminal on standard output, or nil: a pipe or file, or `--no-photo`.
  public static func detect(isTTY: Bool, noPhoto: Bool, environment: [String: String])
    -> PhotoTerminal?
  {
    guard isTTY, !noPhoto else { return nil }
    var size = winsize()
    var cell = (width: 10, height: 20)
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
      size.ws_xpixel > 0, size.ws_ypixel > 0
    {
      cell = (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }
    return PhotoTerminal(environment: environment, cellWidth: cell.width, cellHeight: cell.height)
  }
}

/// The photo of a fugitive's card, read through the dispatcher (the command that plays
/// `.readPhoto`) and decoded; nil when the fugitive has none.
enum CardPhoto {
  static func read(_ fugitive: Fugitive, _ dispatcher: Dispatcher) throws(BountyError)
    -> DecodedPhoto?
  {
    guard fugitive.hasPhoto, let spec = dispatcher.registry.spec(for: .readPhoto) else {
      return nil
    }
    let answer = dispatcher.answer(
      spec, try spec.arguments(fromJSON: ["id": .int(fugitive.id)]))
    guard case .success(let read) = answer, let stored = read as? FugitivePhoto else { return nil }
    return try DecodedPhoto(stored.photo.bytes)
  }

  /// The photo as `fugitives show` prints it above the card: at most 40 columns (and the
  /// terminal's width) by 20 rows, in the terminal's own picture mode; nil when there is none.
  static func printed(
    _ fugitive: Fugitive, _ dispatcher: Dispatcher, on photos: PhotoTerminal, width: Int?,
    colour: Bool
  ) throws(BountyError) -> String? {
    guard let photo = try read(fugitive, dispatcher) else { return nil }
    let mode = try TerminalPicture.mode(environment: photos.environment)
    return try TerminalPicture.printed(
      photo, columns: min(TerminalPicture.maxColumns, max(1, (width ?? 80) - 2)),
      rows: TerminalPicture.maxRows, mode: mode,
      colours: TerminalPicture.colours(environment: photos.environment, colour: colour),
      cellPixels: (photos.cellWidth, photos.cellHeight), environment: photos.environment)
  }
}
