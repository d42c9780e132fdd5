import BountyCore
internal import BountyStore

/// A CSV roster's records read straight into the checks of `RosterEntry`, cell by cell, with no
/// JSON object in between (that detour cost about a tenth of an import's instructions).
extension RosterEntry {
  /// A column of a CSV roster, as `DataFormat.header` names it, read once per file so that each
  /// record is read by position.
  enum CSVColumn: Equatable {
    case id, name, bounty, description, captured, capturedAt, lat, lon, lastSeenLat, lastSeenLon
    case lastSeenDescription, lastSeenAt, createdAt, updatedAt, notes
    /// One of `CaseFileCSV.columns`.
    case caseFile(String)

    /// The columns of a header (nil: a column to skip).
    static func of(_ header: [String?]) -> [CSVColumn?] {
      let plain: [String: CSVColumn] = [
        "id": .id, "name": .name, "bounty": .bounty, "description": .description,
        "captured": .captured, "capturedAt": .capturedAt, "lat": .lat, "lon": .lon,
        "lastSeenLat": .lastSeenLat, "lastSeenLon": .lastSeenLon,
        "lastSeenDescription": .lastSeenDescription, "lastSeenAt": .lastSeenAt,
        "createdAt": .createdAt, "updatedAt": .updatedAt, "notes": .notes,
      ]
      return header.map { name in name.map { plain[$0] ?? .caseFile($0) } }
    }
  }

  /// Reads one CSV record (its fields under `columns`) into the checks a JSON object goes through,
  /// with no object in between. A cell reads as a person or a spreadsheet writes it: an empty cell
  /// is an absent value, `captured` is also yes/no/1/0, a bounty `$ 2,000` or `USD 12`; notes,
  /// aliases and expenses are JSON arrays. `automaticID` is the ID# of a record with none.
  init(
    csv cells: [String], columns: [CSVColumn?], automaticID: Int64?, currency: Currency,
    now: Timestamp?, today: CalendarDate?
  ) throws(BountyError) {
    var idCell: String?
    var name: String?
    var description: String?
    var bounty: String?
    var captured = false
    var capturedAt: String?
    var created: String?
    var updated: String?
    var capture: (lat: String?, lon: String?) = (nil, nil)
    var seen: (lat: String?, lon: String?, description: String?, at: String?) = (nil, nil, nil, nil)
    var notes: JSON?
    var caseFile = JSONObject()
    var given: Given = []
    // The cells as typed, in the file's order: a cell that is not even of its kind (a bounty that
    // is not an amount, a coordinate that is not a number) is refused here.
    for (column, value) in zip(columns, cells) {
      guard let column else { continue }
      switch column {
      case .id:
        idCell = Self.nonEmpty(value)
      case .name: name = value
      case .description:
        description = value
        given.insert(.description)
      case .bounty:
        switch Money.normalizedTyped(value) {
        case .success(let amount): bounty = amount
        case .failure(let error): throw Self.invalid("bounty", error.reason)
        }
      case .captured:
        captured = try Self.yesOrNo(value)
        given.insert(.captured)
      case .capturedAt: capturedAt = Self.nonEmpty(value)
      case .createdAt: created = Self.nonEmpty(value)
      case .updatedAt: updated = Self.nonEmpty(value)
      case .lat: capture.lat = try Self.degreesCell(value, "lat")
      case .lon: capture.lon = try Self.degreesCell(value, "lon")
      case .lastSeenLat: seen.lat = try Self.degreesCell(value, "lastSeenLat")
      case .lastSeenLon: seen.lon = try Self.degreesCell(value, "lastSeenLon")
      case .lastSeenDescription: seen.description = value.isEmpty ? nil : value
      case .lastSeenAt: seen.at = Self.nonEmpty(value)
      case .notes:
        let trimmed = value.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { continue }
        guard let parsed = try? JSONParser.parse(trimmed), case .array = parsed else {
          throw Self.invalid("notes", "must be a JSON array of {\"text\", \"createdAt\"}")
        }
        notes = parsed
        given.insert(.notes)
      case .caseFile(let column):
        _ = try CaseFileCSV.read(column, value, into: &caseFile)
      }
    }
    if capture.lat != nil || capture.lon != nil { given.insert(.captureLocation) }
    if seen.lat != nil || seen.lon != nil || seen.description != nil || seen.at != nil {
      given.insert(.lastSeen)
    }
    if caseFile.count > 0 { given.insert(.caseFile) }
    self.given = given
    // Then checked as a JSON object is, in the same order.
    var id = automaticID
    if let idCell { id = idCell.utf8.allSatisfy { $0 < 0x80 } ? Int64(idCell) : nil }
    fields = FugitiveFields(
      id: try Self.checkedID(id), name: try Self.checkedName(name),
      bountyMinor: 0,
      description: try Self.checkedText(
        description, "description", limit: Limits.descriptionLength) ?? "")
    fields.bountyMinor = try Self.checkedBounty(bounty, currency: currency).minorUnits
    fields.captured = captured
    fields.capturedAt = try Self.checkedCapturedAt(capturedAt, captured: captured, now: now)
    if captured, given.contains(.captureLocation) {
      fields.capturePosition = Coordinates(
        lat: try Self.checkedDegrees(capture.lat, limit: 90, "captureLocation"),
        lon: try Self.checkedDegrees(capture.lon, limit: 180, "captureLocation"))
    }
    if given.contains(.lastSeen) {
      var point: Coordinates?
      if seen.lat != nil || seen.lon != nil {
        point = Coordinates(
          lat: try Self.checkedDegrees(seen.lat, limit: 90, "lastSeen"),
          lon: try Self.checkedDegrees(seen.lon, limit: 180, "lastSeen"))
      }
      fields.lastSeen = try Self.checkedLastSeen(
        point, description: seen.description, at: seen.at, now: now)
    }
    self.notes = try Self.checkedNotes(notes)
    createdAt = try Self.checkedTimestamp(created, "createdAt")
    updatedAt = try Self.checkedTimestamp(updated, "updatedAt")
    self.caseFile =
      caseFile.count > 0 ? try RosterCaseFile(caseFile, currency: currency, today: today) : .empty
  }

  fileprivate static func nonEmpty(_ cell: String) -> String? {
    let trimmed = cell.trimmingASCIIWhitespace()
    return trimmed.isEmpty ? nil : trimmed
  }

  /// A `captured` cell: true, yes, 1, y or false, no, 0, n, empty (any case).
  fileprivate static func yesOrNo(_ cell: String) throws(BountyError) -> Bool {
    // As an export writes it (most files): nothing to fold.
    if cell == "true" { return true }
    if cell == "false" { return false }
    switch cell.trimmingASCIIWhitespace().lowercased() {
    case "true", "yes", "1", "y": return true
    case "false", "no", "0", "n", "": return false
    default: throw invalid("captured", "'\(SafeText.excerpt(cell))' is not true or false")
    }
  }

  /// A coordinate cell: nil when empty, else a number's text (its range is checked with the rest).
  fileprivate static func degreesCell(_ cell: String, _ column: String) throws(BountyError)
    -> String?
  {
    guard let trimmed = nonEmpty(cell) else { return nil }
    guard let value = Double(trimmed), value.isFinite else {
      throw invalid(column, "'\(SafeText.excerpt(trimmed))' is not a number of degrees")
    }
    return trimmed
  }
}
