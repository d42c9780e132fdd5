/// One frame of the workspace as a value: each text, where it goes and how it looks. A pure
/// function makes it (`WorkspaceFrame`) and a `Screen` paints it in one pass, so what a frame shows
/// is tested as a value, without a terminal.
struct Frame: Equatable {
  /// How a text looks: a plain look, or a colour pair that falls back to a plain look where colour
  /// is off (the screen knows which).
  enum Paint: Equatable {
    case plain(Curses.Look)
    case pair(Curses.Pair, Curses.Look, fallback: Curses.Look)

    /// This paint with `extra` attributes added.
    static func + (paint: Paint, extra: Curses.Look) -> Paint {
      switch paint {
      case .plain(let look): return .plain(look + extra)
      case .pair(let pair, let look, let fallback):
        return .pair(pair, look + extra, fallback: fallback)
      }
    }
  }

  /// One text of the frame, as `Screen.draw` takes it.
  struct Text: Equatable {
    var text: String
    var row: Int
    var column: Int
    var width: Int?
    var paint: Paint
    var pad: Bool
    var alignRight: Bool
  }

  /// A picture's cells (a card's photo), from `row`, `column` on.
  struct Picture: Equatable {
    var cells: [[TerminalPicture.Cell]]
    var row: Int
    var column: Int
  }

  let rows: Int
  let columns: Int
  private(set) var texts: [Text] = []
  private(set) var pictures: [Picture] = []

  init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }

  /// Adds `text` at `row`, `column` (cut to `width`, padded when `pad`); returns the columns it
  /// takes on the screen, as `Screen.draw` will.
  @discardableResult
  mutating func put(
    _ text: String, row: Int, column: Int, width: Int? = nil, paint: Paint = .plain(.normal),
    pad: Bool = false, alignRight: Bool = false
  ) -> Int {
    texts.append(
      Text(
        text: text, row: row, column: column, width: width, paint: paint, pad: pad,
        alignRight: alignRight))
    let shown = ScreenText.fitted(
      text, row: row, column: column, width: width, pad: pad, alignRight: alignRight, rows: rows,
      columns: columns)
    return shown.map(displayWidth) ?? 0
  }

  /// Adds a picture's `cells` from `row`, `column` on, drawn over the texts.
  mutating func place(_ cells: [[TerminalPicture.Cell]], row: Int, column: Int) {
    pictures.append(Picture(cells: cells, row: row, column: column))
  }

  /// The texts on `row`, left to right, each as written and one space apart (empty ones, such as
  /// a selected row's highlight, left out): for tests and for reading a frame back.
  func line(_ row: Int) -> String {
    texts.filter { $0.row == row && !$0.text.isEmpty }.sorted { $0.column < $1.column }.map(\.text)
      .joined(
        separator: " ")
  }
}

/// How a text fits a screen of `rows` × `columns`: the one rule `Screen.draw` and `Frame` share.
enum ScreenText {
  /// `text` made terminal-safe, cut with `…` to `width` columns (at most to the screen's edge)
  /// and, when `pad`, filled to exactly that; nil when nothing of it is on the screen.
  static func fitted(
    _ text: String, row: Int, column: Int, width: Int?, pad: Bool, alignRight: Bool, rows: Int,
    columns: Int
  ) -> String? {
    guard row >= 0, row < rows, column < columns else { return nil }
    let room = min(width ?? (columns - column), columns - column)
    guard room > 0 else { return nil }
    let shown = truncated(terminalSafe(text), toWidth: room)
    return pad || alignRight ? padded(shown, toWidth: room, alignRight: alignRight) : shown
  }
}

extension Screen {
  /// Paints `frame` over a cleared screen, with the text cursor hidden.
  func paint(_ frame: Frame) {
    erase()
    for text in frame.texts {
      let look: Curses.Look
      switch text.paint {
      case .plain(let plain): look = plain
      case .pair(let pair, let extra, let fallback): look = styled(pair, extra, fallback: fallback)
      }
      _ = draw(
        text.text, row: text.row, column: text.column, width: text.width, look: look,
        pad: text.pad, alignRight: text.alignRight)
    }
    for picture in frame.pictures {
      drawPicture(picture.cells, row: picture.row, column: picture.column)
    }
    cursor(at: nil)
    refresh()
  }
}
