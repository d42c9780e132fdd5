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
  /// not fit in an Int64 of minor units. Works on the UTF-8 bytes: an import parses a million.
  public static func parse(
    _ text: String, currency: Currency, allowNegative: Bool = false
  ) -> Result<Money, MoneyParseError> {
    func failure(_ reason: String) -> Result<Money, MoneyParseError> {
      .failure(MoneyParseError(reason: reason))
    }
    let bytes = Array(text.utf8)
    var start = 0
    var end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    if start == end { return failure("an amount is required") }
    var negative = false
    if bytes[start] == UInt8(ascii: "-") {
      guard allowNegative else {
        return failure("\(SafeText.quoted(text)) is negative; amounts must be 0 or more")
      }
      negative = true
      start += 1
    }
    // The symbol, if any, leads: `$`, `€`, `CHF` (a letter symbol may be followed by spaces).
    let symbol = Array(currency.symbol.utf8.filter { !isSpace($0) })
    if !symbol.isEmpty, end - start >= symbol.count,
      Array(bytes[start..<start + symbol.count]) == symbol
    {
      start += symbol.count
      if symbol.last.map(isLetter) == true {
        while start < end, isSpace(bytes[start]) { start += 1 }
      }
    } else if start < end, bytes[start] == UInt8(ascii: "$") {
      return failure(
        "\(SafeText.quoted(text)) uses another currency's symbol; this database uses \(currency.code)"
      )
    }
    // The ISO code, if any, follows after a space: `12500.50 USD`.
    if let space = bytes[start..<end].lastIndex(of: 0x20) {
      let code = bytes[(space + 1)..<end]
      guard code.count == 3, code.allSatisfy(isLetter) else {
        return failure("\(SafeText.quoted(text)) is not an amount")
      }
      guard String(decoding: code, as: UTF8.self).uppercased() == currency.code else {
        return failure(
          "'\(String(decoding: code, as: UTF8.self))' is not this database's currency (\(currency.code))"
        )
      }
      end = space
      while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    }
    // Whole part: digits, optionally grouped by commas every three from the right.
    var whole: Int64 = 0
    var digitsInGroup = 0
    var groups = 0
    var firstGroupDigits = 0
    var index = start
    var overflow = false
    while index < end, bytes[index] != UInt8(ascii: ".") {
      let byte = bytes[index]
      if byte == UInt8(ascii: ",") {
        if groups == 0 {
          firstGroupDigits = digitsInGroup
        } else if digitsInGroup != 3 {
          return failure("\(SafeText.quoted(text)) has misplaced thousands separators")
        }
        guard digitsInGroup > 0 else {
          return failure("\(SafeText.quoted(text)) has misplaced thousands separators")
        }
        groups += 1
        digitsInGroup = 0
      } else if byte >= 0x30 && byte <= 0x39 {
        let (times, o1) = whole.multipliedReportingOverflow(by: 10)
        let (plus, o2) = times.addingReportingOverflow(Int64(byte - 0x30))
        overflow = overflow || o1 || o2
        whole = plus
        digitsInGroup += 1
      } else {
        return failure("\(SafeText.quoted(text)) is not an amount")
      }
      index += 1
    }
    if index == start || (groups == 0 && digitsInGroup == 0) {
      return failure("\(SafeText.quoted(text)) is not an amount")
    }
    if groups > 0 && (digitsInGroup != 3 || firstGroupDigits > 3) {
      return failure("\(SafeText.quoted(text)) has misplaced thousands separators")
    }
    // Fraction: at most `scale` digits, at least one after a point.
    var fraction: Int64 = 0
    var fractionDigits = 0
    if index < end {
      index += 1
      guard index < end else { return failure("\(SafeText.quoted(text)) is not an amount") }
      while index < end {
        let byte = bytes[index]
        guard byte >= 0x30 && byte <= 0x39 else {
          return failure("\(SafeText.quoted(text)) is not an amount")
        }
        fractionDigits += 1
        guard fractionDigits <= currency.scale else {
          return failure(
            "\(SafeText.quoted(text)) has more decimals than \(currency.code) allows (\(currency.scale))"
          )
        }
        fraction = fraction * 10 + Int64(byte - 0x30)
        index += 1
      }
    }
    fraction *= Currency.powersOfTen[currency.scale - fractionDigits]
    let (scaled, o1) = whole.multipliedReportingOverflow(by: currency.minorPerMajor)
    let (minor, o2) = scaled.addingReportingOverflow(fraction)
    if overflow || o1 || o2 { return failure("\(SafeText.quoted(text)) is too large") }
    return .success(Money(minorUnits: negative ? -minor : minor, currency: currency))
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }
}
