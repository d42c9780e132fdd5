/// A value bound to a statement parameter.
public enum SQLValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  public static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
  public static func optional(_ number: Double?) -> SQLValue { number.map(SQLValue.real) ?? .null }
  public static func optional(_ number: Int64?) -> SQLValue {
    number.map(SQLValue.integer) ?? .null
  }
}
