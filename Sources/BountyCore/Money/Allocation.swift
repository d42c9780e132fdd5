extension Money {
  /// Splits this amount into parts proportional to `ratios` that add up exactly to it, by the
  /// largest-remainder method: each part gets the floor of its exact share, then the units left over
  /// go one each to the parts with the largest remainders, ties to the earlier part.
  ///
  /// Returns nil when `ratios` is empty, has a negative entry, sums to zero, or this amount is negative.
  public func allocated(byRatios ratios: [Int64]) -> [Money]? {
    guard !ratios.isEmpty, minorUnits >= 0, ratios.allSatisfy({ $0 >= 0 }) else { return nil }
    let ratioTotal = ratios.reduce(Int128(0)) { $0 + Int128($1) }
    guard ratioTotal > 0 else { return nil }
    let total = Int128(minorUnits)
    var parts = ratios.map { total * Int128($0) / ratioTotal }
    let remainders = ratios.map { total * Int128($0) % ratioTotal }
    var leftover = total - parts.reduce(0, +)
    let order = remainders.indices.sorted { a, b in
      remainders[a] != remainders[b] ? remainders[a] > remainders[b] : a < b
    }
    for index in order where leftover > 0 {
      parts[index] += 1
      leftover -= 1
    }
    return parts.map { Money(minorUnits: Int64($0), currency: currency) }
  }

  /// Splits this amount into `count` parts as equal as possible, the larger ones first.
  public func allocated(into count: Int) -> [Money]? {
    guard count > 0 else { return nil }
    return allocated(byRatios: Array(repeating: 1, count: count))
  }
}
