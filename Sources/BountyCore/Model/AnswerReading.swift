/// Reads typed values back from the JSON shapes the model writes (`Fugitive.json`, `Note.json`,
/// …): the one inverse of each shape, kept beside it, so a front that receives an answer works with
/// a `Fugitive` and never reads the answer's keys itself. A shape that does not match throws
/// `BountyError.io` naming what was read and the member that was wrong: an answer bounty made
/// itself, so a mismatch is a bug to report, not the person's mistake.
public struct AnswerReader {
  let object: JSONObject
  let what: String

  /// Reads `json`, which must be an object; `what` names it in errors ("fugitive").
  public init(_ json: JSON, what: String) throws(BountyError) {
    guard case .object(let object) = json else {
      throw BountyError.io("unreadable \(what): expected an object, got \(json.typeName)")
    }
    self.object = object
    self.what = what
  }

  private func wrong(_ key: String, _ expected: String) -> BountyError {
    .io("unreadable \(what): \(key) is not \(expected)")
  }

  /// True when the answer has a member `key`, null or not.
  public func has(_ key: String) -> Bool { object[key] != nil }

  /// The member `key`, or nil when it is absent or null.
  public func optionalValue(_ key: String) -> JSON? {
    guard let value = object[key], value != .null else { return nil }
    return value
  }

  public func string(_ key: String) throws(BountyError) -> String {
    guard case .string(let text)? = object[key] else { throw wrong(key, "a string") }
    return text
  }

  public func optionalString(_ key: String) throws(BountyError) -> String? {
    guard let value = optionalValue(key) else { return nil }
    guard case .string(let text) = value else { throw wrong(key, "a string") }
    return text
  }

  public func int(_ key: String) throws(BountyError) -> Int64 {
    guard let value = try optionalInt(key) else { throw wrong(key, "a whole number") }
    return value
  }

  public func optionalInt(_ key: String) throws(BountyError) -> Int64? {
    guard let value = optionalValue(key) else { return nil }
    guard case .number(let digits) = value, let number = Int64(digits) else {
      throw wrong(key, "a whole number")
    }
    return number
  }

  public func optionalDouble(_ key: String) throws(BountyError) -> Double? {
    guard let value = optionalValue(key) else { return nil }
    guard case .number(let digits) = value, let number = Double(digits) else {
      throw wrong(key, "a number")
    }
    return number
  }

  public func bool(_ key: String) throws(BountyError) -> Bool {
    guard case .bool(let flag)? = object[key] else { throw wrong(key, "true or false") }
    return flag
  }

  /// An amount written as `Money.plain` in `currency`.
  public func money(_ key: String, _ currency: Currency) throws(BountyError) -> Money {
    guard let amount = try optionalMoney(key, currency) else { throw wrong(key, "an amount") }
    return amount
  }

  public func optionalMoney(_ key: String, _ currency: Currency) throws(BountyError) -> Money? {
    guard let text = try optionalString(key) else { return nil }
    guard case .success(let amount) = Money.parse(text, currency: currency, allowNegative: true)
    else { throw wrong(key, "an amount in \(currency.code)") }
    return amount
  }

  public func time(_ key: String) throws(BountyError) -> Timestamp {
    guard let time = try optionalTime(key) else { throw wrong(key, "a time") }
    return time
  }

  public func optionalTime(_ key: String) throws(BountyError) -> Timestamp? {
    guard let text = try optionalString(key) else { return nil }
    guard let time = Timestamp(parsing: text) else { throw wrong(key, "a time") }
    return time
  }

  public func optionalDate(_ key: String) throws(BountyError) -> CalendarDate? {
    guard let text = try optionalString(key) else { return nil }
    guard let date = CalendarDate(parsing: text) else { throw wrong(key, "a date") }
    return date
  }

  /// The array `key` (empty when absent or null), each item read by `read`.
  public func array<Item>(_ key: String, _ read: (JSON) throws(BountyError) -> Item)
    throws(BountyError) -> [Item]
  {
    guard let value = optionalValue(key) else { return [] }
    guard case .array(let items) = value else { throw wrong(key, "a list") }
    var result: [Item] = []
    result.reserveCapacity(items.count)
    for item in items { result.append(try read(item)) }
    return result
  }

  /// The object `key` read by `read`, or nil when it is absent or null.
  public func optionalObject<Item>(_ key: String, _ read: (JSON) throws(BountyError) -> Item)
    throws(BountyError) -> Item?
  {
    guard let value = optionalValue(key) else { return nil }
    return try read(value)
  }
}

