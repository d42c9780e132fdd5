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
  var rows: [[String]] = []

  init(_ columns: [Column]) {
    self.columns = columns
  }

  /// Makes room for `count` more rows.
  mutating func reserve(_ count: Int) {
    rows.reserveCapacity(rows.count + count)
  }

  mutating func add(_ cells: [String]) {
    rows.append(cells.map { terminalSafe($0) })
  }

  /// The lines of the table, header first. `maxWidth` nil means no limit.
  func render(maxWidth: Int?, style: Style) -> [String] {
    var widths = columns.indices.map { index in
      rows.reduce(displayWidth(columns[index].title)) { max($0, displayWidth($1[index])) }
    }
    if let maxWidth {
      let total = widths.reduce(0, +) + 2 * (columns.count - 1)
      if total > maxWidth, let flexible = columns.indices.first(where: { columns[$0].flexible }) {
        widths[flexible] = max(6, widths[flexible] - (total - maxWidth))
      }
    }
    let lastIndex = columns.count - 1
    let lineCapacity = widths.reduce(2 * lastIndex, +)
    // Each line is built as bytes in one buffer (appending to a String checks each boundary),
    // cells, padding and separators in place, and made a string once.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lineCapacity + 16)
    func line(_ cells: [String]) -> String {
      bytes.removeAll(keepingCapacity: true)
      for index in columns.indices {
        if index > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
        let cell = maxWidth == nil ? cells[index] : truncated(cells[index], toWidth: widths[index])
        let padding = max(0, widths[index] - displayWidth(cell))
        if columns[index].alignRight {
          bytes.append(contentsOf: repeatElement(0x20, count: padding))
          bytes.append(contentsOf: cell.utf8)
        } else {
          bytes.append(contentsOf: cell.utf8)
          if index < lastIndex { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    return [style.bold(line(columns.map(\.title)))] + rows.map(line)
  }
}
