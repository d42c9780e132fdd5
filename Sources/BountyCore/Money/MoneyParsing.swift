/// Why a text is not an amount of money; `reason` is one line for a person.
public struct MoneyParseError: Error, Equatable, Sendable {
  public let reason: String
}

extension Money {
  /// Parses an amount in `currency` from the whole of `text`, exactly.
  ///
  /// Accepted: `12500`, `12500.5`, `12,500.50`, `$12,500.50`, `12500.50 USD`, with surrounding spaces.
  /// Grouping must be well formed (`1,234,567`); the symbol leads and the ISO code follows.
  /// Errors, never silent rounding: more decimals than the currency has, a sign (unless
  /// `allowNegative`), exponents, underscores, non-ASCII digits, empty text, junk, and amounts that do
  /// not fit in an Int64 of minor units.
  public static func parse(
    _ text: String, currency: Currency, allowNegative: Bool = false
  ) -> Result<Money, MoneyParseError> {
    func failure(_ reason: String) -> Result<Money, MoneyParseError> {
      .failure(MoneyParseError(reason: reason))
    }
    var rest = Substring(text.trimmingASCIIWhitespace())
    if rest.isEmpty { return failure("an amount is required") }
    var negative = false
    if rest.first == "-" {
      guard allowNegative else { return failure("'\(text)' is negative; amounts must be 0 or more") }
      negative = true
      rest = rest.dropFirst()
    }
    let symbol = currency.symbol.trimmingASCIIWhitespace()
    if rest.hasPrefix(symbol) {
      rest = rest.dropFirst(symbol.count)
      if symbol.last?.isLetter == true { rest = rest.drop { $0 == " " } }
    } else if rest.first == "$" && symbol != "$" {
      return failure("'\(text)' uses another currency's symbol; this database uses \(currency.code)")
    }
    if let space = rest.lastIndex(of: " ") {
      let code = rest[rest.index(after: space)...]
      guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return failure("'\(text)' is not an amount")
      }
      guard code.uppercased() == currency.code else {
        return failure("'\(code)' is not this database's currency (\(currency.code))")
      }
      rest = Substring(rest[..<space].trimmingASCIIWhitespace())
    }
    let pieces = rest.split(separator: ".", omittingEmptySubsequences: false)
    guard pieces.count <= 2 else { return failure("'\(text)' is not an amount") }
    let whole = pieces[0]
    let fraction = pieces.count == 2 ? pieces[1] : nil
    guard !whole.isEmpty, isASCIIDigits(whole.replacing(",", with: "")) else {
      return failure("'\(text)' is not an amount")
    }
    guard isWellGrouped(whole) else {
      return failure("'\(text)' has misplaced thousands separators")
    }
    if let fraction {
      guard !fraction.isEmpty, isASCIIDigits(fraction) else {
        return failure("'\(text)' is not an amount")
      }
      guard fraction.count <= currency.scale else {
        return failure(
          "'\(text)' has more decimals than \(currency.code) allows (\(currency.scale))")
      }
    }
    let digits = whole.replacing(",", with: "")
    let paddedFraction = (fraction.map(String.init) ?? "")
      .padding(toLength: currency.scale, withPad: "0", startingAt: 0)
    guard let wholeValue = Int64(digits),
      case let (scaled, overflow1) = wholeValue.multipliedReportingOverflow(
        by: currency.minorPerMajor),
      !overflow1,
      case let (minor, overflow2) = scaled.addingReportingOverflow(Int64(paddedFraction) ?? 0),
      !overflow2
    else {
      return failure("'\(text)' is too large")
    }
    return .success(Money(minorUnits: negative ? -minor : minor, currency: currency))
  }

  private static func isASCIIDigits(_ text: some StringProtocol) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
  }

  /// True when `whole` has no commas, or commas every three digits from the right with a first group
  /// of one to three digits.
  private static func isWellGrouped(_ whole: Substring) -> Bool {
    guard whole.contains(",") else { return true }
    let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
    guard let first = groups.first, (1...3).contains(first.count) else { return false }
    return groups.dropFirst().allSatisfy { $0.count == 3 }
  }
}
