/// A command's parameters after checking against its declaration: every value has its declared
/// type, no unknown name is present, every required one is.
public struct Arguments: Sendable {
  public private(set) var values: [String: ArgumentValue]

  public init(_ values: [String: ArgumentValue] = [:]) {
    self.values = values
  }

  public func has(_ name: String) -> Bool { values[name] != nil }

  public func int(_ name: String) -> Int64? {
    if case .integer(let value) = values[name] { return value }
    return nil
  }

  public func text(_ name: String) -> String? {
    if case .text(let value) = values[name] { return value }
    return nil
  }

  public func bool(_ name: String) -> Bool? {
    if case .boolean(let value) = values[name] { return value }
    return nil
  }

  /// Money arrives as its validated text; the handler parses it in the database currency.
  public func moneyText(_ name: String) -> String? {
    if case .moneyText(let value) = values[name] { return value }
    return nil
  }

  public func decimal(_ name: String) -> ExactDecimal? {
    if case .decimal(let value) = values[name] { return value }
    return nil
  }

  public func timestamp(_ name: String) -> Timestamp? {
    if case .timestamp(let value, _) = values[name] { return value }
    return nil
  }

  /// True when the timestamp was given as a bare date (`2026-11-30`), not a time.
  public func timestampIsDateOnly(_ name: String) -> Bool {
    if case .timestamp(_, let dateOnly) = values[name] { return dateOnly }
    return false
  }

  public func degrees(_ name: String) -> Double? {
    if case .degrees(let value) = values[name] { return value }
    return nil
  }

  public func bytes(_ name: String) -> [UInt8]? {
    if case .bytes(let value) = values[name] { return value }
    return nil
  }

  public func json(_ name: String) -> JSON? {
    if case .json(let value) = values[name] { return value }
    return nil
  }

  public mutating func set(_ name: String, _ value: ArgumentValue) {
    values[name] = value
  }
}

/// One checked parameter value.
public enum ArgumentValue: Equatable, Sendable {
  case integer(Int64)
  case text(String)
  case boolean(Bool)
  case moneyText(String)
  case decimal(ExactDecimal)
  case timestamp(Timestamp, dateOnly: Bool)
  case degrees(Double)
  case bytes([UInt8])
  case json(JSON)
}
