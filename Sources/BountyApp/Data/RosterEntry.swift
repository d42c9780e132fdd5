import BountyCore
import BountyStore

/// A fugitive read from a roster (the sample roster, or a JSON import), checked and ready to insert.
struct RosterEntry {
  var fields: FugitiveFields
  var notes: [(text: String, createdAt: Timestamp?)]
  var createdAt: Timestamp?
  var updatedAt: Timestamp?
  var photo: Photo?
  var caseFile: RosterCaseFile

  /// Reads one fugitive object shaped as the API returns it; errors name the field.
  init(_ json: JSON, currency: Currency, today: CalendarDate? = nil) throws(BountyError) {
    func invalid(_ field: String, _ reason: String) -> BountyError {
      .invalid(field: field, reason: reason)
    }
    guard let object = json.objectValue else { throw invalid("fugitive", "expected an object") }
    guard case .number(let idText)? = object["id"], let id = Int64(idText),
      Limits.fugitiveIDs.contains(id)
    else { throw invalid("id", "must be a whole number from 1 to 2147483647") }
    guard (object["description"]?.stringValue?.count ?? 0) <= Limits.descriptionLength else {
      throw invalid("description", "is longer than \(Limits.descriptionLength) characters")
    }
    guard let name = object["name"]?.stringValue, !name.trimmingASCIIWhitespace().isEmpty,
      name.count <= Limits.nameLength
    else { throw invalid("name", "must be text of 1 to \(Limits.nameLength) characters") }
    let bountyText: String
    switch object["bounty"] {
    case .string(let text)?, .number(let text)?: bountyText = text
    default: throw invalid("bounty", "is required")
    }
    let bounty: Money
    switch Money.parse(bountyText, currency: currency) {
    case .success(let money): bounty = money
    case .failure(let error): throw invalid("bounty", error.reason)
    }
    let captured = object["captured"] == .bool(true)
    let capturedAt = try Self.timestamp(object["capturedAt"]) { invalid("capturedAt", $0) }
    fields = FugitiveFields(
      id: id, name: name, bountyMinor: bounty.minorUnits,
      description: object["description"]?.stringValue ?? "", captured: captured,
      capturedAt: captured ? capturedAt : nil,
      captureLocation: captured
        ? try Self.point(object["captureLocation"]) { invalid("captureLocation", $0) } : nil)
    if let seen = object["lastSeen"]?.objectValue {
      let point = try Self.point(.object(seen)) { invalid("lastSeen", $0) }
      fields.lastSeen = LastSeen(
        lat: point?.lat, lon: point?.lon, description: seen["description"]?.stringValue,
        at: try Self.timestamp(seen["at"]) { invalid("lastSeen.at", $0) })
    }
    notes = []
    for (index, note) in (object["notes"]?.arrayValue ?? []).enumerated() {
      guard let text = note["text"]?.stringValue, !text.isEmpty else {
        throw invalid("notes[\(index)].text", "must be text")
      }
      notes.append(
        (text, try Self.timestamp(note["createdAt"]) { invalid("notes[\(index)].createdAt", $0) }))
    }
    createdAt = try Self.timestamp(object["createdAt"]) { invalid("createdAt", $0) }
    updatedAt = try Self.timestamp(object["updatedAt"]) { invalid("updatedAt", $0) }
    if let photo = object["photo"]?.objectValue {
      guard let type = photo["mediaType"]?.stringValue,
        ["image/png", "image/jpeg", "application/octet-stream"].contains(type),
        let bytes = photo["data"]?.stringValue.flatMap(Base64.decode),
        bytes.count <= Limits.photoBytes
      else {
        throw invalid(
          "photo", "needs a mediaType (image/png or image/jpeg) and base64 data of at most 10 MiB")
      }
      self.photo = Photo(mediaType: type, bytes: bytes)
    }
    caseFile = try RosterCaseFile(object, currency: currency, today: today)
  }

  private static func timestamp(
    _ json: JSON?, _ failure: (String) -> BountyError
  ) throws(BountyError) -> Timestamp? {
    guard let json, json != .null else { return nil }
    guard let text = json.stringValue, let value = Timestamp(parsing: text) else {
      throw failure("must be an ISO 8601 time")
    }
    return value
  }

  private static func point(
    _ json: JSON?, _ failure: (String) -> BountyError
  ) throws(BountyError) -> GeoPoint? {
    guard let object = json?.objectValue else { return nil }
    switch (object["lat"], object["lon"]) {
    case (.number(let lat)?, .number(let lon)?):
      guard let lat = Double(lat), let lon = Double(lon), abs(lat) <= 90, abs(lon) <= 180 else {
        throw failure("lat must be -90…90 and lon -180…180")
      }
      return GeoPoint(lat: lat, lon: lon)
    case (nil, nil), (.null?, .null?), (nil, .null?), (.null?, nil): return nil
    default: throw failure("needs both lat and lon as numbers")
    }
  }

  /// Inserts the fugitive with its notes, photo and captured state at the end of the manual order.
  func insert(into store: Store, position: Int64? = nil) throws {
    try store.insertFugitive(fields, createdAt: createdAt, updatedAt: updatedAt, position: position)
    try addDetails(in: store)
  }

  /// Rewrites an existing fugitive with this entry: fields, notes and photo replaced; its place in
  /// the manual order kept.
  func replace(in store: Store) throws {
    try store.updateFugitive(previousID: fields.id, fields)
    try store.database.run("DELETE FROM note WHERE fugitive_id = ?", .integer(fields.id))
    try store.deletePhoto(fugitiveID: fields.id)
    try RosterCaseFile.clear(in: store, id: fields.id)
    try addDetails(in: store)
  }

  private func addDetails(in store: Store) throws {
    for note in notes {
      try store.insertNote(fugitiveID: fields.id, text: note.text, createdAt: note.createdAt)
    }
    if let photo { try store.storePhoto(fugitiveID: fields.id, photo) }
    try caseFile.write(into: store, id: fields.id)
  }
}
