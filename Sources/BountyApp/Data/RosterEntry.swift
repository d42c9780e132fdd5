import BountyCore
internal import BountyStore

/// A fugitive read from a roster (the sample roster, a JSON import, or a CSV record read straight
/// into the same checks: `init(csv:columns:automaticID:currency:now:today:)`), checked and ready to
/// insert. Checking is strict and the same for both formats, one check per field
/// (`checkedID`, `checkedText`, …): unknown keys, wrong types, text over its limit or holding NUL,
/// photos whose bytes are not what they claim, times outside 1900–9999 and captures or sightings in
/// the future are all refused, naming the field; error messages quote at most a short escaped
/// excerpt of the input.
struct RosterEntry {
  var fields: FugitiveFields
  var notes: [(text: String, createdAt: Timestamp?)]
  var createdAt: Timestamp?
  var updatedAt: Timestamp?
  var photo: Photo?
  var caseFile: RosterCaseFile
  /// The parts the entry carried: `--replace` changes only these and keeps the rest.
  let given: Given

  /// The parts of a fugitive an entry may carry or leave out (`--replace` keeps what it leaves out).
  struct Given: OptionSet {
    let rawValue: Int
    static let description = Given(rawValue: 1 << 0)
    static let captured = Given(rawValue: 1 << 1)
    static let captureLocation = Given(rawValue: 1 << 2)
    static let lastSeen = Given(rawValue: 1 << 3)
    static let notes = Given(rawValue: 1 << 4)
    static let photo = Given(rawValue: 1 << 5)
    /// Any of `caseFileKeys`: `--replace` rewrites the whole case file; given none, it keeps it.
    static let caseFile = Given(rawValue: 1 << 6)

    /// What the keys of a fugitive object give.
    init(keys: some Sequence<String>) {
      var given: Given = []
      for key in keys {
        switch key {
        case "description": given.insert(.description)
        case "captured": given.insert(.captured)
        case "captureLocation": given.insert(.captureLocation)
        case "lastSeen": given.insert(.lastSeen)
        case "notes": given.insert(.notes)
        case "photo": given.insert(.photo)
        case _ where RosterEntry.caseFileKeys.contains(key): given.insert(.caseFile)
        default: break
        }
      }
      self = given
    }

    init(rawValue: Int) { self.rawValue = rawValue }
  }

  static let knownKeys = Set<String>([
    "id", "name", "bounty", "description", "captured", "capturedAt", "captureLocation", "lastSeen",
    "notes", "createdAt", "updatedAt", "photo", "hasPhoto", "position",
  ]).union(caseFileKeys)

  /// The keys of the case file (`RosterCaseFile`).
  static let caseFileKeys: Set<String> = ["bond", "descriptors", "aliases", "expenses", "closedAt"]

  /// The error of a bad value in `field`.
  static func invalid(_ field: String, _ reason: String) -> BountyError {
    .invalid(field: field, reason: reason)
  }

  /// Reads one fugitive object shaped as the API returns it; errors name the field. `now`, when
  /// given, refuses captures and sightings after it; `today`, a date of birth on or after it.
  init(_ json: JSON, currency: Currency, now: Timestamp? = nil, today: CalendarDate? = nil)
    throws(BountyError)
  {
    guard let object = json.objectValue else {
      throw Self.invalid("fugitive", "expected an object")
    }
    try Self.refuseUnknown(object, known: Self.knownKeys, in: "")
    given = Given(keys: object.keys)
    guard case .number(let idText)? = object["id"] else { throw Self.badID }
    let id = try Self.checkedID(Int64(idText))
    let name = try Self.checkedName(try Self.text(object["name"], "name"))
    let description = try Self.checkedText(
      try Self.text(object["description"], "description"), "description",
      limit: Limits.descriptionLength)
    let bountyText: String?
    switch object["bounty"] {
    case .string(let text)?, .number(let text)?: bountyText = text
    case nil, .null?: bountyText = nil
    default: throw Self.invalid("bounty", "must be an amount as text or a number")
    }
    let bounty = try Self.checkedBounty(bountyText, currency: currency)
    let captured: Bool
    switch object["captured"] {
    case nil, .null?: captured = false
    case .bool(let value)?: captured = value
    default: throw Self.invalid("captured", "must be true or false")
    }
    let capturedAt = try Self.checkedCapturedAt(
      try Self.timestampText(object["capturedAt"], "capturedAt"), captured: captured, now: now)
    for flag in ["hasPhoto"] where object[flag] != nil {
      guard case .bool? = object[flag] else { throw Self.invalid(flag, "must be true or false") }
    }
    if let position = object["position"], position != .null {
      guard case .number = position else { throw Self.invalid("position", "must be a number") }
    }
    fields = FugitiveFields(
      id: id, name: name, bountyMinor: bounty.minorUnits, description: description ?? "",
      captured: captured, capturedAt: capturedAt)
    if captured {
      fields.capturePosition = try Self.point(object["captureLocation"], "captureLocation")
    }
    switch object["lastSeen"] {
    case nil, .null?: break
    case .object(let seen)?:
      try Self.refuseUnknown(seen, known: ["lat", "lon", "description", "at"], in: "lastSeen.")
      let point = try Self.point(.object(seen), "lastSeen")
      fields.lastSeen = try Self.checkedLastSeen(
        point, description: try Self.text(seen["description"], "lastSeen.description"),
        at: try Self.timestampText(seen["at"], "lastSeen.at"), now: now)
    default: throw Self.invalid("lastSeen", "must be an object")
    }
    notes = try Self.checkedNotes(object["notes"])
    createdAt = try Self.checkedTimestamp(
      try Self.timestampText(object["createdAt"], "createdAt"), "createdAt")
    updatedAt = try Self.checkedTimestamp(
      try Self.timestampText(object["updatedAt"], "updatedAt"), "updatedAt")
    switch object["photo"] {
    case nil, .null?: break
    case .object(let photo)?:
      try Self.refuseUnknown(photo, known: ["mediaType", "data"], in: "photo.")
      self.photo = try Self.photo(photo)
    default: throw Self.invalid("photo", "must be an object {\"mediaType\", \"data\"}")
    }
    caseFile = try RosterCaseFile(object, currency: currency, today: today)
  }

