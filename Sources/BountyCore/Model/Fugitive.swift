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

  /// The position of `lat` and `lon` when both are known.
  public static func display(lat: Double?, lon: Double?) -> String? {
    guard let lat, let lon else { return nil }
    return GeoPoint(lat: lat, lon: lon).display
  }

  static func threeDecimals(_ value: Double) -> String {
    let thousandths = (value * 1000).rounded()
    let magnitude = Int64(abs(thousandths))
    let fraction = String(magnitude % 1000)
    return (thousandths < 0 ? "-" : "") + "\(magnitude / 1000)."
      + String(repeating: "0", count: 3 - fraction.count) + fraction
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
  public var captureLocation: GeoPoint?
  public var lastSeen: LastSeen?
  public var hasPhoto: Bool
  public var position: Int64
  public var notes: [Note]
  public var createdAt: Timestamp
  public var updatedAt: Timestamp
  /// Bond and court, descriptors, aliases, expenses and whether the case is closed (issue 16).
  public var caseFile = CaseFile()

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
    self.captureLocation = captureLocation
    self.lastSeen = lastSeen
    self.hasPhoto = hasPhoto
    self.position = position
    self.notes = notes
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// The JSON shape of docs/contract.md: camelCase keys, money as a string with the currency's digits.
  public var json: JSON { .object(jsonObject) }

  /// `json`'s members, for an answer that adds some of its own.
  public var jsonObject: JSONObject {
    var object: JSONObject = [
      "id": .int(id),
      "name": .string(name),
      "bounty": .string(bounty.plain),
      "description": .string(description),
      "captured": .bool(captured),
      "capturedAt": .optional(capturedAt?.iso8601),
      "captureLocation": captureLocation?.json ?? .null,
      "lastSeen": lastSeen?.json ?? .null,
      "hasPhoto": .bool(hasPhoto),
      "position": .int(position),
      "notes": .array(notes.map(\.json)),
      "createdAt": .string(createdAt.iso8601),
      "updatedAt": .string(updatedAt.iso8601),
    ]
    for (key, value) in caseFile.jsonMembers { object[key] = value }
    return object
  }
}

/// The limits of docs/contract.md, in one place.
public enum Limits {
  public static let nameLength = 200
  public static let fugitiveIDs: ClosedRange<Int64> = 1...2_147_483_647
  public static let photoBytes = 10 * 1024 * 1024
  public static let descriptionLength = 10_000
  public static let noteLength = 10_000
  /// Court, case number, descriptors, aliases and expense memos.
  public static let caseFieldLength = 200
}
