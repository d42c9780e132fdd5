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
    func line(_ cells: [String]) -> String {
      columns.indices.map { index in
        let cell = maxWidth == nil ? cells[index] : truncated(cells[index], toWidth: widths[index])
        let isLast = index == columns.count - 1
        return isLast && !columns[index].alignRight
          ? cell : padded(cell, toWidth: widths[index], alignRight: columns[index].alignRight)
      }.joined(separator: "  ")
    }
    return [style.bold(line(columns.map(\.title)))] + rows.map(line)
  }
}