  // MARK: The checks both formats share

  private static let badID = invalid(
    "id",
    "must be a whole number from \(Limits.fugitiveIDs.lowerBound) to \(Limits.fugitiveIDs.upperBound)"
  )

  /// An ID# read (nil when it is not a whole number), refused outside `Limits.fugitiveIDs`.
  static func checkedID(_ id: Int64?) throws(BountyError) -> Int64 {
    guard let id, Limits.fugitiveIDs.contains(id) else { throw badID }
    return id
  }

  /// A name: 1 to `Limits.nameLength` characters, not blank.
  static func checkedName(_ text: String?) throws(BountyError) -> String {
    guard let name = try checkedText(text, "name", limit: Limits.nameLength),
      !SafeText.isBlank(name)
    else { throw invalid("name", "must be text of 1 to \(Limits.nameLength) characters") }
    return name
  }

  /// `text` (nil when absent), refused when over `limit` characters or holding NUL.
  static func checkedText(_ text: String?, _ field: String, limit: Int) throws(BountyError)
    -> String?
  {
    guard let text else { return nil }
    guard !SafeText.containsNUL(text) else {
      throw invalid(field, "must not contain NUL characters")
    }
    // Characters are counted only when the bytes could be over: a character takes at least one.
    guard text.utf8.count <= limit || text.count <= limit else {
      throw invalid(field, "is longer than \(limit) characters")
    }
    return text
  }

  /// The bounty (required) as an amount in `currency`.
  static func checkedBounty(_ text: String?, currency: Currency) throws(BountyError)
    -> Money
  {
    guard let text else { throw invalid("bounty", "is required") }
    switch Money.parse(text, currency: currency) {
    case .success(let money): return money
    case .failure(let error): throw invalid("bounty", error.reason)
    }
  }

  /// The capture time, required when `captured`; nil when not captured.
  static func checkedCapturedAt(_ text: String?, captured: Bool, now: Timestamp?)
    throws(BountyError) -> Timestamp?
  {
    let capturedAt = try checkedTimestamp(text, "capturedAt", notAfter: now)
    if captured && capturedAt == nil {
      throw invalid("capturedAt", "is required when captured is true")
    }
    return captured ? capturedAt : nil
  }

  /// A sighting: where (either coordinate may be missing), what was seen, and when (not after
  /// `now`).
  static func checkedLastSeen(
    _ point: Coordinates?, description: String?, at: String?, now: Timestamp?
  ) throws(BountyError) -> LastSeen {
    LastSeen(
      lat: point?.lat, lon: point?.lon,
      description: try checkedText(
        description, "lastSeen.description", limit: Limits.descriptionLength),
      at: try checkedTimestamp(at, "lastSeen.at", notAfter: now))
  }

  /// Notes as an export writes them: an array of `{"text", "createdAt"}` (nil: none).
  static func checkedNotes(_ json: JSON?) throws(BountyError) -> [(
    text: String, createdAt: Timestamp?
  )] {
    var notes: [(text: String, createdAt: Timestamp?)] = []
    switch json {
    case nil, .null?: break
    case .array(let items)?:
      for (index, note) in items.enumerated() {
        let field = "notes[\(index)]"
        guard let noteObject = note.objectValue else { throw invalid(field, "must be an object") }
        try refuseUnknown(noteObject, known: ["id", "text", "createdAt"], in: field + ".")
        guard
          let text = try checkedText(
            try Self.text(noteObject["text"], field + ".text"), field + ".text",
            limit: Limits.noteLength),
          !text.isEmpty
        else { throw invalid(field + ".text", "must be text") }
        let createdAt = try checkedTimestamp(
          try timestampText(noteObject["createdAt"], field + ".createdAt"), field + ".createdAt")
        notes.append((text, createdAt))
      }
    default: throw invalid("notes", "must be an array of {\"text\", \"createdAt\"}")
    }
    return notes
  }

