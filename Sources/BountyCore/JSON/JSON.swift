/// A JSON value that keeps what bounty needs exact: numbers as their original digits (never through
/// `Double`) and objects in insertion order (so output bytes are stable).
public enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  /// The number's text exactly as written, already checked against the JSON number grammar.
  case number(String)
  case string(String)
  case array([JSON])
  case object(JSONObject)

  public static func int(_ value: Int64) -> JSON { .number(String(value)) }
  public static func int(_ value: Int) -> JSON { .number(String(value)) }

  /// `value` as a JSON number in its shortest round-trip form (coordinates only; never money).
  public static func coordinate(_ value: Double) -> JSON {
    let text = String(value)
    return .number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
  }

  /// The string, or `null` for nil.
  public static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

  /// A short name of this value's type, for error messages (`expected a string, got array`).
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  public var arrayValue: [JSON]? {
    if case .array(let items) = self { return items }
    return nil
  }

  public subscript(key: String) -> JSON? { objectValue?[key] }
}

/// A JSON object that remembers the order its keys were added in. A key set again keeps its place.
///
/// Members live in one array, so writing an object is a walk with no hashing; objects of more than
/// `indexedCount` members also keep a key index, so a hostile request with a hundred thousand keys
/// stays linear.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
  public private(set) var members: [(key: String, value: JSON)] = []
  private var index: [String: Int]?
  /// Above this many members a key index is kept. A fugitive has 18 members (with its case file):
  /// below it, building one (20 a page) stays a walk with no hashing.
  static let indexedCount = 24

  public init() {}

  public init(dictionaryLiteral elements: (String, JSON)...) {
    members.reserveCapacity(elements.count)
    for (key, value) in elements { self[key] = value }
  }

  public var count: Int { members.count }

  public var keys: [String] { members.map(\.key) }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    return members.firstIndex { $0.key == key }
  }

  public subscript(key: String) -> JSON? {
    get { position(of: key).map { members[$0].value } }
    set {
      if let existing = position(of: key) {
        if let newValue {
          members[existing].value = newValue
        } else {
          members.remove(at: existing)
          index = nil
          if members.count > Self.indexedCount { rebuildIndex() }
        }
      } else if let newValue {
        members.append((key, newValue))
        if index != nil {
          index?[key] = members.count - 1
        } else if members.count > Self.indexedCount {
          rebuildIndex()
        }
      }
    }
  }

  private mutating func rebuildIndex() {
    var built: [String: Int] = [:]
    built.reserveCapacity(members.count)
    for (offset, member) in members.enumerated() { built[member.key] = offset }
    index = built
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }
}
