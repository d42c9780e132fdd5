/// A point on the earth, in degrees. Coordinates are not money: `Double` is right here.
public struct GeoPoint: Equatable, Sendable {
  public let lat: Double
  public let lon: Double

  public init(lat: Double, lon: Double) {
    self.lat = lat
    self.lon = lon
  }

  public var json: JSON { .object(["lat": .coordinate(lat), "lon": .coordinate(lon)]) }

  /// `36.170, -115.140`: the position as the original's detail screen showed it (`%.3f, %.3f`).
  public var display: String { "\(Self.threeDecimals(lat)), \(Self.threeDecimals(lon))" }

  /// The position of `lat` and `lon`: both when both are known, else the one that is
  /// (`36.170 (latitude only)`), else nil.
  public static func display(lat: Double?, lon: Double?) -> String? {
    switch (lat, lon) {
    case (let lat?, let lon?): GeoPoint(lat: lat, lon: lon).display
    case (let lat?, nil): "\(threeDecimals(lat)) (latitude only)"
    case (nil, let lon?): "\(threeDecimals(lon)) (longitude only)"
    case (nil, nil): nil
    }
  }

  static func threeDecimals(_ value: Double) -> String {
    let thousandths = (value * 1000).rounded()
    let magnitude = Int64(abs(thousandths))
    let fraction = String(magnitude % 1000)
    return (thousandths < 0 ? "-" : "") + "\(magnitude / 1000)."
      + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}

/// A position as it is stored: the original app kept latitude and longitude as two optional
/// attributes, so a row may hold one without the other. Shown and answered with what there is;
/// a map needs both (`point`).
public struct Coordinates: Equatable, Sendable {
  public var lat: Double?
  public var lon: Double?

  /// Nil when neither coordinate is known.
  public init?(lat: Double?, lon: Double?) {
    guard lat != nil || lon != nil else { return nil }
    self.lat = lat
    self.lon = lon
  }

  public init(_ point: GeoPoint) {
    lat = point.lat
    lon = point.lon
  }

  /// The point, when both coordinates are known.
  public var point: GeoPoint? {
    guard let lat, let lon else { return nil }
    return GeoPoint(lat: lat, lon: lon)
  }

  /// `{"lat", "lon"}`, null for the one that is missing.
  public var json: JSON {
    .object(["lat": lat.map(JSON.coordinate) ?? .null, "lon": lon.map(JSON.coordinate) ?? .null])
  }
}

/// The last known whereabouts; any part may be missing.
public struct LastSeen: Equatable, Sendable {
  public var lat: Double?
  public var lon: Double?
  public var description: String?
  public var at: Timestamp?

  public init(
    lat: Double? = nil, lon: Double? = nil, description: String? = nil, at: Timestamp? = nil
  ) {
    self.lat = lat
    self.lon = lon
    self.description = description
    self.at = at
  }

  public var isEmpty: Bool { lat == nil && lon == nil && description == nil && at == nil }

  public var json: JSON {
    .object([
      "lat": lat.map(JSON.coordinate) ?? .null,
      "lon": lon.map(JSON.coordinate) ?? .null,
      "description": .optional(description),
      "at": .optional(at?.iso8601),
    ])
  }
}

/// A case note: ordered, deleted with its fugitive.
public struct Note: Equatable, Sendable {
  public let id: Int64
  public let fugitiveID: Int64
  public var text: String
  public let createdAt: Timestamp

  public init(id: Int64, fugitiveID: Int64, text: String, createdAt: Timestamp) {
    self.id = id
    self.fugitiveID = fugitiveID
    self.text = text
    self.createdAt = createdAt
  }

  public var json: JSON {
    .object(["id": .int(id), "text": .string(text), "createdAt": .string(createdAt.iso8601)])
  }
}

/// One fugitive, as docs/contract.md describes it.
public struct Fugitive: Equatable, Sendable {
  public var id: Int64
  public var name: String
  public var bounty: Money
  public var description: String
  public var capturedAt: Timestamp?
  public var captured: Bool
  /// Where the capture happened, as stored (either coordinate may be missing).
  public var capturePosition: Coordinates?
  public var lastSeen: LastSeen?
  public var hasPhoto: Bool
  public var position: Int64
  public var notes: [Note]
  public var createdAt: Timestamp
  public var updatedAt: Timestamp
  /// Bond and court, descriptors, aliases, expenses and whether the case is closed (issue 16).
  public var caseFile: CaseFile {
    get { caseFileBox?.caseFile ?? Self.noCaseFile }
    set { caseFileBox = newValue == Self.noCaseFile ? nil : CaseFileBox(newValue) }
  }
  /// True when the case file holds anything: a list asks a fugitive's case file only then (a read
  /// of `caseFile` makes a copy of it).
  public var hasCaseFile: Bool { caseFileBox != nil }
  /// The case file, kept out of line and only when it holds something: most fugitives have none,
  /// and a list holds its fugitives side by side (inline, a case file was 256 of a fugitive's 488
  /// bytes: a 5,000-row page's array 2.4 MB, touched page by page as fresh memory).
  private var caseFileBox: CaseFileBox?
  private static let noCaseFile = CaseFile()

