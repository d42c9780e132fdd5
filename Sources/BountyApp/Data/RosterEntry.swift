import BountyCore
internal import BountyStore

/// A fugitive read from a roster (the sample roster, or a CSV or JSON import: CSV records are turned
/// into the same objects first), checked and ready to insert. Checking is strict and the same for
/// both formats: unknown keys, wrong types, text over its limit or holding NUL, photos whose bytes
/// are not what they claim, times outside 1900–9999 and captures or sightings in the future are all
/// refused, naming the field; error messages quote at most a short escaped excerpt of the input.
struct RosterEntry {
  var fields: FugitiveFields
  var notes: [(text: String, createdAt: Timestamp?)]
  var createdAt: Timestamp?
  var updatedAt: Timestamp?
  var photo: Photo?
  var caseFile: RosterCaseFile
  /// The keys the object carried: `--replace` changes only these and keeps the rest.
  let keys: Set<String>

  static let knownKeys = Set<String>([
    "id", "name", "bounty", "description", "captured", "capturedAt", "captureLocation", "lastSeen",
    "notes", "createdAt", "updatedAt", "photo", "hasPhoto", "position",
  ]).union(caseFileKeys)

  /// The keys of the case file (`RosterCaseFile`): given any of them, `--replace` rewrites the
  /// whole case file; given none, it keeps it.
  static let caseFileKeys: Set<String> = ["bond", "descriptors", "aliases", "expenses", "closedAt"]

  /// Reads one fugitive object shaped as the API returns it; errors name the field. `now`, when
  /// given, refuses captures and sightings after it; `today`, a date of birth on or after it.
  init(_ json: JSON, currency: Currency, now: Timestamp? = nil, today: CalendarDate? = nil)
    throws(BountyError)
  {
    func invalid(_ field: String, _ reason: String) -> BountyError {
      .invalid(field: field, reason: reason)
    }
    guard let object = json.objectValue else { throw invalid("fugitive", "expected an object") }
    try Self.refuseUnknown(object, known: Self.knownKeys, in: "")
    keys = Set(object.keys)
    guard case .number(let idText)? = object["id"], let id = Int64(idText),
      Limits.fugitiveIDs.contains(id)
    else {
      throw invalid(
        "id",
        "must be a whole number from \(Limits.fugitiveIDs.lowerBound) to \(Limits.fugitiveIDs.upperBound)"
      )
    }
    guard let name = try Self.text(object["name"], "name", limit: Limits.nameLength),
      !SafeText.isBlank(name)
    else { throw invalid("name", "must be text of 1 to \(Limits.nameLength) characters") }
    let description =
      try Self.text(object["description"], "description", limit: Limits.descriptionLength) ?? ""
    let bountyText: String
    switch object["bounty"] {
    case .string(let text)?, .number(let text)?: bountyText = text
    case nil, .null?: throw invalid("bounty", "is required")
    default: throw invalid("bounty", "must be an amount as text or a number")
    }
    let bounty: Money
    switch Money.parse(bountyText, currency: currency) {
    case .success(let money): bounty = money
    case .failure(let error): throw invalid("bounty", error.reason)
    }
    let captured: Bool
    switch object["captured"] {
    case nil, .null?: captured = false
    case .bool(let value)?: captured = value
    default: throw invalid("captured", "must be true or false")
    }
    let capturedAt = try Self.timestamp(object["capturedAt"], "capturedAt", notAfter: now)
    if captured && capturedAt == nil {
      throw invalid("capturedAt", "is required when captured is true")
    }
    for flag in ["hasPhoto"] where object[flag] != nil {
      guard case .bool? = object[flag] else { throw invalid(flag, "must be true or false") }
    }
    if let position = object["position"], position != .null {
      guard case .number = position else { throw invalid("position", "must be a number") }
    }
    fields = FugitiveFields(
      id: id, name: name, bountyMinor: bounty.minorUnits, description: description,
      captured: captured, capturedAt: captured ? capturedAt : nil)
    if captured {
      fields.capturePosition = try Self.point(object["captureLocation"], "captureLocation")
    }
    switch object["lastSeen"] {
    case nil, .null?: break
    case .object(let seen)?:
      try Self.refuseUnknown(seen, known: ["lat", "lon", "description", "at"], in: "lastSeen.")
      let point = try Self.point(.object(seen), "lastSeen")
      fields.lastSeen = LastSeen(
        lat: point?.lat, lon: point?.lon,
        description: try Self.text(
          seen["description"], "lastSeen.description", limit: Limits.descriptionLength),
        at: try Self.timestamp(seen["at"], "lastSeen.at", notAfter: now))
    default: throw invalid("lastSeen", "must be an object")
    }
    notes = []
    switch object["notes"] {
    case nil, .null?: break
    case .array(let items)?:
      for (index, note) in items.enumerated() {
        let field = "notes[\(index)]"
        guard let noteObject = note.objectValue else { throw invalid(field, "must be an object") }
        try Self.refuseUnknown(noteObject, known: ["id", "text", "createdAt"], in: field + ".")
        guard
          let text = try Self.text(noteObject["text"], field + ".text", limit: Limits.noteLength),
          !text.isEmpty
        else { throw invalid(field + ".text", "must be text") }
        notes.append((text, try Self.timestamp(noteObject["createdAt"], field + ".createdAt")))
      }
    default: throw invalid("notes", "must be an array of {\"text\", \"createdAt\"}")
    }
    createdAt = try Self.timestamp(object["createdAt"], "createdAt")
    updatedAt = try Self.timestamp(object["updatedAt"], "updatedAt")
    switch object["photo"] {
    case nil, .null?: break
    case .object(let photo)?:
      try Self.refuseUnknown(photo, known: ["mediaType", "data"], in: "photo.")
      self.photo = try Self.photo(photo)
    default: throw invalid("photo", "must be an object {\"mediaType\", \"data\"}")
    }
    caseFile = try RosterCaseFile(object, currency: currency, today: today)
  }

