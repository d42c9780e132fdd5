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
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
  public private(set) var keys: [String] = []
  private var values: [String: JSON] = [:]

  public init() {}

  public init(dictionaryLiteral elements: (String, JSON)...) {
    for (key, value) in elements { self[key] = value }
  }

  public var count: Int { keys.count }

  public subscript(key: String) -> JSON? {
    get { values[key] }
    set {
      if let newValue {
        if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
      } else if values.removeValue(forKey: key) != nil {
        keys.removeAll { $0 == key }
      }
    }
  }

  /// The members in order.
  public var members: [(key: String, value: JSON)] {
    keys.compactMap { key in values[key].map { (key, $0) } }
  }
}