  public init(
    id: Int64, name: String, bounty: Money, description: String, captured: Bool,
    capturedAt: Timestamp?, captureLocation: GeoPoint?, lastSeen: LastSeen?, hasPhoto: Bool,
    position: Int64, notes: [Note], createdAt: Timestamp, updatedAt: Timestamp
  ) {
    self.id = id
    self.name = name
    self.bounty = bounty
    self.description = description
    self.captured = captured
    self.capturedAt = capturedAt
    self.capturePosition = captureLocation.map(Coordinates.init)
    self.lastSeen = lastSeen
    self.hasPhoto = hasPhoto
    self.position = position
    self.notes = notes
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// Where the capture happened, when both coordinates are known (what a map draws); setting it
  /// sets both.
  public var captureLocation: GeoPoint? {
    get { capturePosition?.point }
    set { capturePosition = newValue.map(Coordinates.init) }
  }

  /// The JSON shape of docs/contract.md: camelCase keys, money as a string with the currency's digits.
  public var json: JSON { .object(jsonObject) }

  /// `json`'s members, for an answer that adds some of its own.
  public var jsonObject: JSONObject {
    var object = JSONObject()
    for member in Self.members { object[member.name] = member.value(self) }
    return object
  }

  /// The members of a fugitive's JSON, in order: the one definition its JSON value and the
  /// streamed formats' fields are made from. Its JSON text is written from the fields
  /// (`appendJSONMembers`); `ExportRowTests` and the answer tests hold the two to the same bytes.
  static let members = ownMembers + caseFileMembers

  /// A member's name and how to read its value from a fugitive.
  typealias Member = (name: String, value: @Sendable (Fugitive) -> JSON)

  private static let ownMembers: [Member] = [
    ("id", { .int($0.id) }),
    ("name", { .string($0.name) }),
    ("bounty", { .string($0.bounty.plain) }),
    ("description", { .string($0.description) }),
    ("captured", { .bool($0.captured) }),
    ("capturedAt", { .optional($0.capturedAt?.iso8601) }),
    ("captureLocation", { $0.capturePosition?.json ?? .null }),
    ("lastSeen", { $0.lastSeen?.json ?? .null }),
    ("hasPhoto", { .bool($0.hasPhoto) }),
    ("position", { .int($0.position) }),
    ("notes", { .array($0.notes.map(\.json)) }),
    ("createdAt", { .string($0.createdAt.iso8601) }),
    ("updatedAt", { .string($0.updatedAt.iso8601) }),
  ]

  /// The case file's members, as it declares them.
  private static let caseFileMembers: [Member] = CaseFile.jsonMemberNames.indices.map { index in
    (
      CaseFile.jsonMemberNames[index],
      { ($0.caseFileBox?.caseFile ?? noCaseFile).jsonMember(index) }
    )
  }

  private static let memberIndex = Dictionary(
    uniqueKeysWithValues: members.enumerated().map { ($1.name, $0) })
}

extension Fugitive: ListItem {
  /// The text of `json`, written from the fields (`appendJSONMembers`), not from `members`.
  public func writeJSON(to writer: inout JSONChunkWriter) {
    writer.appendText { line in
      appendJSONMembers(to: &line)
      line.append(UInt8(ascii: "}"))
    }
  }

  public func member(_ name: String) -> JSON? {
    Self.memberIndex[name].map { Self.members[$0].value(self) }
  }
}

/// The limits of docs/contract.md, in one place.
public enum Limits {
  public static let nameLength = 200
  /// Every Fugitive ID# the original app's model could hold (its `fugitiveID` was an Int32,
  /// default 0): 0 and negative ID#s, migrated or imported, are kept under their number. A new
  /// fugitive given no ID# still gets a positive one (`Store.nextFreeFugitiveID`).
  public static let fugitiveIDs: ClosedRange<Int64> = -2_147_483_648...2_147_483_647
  public static let photoBytes = 10 * 1024 * 1024
  public static let descriptionLength = 10_000
  public static let noteLength = 10_000
  /// Court, case number, descriptors, aliases and expense memos.
  public static let caseFieldLength = 200
}

/// A case file held by reference, for `Fugitive` to keep out of line; never changed once made.
private final class CaseFileBox: Equatable, Sendable {
  let caseFile: CaseFile

  init(_ caseFile: CaseFile) { self.caseFile = caseFile }

  static func == (left: CaseFileBox, right: CaseFileBox) -> Bool {
    left.caseFile == right.caseFile
  }
}