  private static func refuseUnknown(
    _ object: JSONObject, known: Set<String>, in prefix: String
  ) throws(BountyError) {
    for key in object.keys where !known.contains(key) {
      throw BountyError.invalid(
        field: prefix + SafeText.excerpt(key), reason: "is not a known field (a typo?)")
    }
  }

  /// The text at `json` (nil when absent or null), refused when not text, over `limit` characters
  /// or holding NUL.
  private static func text(_ json: JSON?, _ field: String, limit: Int) throws(BountyError)
    -> String?
  {
    switch json {
    case nil, .null?: return nil
    case .string(let text)?:
      guard !SafeText.containsNUL(text) else {
        throw BountyError.invalid(field: field, reason: "must not contain NUL characters")
      }
      guard text.count <= limit else {
        throw BountyError.invalid(field: field, reason: "is longer than \(limit) characters")
      }
      return text
    default:
      throw BountyError.invalid(field: field, reason: "must be text")
    }
  }

  private static func timestamp(
    _ json: JSON?, _ field: String, notAfter now: Timestamp? = nil
  ) throws(BountyError) -> Timestamp? {
    guard let json, json != .null else { return nil }
    guard let text = json.stringValue, let value = Timestamp(parsing: text) else {
      throw BountyError.invalid(
        field: field, reason: "must be an ISO 8601 time from 1900 to 9999")
    }
    guard let now else { return value }
    return try value.notInFuture(now: now, field: field)
  }

  /// A position as an export writes it: either coordinate may be null (one stored without the
  /// other is kept, as the database keeps it); each given one must be a number in range.
  private static func point(_ json: JSON?, _ field: String) throws(BountyError) -> Coordinates? {
    func failure(_ reason: String) -> BountyError { .invalid(field: field, reason: reason) }
    func degrees(_ key: String, limit: Double) throws(BountyError) -> Double? {
      switch json?[key] {
      case nil, .null?: return nil
      case .number(let digits)?:
        guard let value = Double(digits), abs(value) <= limit else {
          throw failure("lat must be -90…90 and lon -180…180")
        }
        return value
      default: throw failure("lat and lon must be numbers (or null)")
      }
    }
    switch json {
    case nil, .null?: return nil
    case .object(let object)?:
      if field == "captureLocation" {
        try refuseUnknown(object, known: ["lat", "lon"], in: "captureLocation.")
      }
      return Coordinates(lat: try degrees("lat", limit: 90), lon: try degrees("lon", limit: 180))
    default: throw failure("must be an object {\"lat\", \"lon\"}")
    }
  }

