import BountyCore

/// Prints the items of a list for programs (`--format csv|tsv|ndjson`), a line per item as they
/// come. Values are the JSON values a program gets over JSON-RPC: money as plain digits
/// (`12500.00`), times in UTC, nested values as JSON text. CSV follows RFC 4180 (CRLF line ends)
/// and guards text a spreadsheet would run as a formula (`CSVWriter.guarded`), as every CSV for
/// people does; TSV escapes tab, line end and backslash so a line is an item.
struct ListWriter {
  let format: ListFormat
  /// The columns (CSV, TSV) or members (NDJSON) to print.
  let fields: [String]
  /// TSV: start with a line naming the columns (CSV always does).
  var header = false

  /// What comes before the first item: the header line, if any.
  var opening: String {
    switch format {
    case .csv: return CSVWriter.record(fields)
    case .tsv where header: return fields.map(Self.tsvField).joined(separator: "\t") + "\n"
    default: return ""
    }
  }

  /// One item's line, its line end included: its members read one by one (no tree for the item).
  func line(_ item: any ListItem) -> String {
    switch format {
    case .csv:
      return CSVWriter.record(fields.map { Self.csvField(item.member($0)) })
    case .tsv:
      return fields.map { Self.tsvField(Self.text(item.member($0))) }.joined(separator: "\t")
        + "\n"
    case .ndjson, .json, .table:
      var object = JSONObject()
      for field in fields { object[field] = item.member(field) ?? .null }
      return JSON.object(object).serialized + "\n"
    }
  }

  /// A CSV cell: text guarded against formulas; a number, flag or null as it is (a negative
  /// coordinate stays a number a spreadsheet can sum).
  static func csvField(_ value: JSON?) -> String {
    guard case .string(let text)? = value else { return text(value) }
    return CSVWriter.guarded(text)
  }

  /// A value as one cell: text as it is, numbers by their digits, null as nothing.
  static func text(_ value: JSON?) -> String {
    switch value {
    case .string(let text)?: return text
    case .number(let digits)?: return digits
    case .bool(let flag)?: return flag ? "true" : "false"
    case .null?, nil: return ""
    case let other?: return other.serialized
    }
  }

  /// A TSV cell: a tab, line end or backslash in the text is written `\t`, `\n`, `\r`, `\\`, so a
  /// line is always one item and a tab always separates fields.
  static func tsvField(_ text: String) -> String {
    guard
      text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\\" || $0 == "\r\n" })
    else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\\": escaped += "\\\\"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
