/// A table of text cells aligned in columns. On a terminal the widest flexible column is cut with `…`
/// to fit the width; on a pipe nothing is cut.
struct Table {
  struct Column {
    let title: String
    var alignRight = false
    /// May be shortened to fit the terminal.
    var flexible = false
  }

  let columns: [Column]
  /// Every row's cells made safe to print, row after row, one a column: no array a row (a list of
  /// thousands would allocate and free thousands).
  private var cells: [String] = []
  /// How many terminal columns each cell takes, measured once as it is added.
  private var cellWidths: [Int] = []

  init(_ columns: [Column]) {
    self.columns = columns
  }

  /// Makes room for `count` more rows.
  mutating func reserve(_ count: Int) {
    cells.reserveCapacity(cells.count + count * columns.count)
    cellWidths.reserveCapacity(cellWidths.count + count * columns.count)
  }

  /// Adds a row, one cell a column.
  mutating func add(_ cells: [String]) {
    for cell in cells { add(cell: cell) }
  }

  /// Adds the next cell: rows are filled left to right, one cell a column.
  mutating func add(cell: String) {
    let safe = terminalSafe(cell)
    cells.append(safe)
    cellWidths.append(displayWidth(safe))
  }

  /// The lines of the table, header first. `maxWidth` nil means no limit.
  func render(maxWidth: Int?, style: Style) -> [String] {
    let count = columns.count
    precondition(cells.count % count == 0, "a table row has one cell a column")
    let titleWidths = columns.map { displayWidth($0.title) }
    var widths = titleWidths
    for index in cellWidths.indices {
      widths[index % count] = max(widths[index % count], cellWidths[index])
    }
    if let maxWidth {
      let total = widths.reduce(0, +) + 2 * (count - 1)
      if total > maxWidth, let flexible = columns.indices.first(where: { columns[$0].flexible }) {
        widths[flexible] = max(6, widths[flexible] - (total - maxWidth))
      }
    }
    let lastIndex = count - 1
    let lineCapacity = widths.reduce(2 * lastIndex, +)
    // Each line is built as bytes in one buffer (appending to a String checks each boundary),
    // cells, padding and separators in place, and made a string once.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lineCapacity + 16)
    func line(_ cell: (Int) -> (text: String, width: Int)) -> String {
      bytes.removeAll(keepingCapacity: true)
      for index in columns.indices {
        if index > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
        var (text, width) = cell(index)
        if maxWidth != nil, width > widths[index] {
          text = truncated(text, toWidth: widths[index])
          width = displayWidth(text)
        }
        let padding = max(0, widths[index] - width)
        if columns[index].alignRight {
          bytes.append(contentsOf: repeatElement(0x20, count: padding))
          bytes.append(contentsOf: text.utf8)
        } else {
          bytes.append(contentsOf: text.utf8)
          if index < lastIndex { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    var lines = [style.bold(line { (columns[$0].title, titleWidths[$0]) })]
    lines.reserveCapacity(cells.count / count + 1)
    for start in stride(from: 0, to: cells.count, by: count) {
      lines.append(line { (cells[start + $0], cellWidths[start + $0]) })
    }
    return lines
  }
}
