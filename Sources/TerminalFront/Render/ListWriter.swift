import BountyCore

/// Prints the items of a list result for programs (`--format csv|tsv|json|ndjson`), one line per
/// item as it goes. Values are the JSON values a program gets over JSON-RPC: money as plain digits
/// (`12500.00`), times in UTC, nested values as JSON text.
struct ListWriter {
  let format: ListFormat
  /// The columns (CSV, TSV) or members (JSON, NDJSON) to print.
  let fields: [String]

  /// Writes `items` through `emit`, a line at a time.
  func write(_ items: [JSON], _ emit: (String) -> Void) {
    switch format {
    case .table:
      return
    case .csv:
      emit(fields.map(CSVWriter.field).joined(separator: ","))
      for item in items {
        emit(fields.map { CSVWriter.field(Self.text(item[$0])) }.joined(separator: ","))
      }
    case .tsv:
      for item in items {
        emit(fields.map { Self.tsvField(Self.text(item[$0])) }.joined(separator: "\t"))
      }
    case .ndjson:
      for item in items { emit(picked(item).serialized) }
    case .json:
      emit(items.isEmpty ? "[]" : "[")
      for (index, item) in items.enumerated() {
        emit(picked(item).serialized + (index == items.count - 1 ? "\n]" : ","))
      }
    }
  }

  private func picked(_ item: JSON) -> JSON {
    var object = JSONObject()
    for field in fields { object[field] = item[field] ?? .null }
    return .object(object)
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
