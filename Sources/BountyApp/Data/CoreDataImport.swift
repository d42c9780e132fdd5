import BountyCore
internal import BountyStore

/// `bounty import STORE.sqlite`: the original app's Core Data store, each `ZFUGITIVE` row turned
/// into the fugitive object a JSON import carries and checked by the same code (`RosterEntry`), so
/// that a store and a file are imported alike: all or nothing, one undo step. The column mapping
/// is docs/contract.md's ("An iBountyHunter store").
extension Importer {
  /// Imports every fugitive of the Core Data store at `path` (any model version, 1–5), in the
  /// order Core Data created them. A bad row is reported as `Z_PK 3 (ID# 7)`.
  func importCoreData(_ path: String) throws {
    let source = try CoreDataStore(path: path)
    let rows = try source.count()
    // About what the same rows take as CSV: decides, as for a file, whether the indexes are
    // rebuilt once at the end.
    try prepareBulkLoad(inputBytes: rows * 128)
    var done: Int64 = 0
    try source.forEachFugitive { primaryKey, values in
      done += 1
      var id: Int64?
      if case .integer(let stored)? = values["ZFUGITIVEID"] { id = stored }
      let location = Importer.Location.storeRow(primaryKey, id: id)
      let object: JSON
      do throws(BountyError) {
        object = try CoreDataRow.object(values)
      } catch {
        record(error, at: location)
        return
      }
      try add(object, at: location)
      progress(done, of: rows)
    }
  }
}

/// One `ZFUGITIVE` row as the fugitive object of a JSON import.
enum CoreDataRow {
  typealias Value = CoreDataStore.Value

  /// The object for a row's stored `values` (NULL columns absent): ID#, name and description as
  /// stored (spaces kept), the bounty as the decimal it was stored as, captured with the capture
  /// time from Core Data's 2001 reference date, the photo's bytes as they are, and the capture and
  /// last-seen positions with the last-seen description. Throws, naming the field, for a value of
  /// a type the column cannot hold and for a photo that is not PNG or JPEG by its bytes.
  static func object(_ values: [String: Value]) throws(BountyError) -> JSON {
    var object = JSONObject()
    switch values["ZFUGITIVEID"] {
    case nil: break  // no ID#: the next free one, as for an import row without one
    case .integer(let id)?: object["id"] = .int(id)
    case let other?: throw invalid("id", "ZFUGITIVEID", other, "is not a whole number")
    }
    if let name = values["ZNAME"] { object["name"] = .string(try text(name, "name", "ZNAME")) }
    if let description = values["ZDESC"] {
      object["description"] = .string(try text(description, "description", "ZDESC"))
    }
    if let bounty = values["ZBOUNTY"] {
      guard let decimal = CoreDataStore.decimalText(bounty) else {
        throw invalid("bounty", "ZBOUNTY", bounty, "is not a decimal number")
      }
      object["bounty"] = .string(decimal)
    }
    switch values["ZCAPTURED"] {
    case nil, .integer(0)?: break
    case .integer(1)?:
      object["captured"] = .bool(true)
      if let date = values["ZCAPTDATE"] { object["capturedAt"] = .string(try time(date)) }
      if let point = try position(values, lat: "ZCAPTUREDLAT", lon: "ZCAPTUREDLON") {
        object["captureLocation"] = .object(point)
      }
    case let other?: throw invalid("captured", "ZCAPTURED", other, "is not 0 or 1")
    }
    switch values["ZIMAGE"] {
    case nil, .blob([])?: break
    case .blob(let bytes)?:
      guard let type = ImageSignature.mediaType(of: bytes) else {
        throw invalid("photo", "ZIMAGE", .blob(bytes), "is not a PNG or JPEG image")
      }
      object["photo"] = .object(["mediaType": .string(type), "data": .string(Base64.encode(bytes))])
    case let other?: throw invalid("photo", "ZIMAGE", other, "is not binary data")
    }
    var seen = try position(values, lat: "ZLASTSEENLAT", lon: "ZLASTSEENLON") ?? JSONObject()
    if let words = values["ZLASTSEENDESC"] {
      seen["description"] = .string(try text(words, "lastSeen.description", "ZLASTSEENDESC"))
    }
    if seen.count > 0 { object["lastSeen"] = .object(seen) }
    return .object(object)
  }

  /// `{"lat", "lon"}` with the coordinates the row has (either may be missing), or nil for none.
  private static func position(_ values: [String: Value], lat: String, lon: String)
    throws(BountyError) -> JSONObject?
  {
    var point = JSONObject()
    for (key, column) in [("lat", lat), ("lon", lon)] {
      switch values[column] {
      case nil: continue
      case .real(let degrees)? where degrees.isFinite: point[key] = .coordinate(degrees)
      case .integer(let degrees)?: point[key] = .int(degrees)
      case let other?: throw invalid(key, column, other, "is not a number of degrees")
      }
    }
    return point.count > 0 ? point : nil
  }

  /// A Core Data date (seconds since 2001-01-01T00:00:00Z) as ISO 8601 UTC, to the second.
  private static func time(_ value: Value) throws(BountyError) -> String {
    let seconds: Int64
    switch value {
    case .integer(let whole) where abs(whole) < 1 << 40: seconds = whole
    // Beyond ±2^40 s (35,000 years) is no date; within, the whole seconds fit an Int64.
    case .real(let real) where real.isFinite && abs(real) < 0x1p40:
      seconds = Int64(real.rounded(.down))
    default: throw invalid("capturedAt", "ZCAPTDATE", value, "is not a date")
    }
    return Timestamp(secondsSinceEpoch: CoreDataStore.referenceDate + seconds).iso8601
  }

  private static func text(_ value: Value, _ field: String, _ column: String)
    throws(BountyError) -> String
  {
    guard case .text(let text) = value else {
      throw invalid(field, column, value, "is not text")
    }
    return text
  }

  private static func invalid(_ field: String, _ column: String, _ value: Value, _ reason: String)
    -> BountyError
  {
    let shown: String
    switch value {
    case .integer(let number): shown = String(number)
    case .real(let number): shown = String(number)
    case .text(let text): shown = SafeText.quoted(text)
    case .blob(let bytes): shown = "a blob of \(bytes.count) bytes"
    }
    return .invalid(field: field, reason: "\(column) \(shown) \(reason)")
  }
}
