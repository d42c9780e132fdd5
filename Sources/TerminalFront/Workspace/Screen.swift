/// What the workspace draws on and reads keys from: the terminal through ncurses (`Curses`), or a
/// test's screen, so the workspace's keys, refreshes and selection are tested without a terminal.
protocol Screen: AnyObject {
  var rows: Int { get }
  var columns: Int { get }
  /// A look in colour `pair` when colour is on; `fallback` otherwise.
  func styled(_ pair: Curses.Pair, _ extra: Curses.Look, fallback: Curses.Look) -> Curses.Look
  /// Draws `text` (made terminal-safe) at `row`, `column`, cut with `…` to `width` columns and,
  /// when `pad`, filled with spaces to exactly `width`. Returns the columns used.
  func draw(
    _ text: String, row: Int, column: Int, width: Int?, look: Curses.Look, pad: Bool,
    alignRight: Bool
  ) -> Int
  /// Clears `row` from `column` to its end.
  func clear(row: Int, from column: Int)
  /// The colours a picture's cells can have here (`drawPicture`): a palette, or none.
  var pictureColours: LibChafa.CanvasMode { get }
  /// Draws a picture's cells, each character in its colours, from `row`, `column` on.
  func drawPicture(_ cells: [[TerminalPicture.Cell]], row: Int, column: Int)
  func erase()
  func refresh()
  /// Shows the text cursor at `row`, `column` (for typing), or hides it with nil.
  func cursor(at position: (row: Int, column: Int)?)
  /// Waits for the next key (at most `timeout` ms when not -1; nil when it passes).
  func readKey(timeout: Int32) -> Key?
  /// Leaves full-screen mode.
  func stop()
  /// Ctrl-Z: hands the terminal back until continued.
  func suspend()
}

extension Screen {
  /// A screen without colour: pictures in symbols alone.
  var pictureColours: LibChafa.CanvasMode { .foregroundBackground }

  /// A picture's characters, row by row, as text (a test's screen).
  func drawPicture(_ cells: [[TerminalPicture.Cell]], row: Int, column: Int) {
    for (offset, line) in cells.enumerated() {
      put(String(line.map(\.character)), row: row + offset, column: column)
    }
  }

  /// What `draw` puts at `row`, `column`: `ScreenText.fitted` on this screen.
  func fitted(
    _ text: String, row: Int, column: Int, width: Int?, pad: Bool, alignRight: Bool
  ) -> String? {
    ScreenText.fitted(
      text, row: row, column: column, width: width, pad: pad, alignRight: alignRight, rows: rows,
      columns: columns)
  }

  /// `styled` with the usual defaults.
  func look(_ pair: Curses.Pair, _ extra: Curses.Look = .normal, fallback: Curses.Look = .normal)
    -> Curses.Look
  {
    styled(pair, extra, fallback: fallback)
  }

  /// `draw` with the usual defaults.
  @discardableResult
  func put(
    _ text: String, row: Int, column: Int, width: Int? = nil, look: Curses.Look = .normal,
    pad: Bool = false, alignRight: Bool = false
  ) -> Int {
    draw(text, row: row, column: column, width: width, look: look, pad: pad, alignRight: alignRight)
  }

  /// Clears `row` from `column` (the start) to its end.
  func clearLine(_ row: Int, from column: Int = 0) { clear(row: row, from: column) }

  /// Waits for the next key (at most `timeout` ms when given; nil when it passes).
  func key(timeout: Int32 = -1) -> Key? { readKey(timeout: timeout) }
}
