/// An exact non-negative decimal number such as a commission rate: `significand / 10^scale`.
///
/// `12.5` is significand 125, scale 1. Parsed from text only; at most 9 decimals, so that a
/// percentage of any Int64 amount fits in `Int128` without loss.
public struct ExactDecimal: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let significand: Int64
  public let scale: Int

  public static let maximumScale = 9

  public init(significand: Int64, scale: Int) {
    self.significand = significand
    self.scale = scale
  }

  /// Parses `10`, `12.5`, `0.0003`; rejects signs, exponents, grouping, junk and more than nine
  /// decimals. Surrounding spaces are allowed.
  public init?(_ text: String) {
    let trimmed = text.trimmingASCIIWhitespace()
    let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = parts.first, !whole.isEmpty,
      whole.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
    else { return nil }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard parts.count == 1 || !fraction.isEmpty,
      fraction.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      fraction.count <= Self.maximumScale,
      let value = Int64(whole + fraction)
    else { return nil }
    self.init(significand: value, scale: fraction.count)
  }

  /// The same number with trailing zero decimals removed: `12.50` → `12.5`, `10.0` → `10`.
  public var normalized: ExactDecimal {
    var value = self
    while value.scale > 0 && value.significand % 10 == 0 {
      value = ExactDecimal(significand: value.significand / 10, scale: value.scale - 1)
    }
    return value
  }

  /// Its shortest exact text: `12.5`, `10`.
  public var description: String {
    let value = normalized
    return Money.digits(value.significand, scale: value.scale, grouping: false)
  }

  public static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    let (a, b) = (lhs.normalized, rhs.normalized)
    return a.significand == b.significand && a.scale == b.scale
  }

  public func hash(into hasher: inout Hasher) {
    let value = normalized
    hasher.combine(value.significand)
    hasher.combine(value.scale)
  }

  public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    let scale = max(lhs.scale, rhs.scale)
    let left = Int128(lhs.significand) * Int128(Currency.powersOfTen[scale - lhs.scale])
    let right = Int128(rhs.significand) * Int128(Currency.powersOfTen[scale - rhs.scale])
    return left < right
  }
}