extension Fugitive {
  /// The fugitive `json` describes (the shape of `Fugitive.json`), its money in `currency`.
  public init(json: JSON, currency: Currency) throws(BountyError) {
    let fields = try AnswerReader(json, what: "fugitive")
    let id = try fields.int("id")
    self.init(
      id: id, name: try fields.string("name"), bounty: try fields.money("bounty", currency),
      description: try fields.string("description"), captured: try fields.bool("captured"),
      capturedAt: try fields.optionalTime("capturedAt"),
      captureLocation: nil,
      lastSeen: try fields.optionalObject("lastSeen", LastSeen.init(json:)),
      hasPhoto: try fields.bool("hasPhoto"), position: try fields.int("position"),
      notes: try fields.array("notes") { (note) throws(BountyError) in
        try Note(json: note, fugitiveID: id)
      },
      createdAt: try fields.time("createdAt"), updatedAt: try fields.time("updatedAt"))
    capturePosition = try fields.optionalObject("captureLocation", Coordinates.read(json:)) ?? nil
    caseFile = CaseFile(
      bond: try fields.optionalObject("bond") { (bond) throws(BountyError) in
        try Bond(json: bond, currency: currency)
      },
      descriptors: try fields.optionalObject("descriptors", Descriptors.init(json:)),
      aliases: try fields.array("aliases") { (alias) throws(BountyError) in
        guard case .string(let text) = alias else {
          throw BountyError.io("unreadable fugitive: an alias is not a string")
        }
        return text
      },
      expenses: try fields.array("expenses") { (expense) throws(BountyError) in
        try Expense(json: expense, fugitiveID: id, currency: currency)
      },
      closedAt: try fields.optionalTime("closedAt"))
  }
}

extension Coordinates {
  /// The position `json` (`{lat, lon}`, either may be null) describes; nil when neither is known.
  public static func read(json: JSON) throws(BountyError) -> Coordinates? {
    let fields = try AnswerReader(json, what: "position")
    return Coordinates(lat: try fields.optionalDouble("lat"), lon: try fields.optionalDouble("lon"))
  }
}

extension LastSeen {
  /// The whereabouts `json` (`{lat, lon, description, at}`) describes.
  public init(json: JSON) throws(BountyError) {
    let fields = try AnswerReader(json, what: "last seen")
    self.init(
      lat: try fields.optionalDouble("lat"), lon: try fields.optionalDouble("lon"),
      description: try fields.optionalString("description"), at: try fields.optionalTime("at"))
  }
}

extension Note {
  /// The note `json` (`{id, text, createdAt}`) describes, of fugitive `fugitiveID`.
  public init(json: JSON, fugitiveID: Int64) throws(BountyError) {
    let fields = try AnswerReader(json, what: "note")
    self.init(
      id: try fields.int("id"), fugitiveID: fugitiveID, text: try fields.string("text"),
      createdAt: try fields.time("createdAt"))
  }
}

extension Bond {
  /// The bond `json` describes, its amount in `currency`.
  public init(json: JSON, currency: Currency) throws(BountyError) {
    let fields = try AnswerReader(json, what: "bond")
    self.init(
      amount: try fields.optionalMoney("amount", currency),
      court: try fields.optionalString("court"),
      caseNumber: try fields.optionalString("caseNumber"),
      ftaDate: try fields.optionalDate("ftaDate"),
      forfeitureDate: try fields.optionalDate("forfeitureDate"),
      daysLeft: try fields.optionalInt("daysLeft"))
  }
}

extension Descriptors {
  /// The descriptors `json` describes.
  public init(json: JSON) throws(BountyError) {
    let fields = try AnswerReader(json, what: "descriptors")
    self.init(
      dob: try fields.optionalDate("dob"), height: try fields.optionalString("height"),
      weight: try fields.optionalString("weight"), eyes: try fields.optionalString("eyes"),
      hair: try fields.optionalString("hair"), marks: try fields.optionalString("marks"))
  }
}

extension Expense {
  /// The expense `json` describes, of fugitive `fugitiveID`, its amount in `currency`.
  public init(json: JSON, fugitiveID: Int64, currency: Currency) throws(BountyError) {
    let fields = try AnswerReader(json, what: "expense")
    guard let date = try fields.optionalDate("date") else {
      throw BountyError.io("unreadable expense: date is not a date")
    }
    self.init(
      id: try fields.int("id"), fugitiveID: fugitiveID, date: date,
      amount: try fields.money("amount", currency), memo: try fields.string("memo"))
  }
}
