import BountyCore

/// Text helpers every renderer shares: escaping, display width, padding.
enum ReportText {
  /// Columns a string takes in a monospaced font (wide East Asian characters and emoji take two).
  static func width(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    return text.reduce(0) { total, character in
      guard let scalar = character.unicodeScalars.first else { return total }
      if scalar.value < 0x20 { return total }
      if scalar.properties.isEmojiPresentation { return total + 2 }
      switch scalar.value {
      case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
        return total + 2
      default:
        return total + 1
      }
    }
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - self.width(text)))
    return right ? padding + text : text + padding
  }

  /// Control and bidi characters shown as visible escapes (`SafeText.escaped`), so a name cannot
  /// drive a terminal, break a line or reorder the text around it.
  static func plain(_ text: String) -> String {
    SafeText.escaped(text)
  }

  /// Escapes `& < > " '` for HTML text and attribute values.
  static func html(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in plain(text) {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// User text inside HTML: escaped, and isolated (`<bdi>`) so right-to-left text cannot reorder
  /// the page around it.
  static func htmlIsolated(_ text: String) -> String {
    "<bdi>" + html(text) + "</bdi>"
  }

  /// A Markdown table cell: pipes, backslashes and markup characters escaped, newlines as spaces.
  static func markdown(_ text: String) -> String {
    var result = ""
    for character in plain(text) {
      if "\\|*_`[]<>#".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// An RFC 4180 CSV field, guarded as every CSV for people is (`CSVWriter.guarded`: a cell a
  /// spreadsheet would run as a formula gets a leading apostrophe); never for data export.
  static func csv(_ text: String) -> String {
    // A report is read by people: control and bidi characters become visible escapes.
    return CSVWriter.field(CSVWriter.guarded(SafeText.escaped(text, keepNewlines: true)))
  }

  /// The header lines every text-like report starts with, label and raw value (each renderer
  /// escapes for its format); hunter and agency only when set.
  static func headerFacts(_ header: ReportHeader) -> [(label: String, value: String)] {
    var facts: [(String, String)] = []
    if !header.hunter.isEmpty { facts.append(("Hunter", header.hunter)) }
    if !header.agency.isEmpty { facts.append(("Agency", header.agency)) }
    facts.append(("Period", period(header)))
    facts.append(
      (
        "Commission",
        "\(percent(header.rate)) of each bounty, rounded \(header.rounding.rawValue) per line"
      ))
    facts.append(("Currency", header.currency.code))
    facts.append(("Generated", header.generatedAt.iso8601))
    return facts
  }

  /// `10%`, `12.5%`.
  static func percent(_ rate: ExactDecimal) -> String { "\(rate)%" }

  /// The period in words: `2026-01-01 to 2026-11-30`, `all time`, `from 2026-01-01`.
  static func period(_ header: ReportHeader) -> String {
    switch (header.from, header.to) {
    case (nil, nil): return "all captures"
    case (let from?, nil): return "captures from \(from.iso8601)"
    case (nil, let to?): return "captures up to \(to.iso8601)"
    case (let from?, let to?): return "captures from \(from.iso8601) to \(to.iso8601)"
    }
  }
}
