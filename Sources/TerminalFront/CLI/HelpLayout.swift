/// Help text laid out for a width, as git and gh lay theirs out: paragraphs broken between words,
/// two-column rows whose meaning wraps under its own column, and usage lines broken between their
/// options (never inside `[--id N]`). No line is wider than `width` unless one word is.
struct HelpLayout {
  /// The columns to fit: the terminal's, or 80 when the output is not a terminal.
  let width: Int
  private(set) var lines: [String] = []

  /// The narrowest layout help keeps to, however narrow the terminal says it is.
  static let minimumWidth = 40

  init(width: Int) {
    self.width = max(width, Self.minimumWidth)
  }

  /// The whole text, one line after another.
  var text: String { lines.joined(separator: "\n") }

  mutating func blank() {
    lines.append("")
  }

  /// A line that fits as it is (a heading), or is wrapped like a paragraph at its own indent.
  mutating func line(_ text: String) {
    let indent = text.prefix { $0 == " " }.count
    paragraph(String(text.dropFirst(indent)), indent: indent)
  }

  /// `text` broken between words, every line indented by `indent` spaces.
  mutating func paragraph(_ text: String, indent: Int = 0) {
    let margin = String(repeating: " ", count: indent)
    lines += wrappedLines(text, toWidth: width - indent).map { margin + $0 }
  }

  /// Terms and their meanings in two columns, the meaning wrapping under its column. A term
  /// wider than the column (at most `maxTerm` columns, and a third of the width) stands on a line
  /// of its own with its meaning below it, as a man page's tagged paragraph does.
  mutating func rows(_ rows: [(String, String)], indent: Int = 2, maxTerm: Int = 24) {
    let widest = rows.map { displayWidth($0.0) }.max() ?? 0
    let termWidth = min(widest, maxTerm, width / 3)
    let column = indent + termWidth + 2
    let margin = String(repeating: " ", count: indent)
    let hanging = String(repeating: " ", count: column)
    for (term, meaning) in rows {
      let wrapped = meaning.isEmpty ? [] : wrappedLines(meaning, toWidth: width - column)
      if displayWidth(term) > termWidth {
        paragraph(term, indent: indent)
        lines += wrapped.map { hanging + $0 }
        continue
      }
      guard let first = wrapped.first else {
        lines.append(margin + term)
        continue
      }
      lines.append(margin + padded(term, toWidth: termWidth) + "  " + first)
      lines += wrapped.dropFirst().map { hanging + $0 }
    }
  }

  /// `Usage: bounty fugitives add --name TEXT …` broken between its parts, later lines lined up
  /// under the first option.
  mutating func usage(_ usage: String, prefix: String = "Usage: ") {
    let parts = Self.usageParts(usage)
    let lead = parts.prefix { !$0.hasPrefix("-") && !$0.hasPrefix("[") && $0 == $0.lowercased() }
    let head = prefix + lead.joined(separator: " ")
    let rest = Array(parts.dropFirst(lead.count))
    guard !rest.isEmpty else { return lines.append(head) }
    var column = displayWidth(head) + 1
    if column > width / 2 { column = displayWidth(prefix) + 2 }
    var line = head
    for part in rest {
      if displayWidth(line) + 1 + displayWidth(part) <= width {
        line += " " + part
      } else {
        lines.append(line)
        line = String(repeating: " ", count: column) + part
      }
    }
    lines.append(line)
  }

  /// The words of a usage line, a bracketed option with its value kept as one part.
  static func usageParts(_ usage: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in usage {
      if character == "[" { depth += 1 }
      if character == "]" { depth -= 1 }
      if character == " ", depth == 0 {
        if !current.isEmpty { parts.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { parts.append(current) }
    return parts
  }
}