  private static let badTime = "must be an ISO 8601 time from 1900 to 9999"

  /// A time (nil when absent), refused when not ISO 8601 from 1900 to 9999 or after `now`.
  static func checkedTimestamp(
    _ text: String?, _ field: String, notAfter now: Timestamp? = nil
  ) throws(BountyError) -> Timestamp? {
    guard let text else { return nil }
    guard let value = Timestamp(parsing: text) else { throw invalid(field, badTime) }
    guard let now else { return value }
    return try value.notInFuture(now: now, field: field)
  }

  /// Degrees given as a number's text (nil when absent), refused beyond ±`limit`.
  static func checkedDegrees(_ digits: String?, limit: Double, _ field: String)
    throws(BountyError) -> Double?
  {
    guard let digits else { return nil }
    guard let value = Double(digits), abs(value) <= limit else {
      throw invalid(field, "lat must be -90…90 and lon -180…180")
    }
    return value
  }

  // MARK: JSON's types

  private static func refuseUnknown(
    _ object: JSONObject, known: Set<String>, in prefix: String
  ) throws(BountyError) {
    for key in object.keys where !known.contains(key) {
      throw invalid(prefix + SafeText.excerpt(key), "is not a known field (a typo?)")
    }
  }

  /// The text at `json` (nil when absent or null), refused when not text.
  private static func text(_ json: JSON?, _ field: String) throws(BountyError) -> String? {
    switch json {
    case nil, .null?: return nil
    case .string(let text)?: return text
    default: throw invalid(field, "must be text")
    }
  }

  /// The text of a time at `json` (nil when absent or null), refused when not text.
  private static func timestampText(_ json: JSON?, _ field: String) throws(BountyError) -> String? {
    guard let json, json != .null else { return nil }
    guard let text = json.stringValue else { throw invalid(field, badTime) }
    return text
  }

  /// A position as an export writes it: either coordinate may be null (one stored without the
  /// other is kept, as the database keeps it); each given one must be a number in range.
  private static func point(_ json: JSON?, _ field: String) throws(BountyError) -> Coordinates? {
    func degrees(_ key: String, limit: Double) throws(BountyError) -> Double? {
      switch json?[key] {
      case nil, .null?: return nil
      case .number(let digits)?: return try checkedDegrees(digits, limit: limit, field)
      default: throw invalid(field, "lat and lon must be numbers (or null)")
      }
    }
    switch json {
    case nil, .null?: return nil
    case .object(let object)?:
      if field == "captureLocation" {
        try refuseUnknown(object, known: ["lat", "lon"], in: "captureLocation.")
      }
      return Coordinates(lat: try degrees("lat", limit: 90), lon: try degrees("lon", limit: 180))
    default: throw invalid(field, "must be an object {\"lat\", \"lon\"}")
    }
  }

  /// A photo whose bytes are PNG or JPEG by their signature (`ImageSignature`), labelled with the
  /// type they are; any other bytes are refused, whatever the label (`application/octet-stream`
  /// included), as `fugitives photo` refuses them.
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
    guard let actual = ImageSignature.mediaType(of: bytes) else {
      throw BountyError.invalid(
        field: "photo.mediaType", reason: "the data is not a PNG or JPEG image")
    }
    guard object["mediaType"]?.stringValue == actual else {
      throw BountyError.invalid(
        field: "photo.mediaType", reason: "must be \(actual), what the data is")
    }
    return Photo(mediaType: actual, bytes: bytes)
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
    if given.contains(.description) { merged.description = fields.description }
    if given.contains(.captured) {
      merged.captured = fields.captured
      merged.capturedAt = fields.capturedAt
      merged.capturePosition = given.contains(.captureLocation) ? fields.capturePosition : nil
    }
    if given.contains(.lastSeen) { merged.lastSeen = fields.lastSeen }
    try store.updateFugitive(previousID: fields.id, merged)
    if given.contains(.notes) {
      try store.deleteNotes(fugitiveID: fields.id)
      try addNotes(in: store)
    }
    if given.contains(.photo) {
      if let photo {
        try store.storePhoto(fugitiveID: fields.id, photo)
      } else {
        try store.deletePhoto(fugitiveID: fields.id)
      }
    }
    if given.contains(.caseFile) {
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
