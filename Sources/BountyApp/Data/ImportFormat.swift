import BountyCore

/// What `bounty import` reads: a roster (`DataFormat`) or the original app's Core Data store.
enum ImportFormat: String, CaseIterable {
  case csv, json, coredata

  init(_ format: DataFormat) {
    switch format {
    case .csv: self = .csv
    case .json: self = .json
    }
  }
}

/// The formats of `bounty import` and `bounty export`.
enum DataFormat: String, CaseIterable, ImpliedFormat {
  case csv, json

  var fileExtensions: [String] { [rawValue] }

  /// The format the first bytes of an input imply: `[` or `{` (after spaces and a byte order
  /// mark) is JSON, anything else CSV. How `import -` decides when no `--format` is given.
  static func guess(fromFirstBytes bytes: [UInt8]) -> DataFormat {
    let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
    return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .csv
  }

  /// The CSV columns, in export order; imports accept any subset that has `name` and `bounty`.
  static let csvColumns =
    [
      "id", "name", "bounty", "description", "captured", "capturedAt", "lat", "lon", "lastSeenLat",
      "lastSeenLon", "lastSeenDescription", "lastSeenAt", "createdAt", "updatedAt", "notes",
    ] + CaseFileCSV.columns

  /// Columns an export of another version may carry that an import reads past.
  static let ignoredColumns = ["hasPhoto", "position"]

  /// `Captured At`, `captured_at`, `CAPTURED-AT`: a column name as a spreadsheet may write it,
  /// compared without case, spaces, underscores or hyphens.
  private static func folded(_ name: String) -> String {
    String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
  }

  /// The header row read: each column's name as bounty knows it, or nil for a column to skip
  /// (an unknown one, when `ignoreUnknown`). Refuses unknown columns otherwise (naming them all,
  /// each as a short escaped excerpt), a column given twice, and a header without name or bounty.
  static func header(_ fields: [String], ignoreUnknown: Bool) throws(BountyError) -> [String?] {
    var known: [String: String] = [:]
    for column in csvColumns + ignoredColumns { known[folded(column)] = column }
    var columns: [String?] = []
    var unknown: [String] = []
    for field in fields {
      let name = field.trimmingASCIIWhitespace()
      guard let column = known[folded(name)] else {
        unknown.append("'\(SafeText.excerpt(name))'")
        columns.append(nil)
        continue
      }
      if columns.contains(column) {
        throw BountyError.invalid(field: "header", reason: "the column '\(column)' appears twice")
      }
      columns.append(ignoredColumns.contains(column) ? nil : column)
    }
    if !unknown.isEmpty && !ignoreUnknown {
      let shown = unknown.prefix(5).joined(separator: ", ") + (unknown.count > 5 ? ", …" : "")
      throw BountyError.invalid(
        field: "header",
        reason:
          "unknown \(unknown.count == 1 ? "column" : "columns") \(shown) "
          + "(known: \(csvColumns.joined(separator: ", ")); --ignore-unknown-columns skips them)")
    }
    for required in ["name", "bounty"] where !columns.contains(required) {
      throw BountyError.invalid(
        field: "header", reason: "the header row needs a '\(required)' column")
    }
    return columns
  }

  /// `;` when the first line has more semicolons than commas outside quotes (a spreadsheet in a
  /// locale whose decimal mark is a comma), `,` otherwise.
  static func separator(forFirstBytes bytes: [UInt8]) -> UInt8 {
    var commas = 0
    var semicolons = 0
    var quoted = false
    for byte in bytes {
      if byte == 0x22 { quoted.toggle() }
      if quoted { continue }
      if byte == 0x0A { break }
      if byte == 0x2C { commas += 1 }
      if byte == 0x3B { semicolons += 1 }
    }
    return semicolons > commas ? 0x3B : 0x2C
  }
}
