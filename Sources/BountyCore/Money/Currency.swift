/// An ISO 4217 currency: its code, how many minor digits its amounts carry, and its symbol.
public struct Currency: Hashable, Sendable {
  public let code: String
  /// Minor digits: 2 for USD (cents), 0 for JPY, 3 for BHD.
  public let scale: Int
  public let symbol: String

  /// 10^scale as Int64: the number of minor units in one major unit.
  public var minorPerMajor: Int64 { Self.powersOfTen[scale] }

  public static let usd = Currency(code: "USD", scale: 2, symbol: "$")

  /// The currencies bounty knows, by code.
  public static let all: [Currency] = [
    usd,
    Currency(code: "EUR", scale: 2, symbol: "€"),
    Currency(code: "GBP", scale: 2, symbol: "£"),
    Currency(code: "CAD", scale: 2, symbol: "CA$"),
    Currency(code: "AUD", scale: 2, symbol: "A$"),
    Currency(code: "NZD", scale: 2, symbol: "NZ$"),
    Currency(code: "CHF", scale: 2, symbol: "CHF "),
    Currency(code: "MXN", scale: 2, symbol: "MX$"),
    Currency(code: "SEK", scale: 2, symbol: "SEK "),
    Currency(code: "JPY", scale: 0, symbol: "¥"),
    Currency(code: "KRW", scale: 0, symbol: "₩"),
    Currency(code: "BHD", scale: 3, symbol: "BHD "),
    Currency(code: "KWD", scale: 3, symbol: "KWD "),
    Currency(code: "JOD", scale: 3, symbol: "JOD "),
  ]

  /// The currency with this ISO code (case-insensitive), or nil.
  public static func named(_ code: String) -> Currency? {
    let upper = code.uppercased()
    return all.first { $0.code == upper }
  }

  /// 10^0 … 10^18, every power of ten an Int64 holds.
  public static let powersOfTen: [Int64] = (0...18).map { exponent in
    var value: Int64 = 1
    for _ in 0..<exponent { value *= 10 }
    return value
  }
}
