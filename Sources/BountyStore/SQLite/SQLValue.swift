/// A value bound to a statement parameter. Amounts are `.integer` minor units, always; the one
/// binary floating-point case is named for the only thing it carries, so no amount can pass
/// through it unnoticed.
public enum SQLValue: Sendable, Equatable {
  case null
  case integer(Int64)
  /// A latitude or longitude (degrees); never an amount.
  case coordinate(Double)
  case text(String)
  case blob([UInt8])

  public static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
  /// A latitude or longitude, or NULL.
  public static func optionalCoordinate(_ number: Double?) -> SQLValue {
    number.map(SQLValue.coordinate) ?? .null
  }
  public static func optional(_ number: Int64?) -> SQLValue {
    number.map(SQLValue.integer) ?? .null
  }
  /// Integers (ID#s) as the JSON array text `SQLDialect.integersOfJSONArray` reads back.
  public static func integers(_ numbers: [Int64]) -> SQLValue {
    .text("[" + numbers.map(String.init).joined(separator: ",") + "]")
  }
}
