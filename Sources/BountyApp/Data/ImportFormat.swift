import BountyCore

/// The formats of `bounty import` and `bounty export`.
enum DataFormat: String, CaseIterable {
  case csv, json

  /// The format a file name implies, if any.
  static func guess(from path: String) -> DataFormat? {
    let lower = path.lowercased()
    if lower.hasSuffix(".csv") { return .csv }
    if lower.hasSuffix(".json") { return .json }
    return nil
  }

  /// The CSV columns, in export order; imports accept any subset that has `name` and `bounty`.
  static let csvColumns =
    [
      "id", "name", "bounty", "description", "captured", "capturedAt", "lat", "lon", "lastSeenLat",
      "lastSeenLon", "lastSeenDescription", "lastSeenAt", "createdAt", "updatedAt", "notes",
    ] + CaseFileCSV.columns

  /// One CSV record as the fugitive object a JSON import would carry, so both formats are checked
  /// by the same code (`RosterEntry`).
  static func object(fromCSV fields: [String], header: [String]) throws(BountyError) -> JSON {
    var object = JSONObject()
    var lastSeen = JSONObject()
    var capture = JSONObject()
    for (column, value) in zip(header, fields) {
      let trimmed = value.trimmingASCIIWhitespace()
      switch column {
      case "id":
        guard !trimmed.isEmpty else { continue }
        object["id"] =
          trimmed.allSatisfy(\.isASCII) && Int64(trimmed) != nil ? .number(trimmed) : .string(value)
      case "name", "description", "bounty":
        object[column] = .string(value)
      case "captured":
        switch trimmed.lowercased() {
        case "true", "yes", "1", "y": object["captured"] = .bool(true)
        case "false", "no", "0", "n", "": object["captured"] = .bool(false)
        default:
          throw BountyError.invalid(field: "captured", reason: "'\(value)' is not true or false")
        }
      case "capturedAt", "createdAt", "updatedAt":
        if !trimmed.isEmpty { object[column] = .string(trimmed) }
      case "lat", "lon":
        if !trimmed.isEmpty { capture[column] = try number(trimmed, field: column) }
      case "lastSeenLat", "lastSeenLon":
        if !trimmed.isEmpty {
          lastSeen[column == "lastSeenLat" ? "lat" : "lon"] = try number(trimmed, field: column)
        }
      case "lastSeenDescription":
        if !value.isEmpty { lastSeen["description"] = .string(value) }
      case "lastSeenAt":
        if !trimmed.isEmpty { lastSeen["at"] = .string(trimmed) }
      case "notes":
        guard !trimmed.isEmpty else { continue }
        guard let notes = try? JSONParser.parse(trimmed), case .array = notes else {
          throw BountyError.invalid(
            field: "notes", reason: "must be a JSON array of {\"text\", \"createdAt\"}")
        }
        object["notes"] = notes
      default:
        _ = try CaseFileCSV.read(column, value, into: &object)
      }
    }
    if capture.count > 0 { object["captureLocation"] = .object(capture) }
    if lastSeen.count > 0 { object["lastSeen"] = .object(lastSeen) }
    return .object(object)
  }

  private static func number(_ text: String, field: String) throws(BountyError) -> JSON {
    guard let value = Double(text), value.isFinite else {
      throw BountyError.invalid(field: field, reason: "'\(text)' is not a number of degrees")
    }
    return .number(text)
  }
}