  /// A photo whose bytes are what its media type says: PNG or JPEG by their signature, or
  /// `application/octet-stream` for bytes that are neither (kept from old databases).
  private static func photo(_ object: JSONObject) throws(BountyError) -> Photo {
    guard let data = object["data"]?.stringValue,
      data.utf8.count <= (Limits.photoBytes / 3 + 1) * 4,
      let bytes = Base64.decode(data)
    else {
      throw BountyError.invalid(field: "photo.data", reason: "must be base64 of at most 10 MiB")
    }
    guard bytes.count <= Limits.photoBytes else {
      throw BountyError.invalid(field: "photo.data", reason: "is larger than 10 MiB")
    }
    let actual = ImageSignature.mediaType(of: bytes) ?? "application/octet-stream"
    guard let type = object["mediaType"]?.stringValue, type == actual else {
      throw BountyError.invalid(
        field: "photo.mediaType",
        reason: actual == "application/octet-stream"
          ? "the data is not a PNG or JPEG image" : "must be \(actual), what the data is")
    }
    return Photo(mediaType: type, bytes: bytes)
  }

  /// Inserts the fugitive with its notes, photo and captured state at the end of the manual order.
  func insert(into store: Store, position: Int64? = nil) throws {
    try store.insertFugitive(fields, createdAt: createdAt, updatedAt: updatedAt, position: position)
    try addNotes(in: store)
    if let photo { try store.storePhoto(fugitiveID: fields.id, photo) }
    try caseFile.write(into: store, id: fields.id)
  }

  /// Adds this entry at `position` through an import's batch: gathered with the others when it is
  /// only fields and notes, else written at once after what the batch holds.
  func insert(into store: Store, batch: NewFugitiveBatch, position: Int64) throws {
    guard photo == nil, caseFile.isEmpty else {
      try batch.flush()
      return try insert(into: store, position: position)
    }
    try batch.add(
      fields, position: position, createdAt: createdAt, updatedAt: updatedAt,
      notes: notes.map { ($0.text, $0.createdAt) })
  }

  /// Rewrites an existing fugitive with what this entry carries; what the file did not carry (a
  /// CSV has no photo column; a file without notes, descriptions or sightings) is kept as it was,
  /// as is its place in the manual order.
  func replace(in store: Store, existing: Fugitive) throws {
    var merged = FugitiveFields(existing)
    merged.name = fields.name
    merged.bountyMinor = fields.bountyMinor
    if keys.contains("description") { merged.description = fields.description }
    if keys.contains("captured") {
      merged.captured = fields.captured
      merged.capturedAt = fields.capturedAt
      merged.capturePosition = keys.contains("captureLocation") ? fields.capturePosition : nil
    }
    if keys.contains("lastSeen") { merged.lastSeen = fields.lastSeen }
    try store.updateFugitive(previousID: fields.id, merged)
    if keys.contains("notes") {
      try store.deleteNotes(fugitiveID: fields.id)
      try addNotes(in: store)
    }
    if keys.contains("photo") {
      if let photo {
        try store.storePhoto(fugitiveID: fields.id, photo)
      } else {
        try store.deletePhoto(fugitiveID: fields.id)
      }
    }
    if !keys.isDisjoint(with: Self.caseFileKeys) {
      try RosterCaseFile.clear(in: store, id: fields.id)
      try caseFile.write(into: store, id: fields.id)
    }
  }

  private func addNotes(in store: Store) throws {
    for note in notes {
      try store.insertNote(fugitiveID: fields.id, text: note.text, createdAt: note.createdAt)
    }
  }
}
