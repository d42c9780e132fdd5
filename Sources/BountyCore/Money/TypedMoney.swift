extension Money {
  /// What a person may type for an amount, rewritten in the grammar `parse` reads: the one reading
  /// of money typed at a terminal (one-shot options, the shell's and the workspace's forms) and
  /// written in a spreadsheet cell (CSV import). JSON-RPC keeps `parse`'s grammar as it is.
  ///
  /// Beyond `parse`: spaces after a leading symbol (`$ 2,000`), the code first (`USD 12`), and no
  /// digit before the point (`.5`, `$.50`). A decimal comma (`1.234,50`, `12,5`) is refused with
  /// "use . for decimals" rather than read as grouping. The currency is checked by `parse`, which
  /// knows the database's.
  public static func normalizedTyped(_ text: String) -> Result<String, MoneyParseError> {
    // Digits with at most one point, a digit first (`2000`, `12.50`): already in `parse`'s grammar,
    // as nearly every cell of a large CSV import is; no rewriting to look for.
    if isPlainDecimal(text) { return .success(text) }
    var amount = Substring(text.trimmingASCIIWhitespace())
    // `USD 12`: a leading three-letter code goes to the end, where `parse` looks for it.
    if amount.count > 4, amount.prefix(3).allSatisfy({ $0.isASCII && $0.isLetter }),
      amount.dropFirst(3).first == " "
    {
      let code = amount.prefix(3)
      amount = Substring(amount.dropFirst(3).trimmingASCIIWhitespace() + " " + code)
    }
    // `$ 2,000`: what stands before the first digit or point loses its spaces.
    if let start = amount.firstIndex(where: { $0 == "." || ($0.isASCII && $0.isNumber) }),
      start > amount.startIndex
    {
      let prefix = amount[..<start].filter { $0 != " " }
      amount = Substring(prefix) + amount[start...]
    }
    // `.5`: a zero before a point that starts the number.
    if let point = amount.firstIndex(of: "."),
      point == amount.startIndex || !(amount[amount.index(before: point)].isNumber)
    {
      amount = amount[..<point] + "0" + amount[point...]
    }
    let number = amount.prefix { $0 != " " }
    if let comma = number.lastIndex(of: ","),
      isDecimalComma(number[number.index(after: comma)...])
        || number[..<comma].contains(".")
    {
      let meant = String(number.filter { $0 != "." }.map { $0 == "," ? "." : $0 })
      return .failure(
        MoneyParseError(
          reason: "\(SafeText.quoted(text)) has a decimal comma; use . for decimals "
            + "(\(SafeText.quoted(meant)))"))
    }
    return .success(String(amount))
  }

  private static func isPlainDecimal(_ text: String) -> Bool {
    var points = 0
    var first = true
    for byte in text.utf8 {
      if byte == UInt8(ascii: ".") {
        if first { return false }
        points += 1
      } else if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") {
        return false
      }
      first = false
    }
    return !first && points <= 1
  }

  /// True when what follows the last comma reads as cents, not as a group of thousands: one or two
  /// digits to the end.
  private static func isDecimalComma(_ after: Substring) -> Bool {
    (1...2).contains(after.count) && after.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
