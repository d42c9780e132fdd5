/// How an exact quotient is rounded to a whole number: the `rounding` setting.
public enum RoundingMode: String, CaseIterable, Sendable {
  /// Banker's rounding: a tie goes to the even neighbour (the default, as in hledger).
  case halfEven = "half-even"
  /// A tie goes away from zero.
  case halfUp = "half-up"

  /// `numerator / denominator` rounded to a whole number; `denominator` must be positive.
  public func divide(_ numerator: Int128, by denominator: Int128) -> Int128 {
    var quotient = numerator / denominator
    let remainder = numerator % denominator
    if remainder == 0 { return quotient }
    let twice = remainder.magnitude * 2
    let direction: Int128 = numerator < 0 ? -1 : 1
    if twice > denominator.magnitude {
      quotient += direction
    } else if twice == denominator.magnitude {
      switch self {
      case .halfUp: quotient += direction
      case .halfEven: if quotient % 2 != 0 { quotient += direction }
      }
    }
    return quotient
  }
}
