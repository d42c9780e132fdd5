/// An exact amount of money: a whole number of minor units (cents) of one currency.
///
/// No binary floating point touches it: amounts are parsed from their text, kept as `Int64` minor
/// units and formatted back from them. Arithmetic is checked; an overflow is an error, never a wrap.
public struct Money: Hashable, Sendable, Comparable {
  public let minorUnits: Int64
  public let currency: Currency

  public init(minorUnits: Int64, currency: Currency) {
    self.minorUnits = minorUnits
    self.currency = currency
  }

  public static func zero(_ currency: Currency) -> Money {
    Money(minorUnits: 0, currency: currency)
  }

  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

  /// `self + other`, or `nil` when the sum does not fit.
  public func adding(_ other: Money) -> Money? {
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    return overflow ? nil : Money(minorUnits: sum, currency: currency)
  }

  /// `self - other`, or `nil` when the difference does not fit.
  public func subtracting(_ other: Money) -> Money? {
    let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
    return overflow ? nil : Money(minorUnits: difference, currency: currency)
  }

  /// The exact sum of `amounts`, or `nil` when it does not fit in an Int64 of minor units.
  public static func sum(_ amounts: some Sequence<Money>, currency: Currency) -> Money? {
    var total: Int64 = 0
    for amount in amounts {
      let (next, overflow) = total.addingReportingOverflow(amount.minorUnits)
      if overflow { return nil }
      total = next
    }
    return Money(minorUnits: total, currency: currency)
  }

  /// `rate` percent of this amount, rounded to a whole minor unit with `rounding`.
  /// Exact: the product is taken in `Int128`, then divided once and rounded once.
  public func percentage(_ rate: ExactDecimal, rounding: RoundingMode) -> Money? {
    let numerator = Int128(minorUnits) * Int128(rate.significand)
    let denominator = Int128(100) * Int128(Currency.powersOfTen[rate.scale])
    let rounded = rounding.divide(numerator, by: denominator)
    guard let minor = Int64(exactly: rounded) else { return nil }
    return Money(minorUnits: minor, currency: currency)
  }

  /// The amount for machines: `12500.50` (no grouping, no symbol, exactly `scale` decimals).
  public var plain: String {
    Self.digits(minorUnits, scale: currency.scale, grouping: false)
  }

  /// Appends `plain` to `bytes` without building a String (reports and exports write millions).
  public func writePlain(to bytes: inout [UInt8]) {
    Self.withDigits(
      magnitude: minorUnits.magnitude, negative: minorUnits < 0, scale: currency.scale,
      grouping: false
    ) { bytes.append(contentsOf: $0) }
  }

  /// The amount for people: `$12,500.50`.
  public var display: String {
    Self.digits(
      magnitude: minorUnits.magnitude, negative: minorUnits < 0, scale: currency.scale,
      grouping: true, symbol: currency.symbol)
  }

  /// A whole number with thousands separators: `1,000,000` (counts in progress bars and reports).
  public static func grouped(_ value: Int64) -> String {
    digits(value, scale: 0, grouping: true)
  }

  /// The decimal text of `minor` minor units with `scale` decimals, optionally grouped by thousands.
  static func digits(_ minor: Int64, scale: Int, grouping: Bool) -> String {
    digits(magnitude: minor.magnitude, negative: minor < 0, scale: scale, grouping: grouping)
  }

  /// `-`, then `symbol`, then the digits of `magnitude` minor units.
  private static func digits(
    magnitude: UInt64, negative: Bool, scale: Int, grouping: Bool, symbol: String = ""
  ) -> String {
    let text = withDigits(magnitude: magnitude, negative: false, scale: scale, grouping: grouping) {
      String(decoding: $0, as: UTF8.self)
    }
    return negative ? "-" + symbol + text : (symbol.isEmpty ? text : symbol + text)
  }

  /// Hands `body` the digits of `magnitude` minor units (after `-` when `negative`), written right
  /// to left into one small buffer: no string or array per amount (a 5,000-row table formats 5,000,
  /// an export millions).
  private static func withDigits<R>(
    magnitude: UInt64, negative: Bool, scale: Int, grouping: Bool,
    _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    // A sign, 20 digits, 6 commas, the point and the decimals of any currency.
    let capacity = 32 + scale
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var start = capacity
      func put(_ byte: UInt8) {
        start -= 1
        buffer[start] = byte
      }
      var rest = magnitude
      if scale > 0 {
        for _ in 0..<scale {
          put(UInt8(ascii: "0") + UInt8(rest % 10))
          rest /= 10
        }
        put(UInt8(ascii: "."))
      }
      var count = 0
      repeat {
        if grouping && count > 0 && count % 3 == 0 { put(UInt8(ascii: ",")) }
        put(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
        count += 1
      } while rest > 0
      if negative { put(UInt8(ascii: "-")) }
      return body(UnsafeBufferPointer(rebasing: buffer[start..<capacity]))
    }
  }
}
