import BountyCore
import Glibc

/// A fugitive's photo drawn for a terminal by libchafa: as sixels or with the kitty graphics
/// protocol where chafa's terminal database says the terminal has them (it reads `TERM` and the
/// variables terminals set, as the `chafa` command does), as Unicode block and border symbols in
/// colour otherwise. Never drawn on a pipe or with `--no-photo`.
enum TerminalPicture {
  /// How the terminal draws pictures.
  enum Mode: String, Equatable {
    case sixels, kitty, symbols
  }

  /// One cell of the symbols mode: a one-column character in colours (colour numbers of the
  /// terminal's palette; -1 is the terminal's own foreground or background).
  struct Cell: Equatable {
    let character: Character
    let foreground: Int32
    let background: Int32
  }

  /// The largest picture, in cells: a card's photo beside its facts.
  static let maxColumns = 40
  static let maxRows = 20

  /// What the terminal described by `environment` draws pictures with.
  static func mode(environment: [String: String]) throws(BountyError) -> Mode {
    let chafa = try LibChafa.shared.get()
    let info = termInfo(chafa, environment)
    defer { chafa.termInfoUnref(info) }
    if chafa.termInfoHaveSeq(info, LibChafa.beginKittyImage) != 0 { return .kitty }
    if chafa.termInfoHaveSeq(info, LibChafa.beginSixels) != 0 { return .sixels }
    return .symbols
  }

  /// The colours symbols are printed in: 24-bit where `COLORTERM` says so, the 256-colour
  /// palette where `TERM` names it, 16 colours otherwise, none without colour.
  static func colours(environment: [String: String], colour: Bool) -> LibChafa.CanvasMode {
    guard colour else { return .foregroundBackground }
    if ["truecolor", "24bit"].contains(environment["COLORTERM"] ?? "") { return .truecolor }
    if (environment["TERM"] ?? "").contains("256") { return .indexed240 }
    return .indexed16
  }

  /// The picture of `photo` as text to print: escapes and symbols, at most `columns` by `rows`
  /// cells, each `cellPixels` large (for sixels and kitty).
  static func printed(
    _ photo: DecodedPhoto, columns: Int, rows: Int, mode: Mode, colours: LibChafa.CanvasMode,
    cellPixels: (width: Int, height: Int), environment: [String: String]
  ) throws(BountyError) -> String {
    let chafa = try LibChafa.shared.get()
    let info = termInfo(chafa, environment)
    defer { chafa.termInfoUnref(info) }
    let pixelMode: LibChafa.PixelMode =
      switch mode {
      case .sixels: .sixels
      case .kitty: .kitty
      case .symbols: .symbols
      }
    return try withCanvas(
      chafa, photo, columns: columns, rows: rows,
      canvasMode: mode == .symbols ? colours : .truecolor,
      pixelMode: pixelMode, cellPixels: cellPixels
    ) { canvas, _, _ in
      chafa.canvasPrint(canvas, info).map { chafa.take($0) } ?? ""
    }
  }

  /// The picture of `photo` as symbol cells, at most `columns` by `rows`, in `colours` (the
  /// indexed modes give palette numbers a curses colour pair can use).
  static func cells(
    _ photo: DecodedPhoto, columns: Int, rows: Int, colours: LibChafa.CanvasMode
  ) throws(BountyError) -> [[Cell]] {
    let chafa = try LibChafa.shared.get()
    return try withCanvas(
      chafa, photo, columns: columns, rows: rows, canvasMode: colours, pixelMode: .symbols,
      cellPixels: (8, 16)
    ) { canvas, width, height in
      (0..<height).map { y in
        (0..<width).map { x in
          var foreground: Int32 = -1
          var background: Int32 = -1
          chafa.canvasGetRawColorsAt(canvas, Int32(x), Int32(y), &foreground, &background)
          let scalar = Unicode.Scalar(chafa.canvasGetCharAt(canvas, Int32(x), Int32(y))) ?? " "
          // 256 and up are chafa's transparent, foreground and background: the terminal's own.
          let usable = { (colour: Int32) in
            colours == .foregroundBackground || colour < 0 || colour > 255 ? -1 : colour
          }
          return Cell(
            character: Character(scalar), foreground: usable(foreground),
            background: usable(background))
        }
      }
    }
  }

  /// The size in cells `photo` takes within `columns` by `rows`, keeping its proportions
  /// (a cell is twice as tall as wide).
  static func size(_ photo: DecodedPhoto, columns: Int, rows: Int) throws(BountyError) -> (
    columns: Int, rows: Int
  ) {
    let chafa = try LibChafa.shared.get()
    var width = Int32(max(1, columns))
    var height = Int32(max(1, rows))
    chafa.calcCanvasGeometry(Int32(photo.width), Int32(photo.height), &width, &height, 0.5, 1, 0)
    return (Int(max(1, width)), Int(max(1, height)))
  }

  private static func withCanvas<T>(
    _ chafa: LibChafa, _ photo: DecodedPhoto, columns: Int, rows: Int,
    canvasMode: LibChafa.CanvasMode, pixelMode: LibChafa.PixelMode,
    cellPixels: (width: Int, height: Int), _ body: (OpaquePointer?, Int, Int) -> T
  ) throws(BountyError) -> T {
    let (width, height) = try size(photo, columns: columns, rows: rows)
    let symbols = chafa.symbolMapNew()
    defer { chafa.symbolMapUnref(symbols) }
    chafa.symbolMapAddByTags(symbols, LibChafa.symbolTags)
    chafa.symbolMapRemoveByTags(symbols, LibChafa.leftOutTags)
    let config = chafa.canvasConfigNew()
    defer { chafa.canvasConfigUnref(config) }
    chafa.canvasConfigSetGeometry(config, Int32(width), Int32(height))
    chafa.canvasConfigSetCanvasMode(config, canvasMode.rawValue)
    chafa.canvasConfigSetPixelMode(config, pixelMode.rawValue)
    chafa.canvasConfigSetSymbolMap(config, symbols)
    chafa.canvasConfigSetCellGeometry(
      config, Int32(max(1, cellPixels.width)), Int32(max(1, cellPixels.height)))
    guard let canvas = chafa.canvasNew(config) else {
      throw BountyError.io("libchafa could not make a canvas of \(width)×\(height) cells")
    }
    defer { chafa.canvasUnref(canvas) }
    chafa.canvasDrawAllPixels(
      canvas, LibChafa.rgbaPixels, photo.pixels.baseAddress, Int32(photo.width),
      Int32(photo.height), Int32(photo.width * 4))
    return body(canvas, width, height)
  }

  /// chafa's description of the terminal `environment` names (its own environment array).
  private static func termInfo(_ chafa: LibChafa, _ environment: [String: String]) -> OpaquePointer?
  {
    var strings = environment.map { strdup("\($0.key)=\($0.value)") }
    strings.append(nil)
    defer { for string in strings { free(string) } }
    return strings.withUnsafeMutableBufferPointer {
      chafa.termDbDetect(chafa.termDbGetDefault(), $0.baseAddress)
    }
  }
}
