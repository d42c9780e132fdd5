/// Turns the `?` parameters bounty writes for both engines into PostgreSQL's numbered `$1`, `$2`, ….
///
/// A `?` is a parameter only in the SQL itself: inside a string literal (`'…'`, with `''` for a
/// quote, or `E'…'` with backslash escapes), a quoted identifier (`"…"`), a dollar-quoted string
/// (`$$…$$`, `$body$…$body$`) or a comment (`-- …` to the end of the line, `/* … */`, which nest
/// in PostgreSQL) it is left as it is.
enum PostgresPlaceholders {
  /// `sql` with its parameters numbered, and how many there are.
  static func rewrite(_ sql: String) -> (sql: String, count: Int) {
    let bytes = Array(sql.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 16)
    var count = 0
    var index = 0
    while index < bytes.count {
      let end = endOfQuotedOrComment(bytes, at: index)
      if end > index {
        output.append(contentsOf: bytes[index..<end])
        index = end
      } else if bytes[index] == UInt8(ascii: "?") {
        count += 1
        output.append(UInt8(ascii: "$"))
        output.append(contentsOf: String(count).utf8)
        index += 1
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return (String(decoding: output, as: UTF8.self), count)
  }

  /// Where the literal, quoted identifier or comment that starts at `index` ends (the index after
  /// it, or the end of the text when it is not closed); `index` itself when none starts there.
  private static func endOfQuotedOrComment(_ bytes: [UInt8], at index: Int) -> Int {
    let byte = bytes[index]
    let next = index + 1 < bytes.count ? bytes[index + 1] : 0
    let startsToken = index == 0 || !isIdentifierByte(bytes[index - 1])
    switch byte {
    case UInt8(ascii: "'"):
      let escaped =
        index > 0 && (bytes[index - 1] | 0x20) == UInt8(ascii: "e")
        && (index == 1 || !isIdentifierByte(bytes[index - 2]))
      return endOfQuoted(bytes, from: index, backslashEscapes: escaped)
    case UInt8(ascii: "\""):
      return endOfQuoted(bytes, from: index, backslashEscapes: false)
    case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
      return bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
      return endOfBlockComment(bytes, from: index)
    case UInt8(ascii: "$") where startsToken:
      guard let tagEnd = endOfDollarTag(bytes, from: index) else { return index }
      let tag = bytes[index..<tagEnd]
      var search = tagEnd
      while search + tag.count <= bytes.count {
        if bytes[search..<search + tag.count].elementsEqual(tag) { return search + tag.count }
        search += 1
      }
      return bytes.count
    default:
      return index
    }
  }

  /// The end of a literal or identifier opened by the quote at `start`; a doubled quote is one
  /// quote inside it.
  private static func endOfQuoted(_ bytes: [UInt8], from start: Int, backslashEscapes: Bool)
    -> Int
  {
    let quote = bytes[start]
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      if backslashEscapes && byte == UInt8(ascii: "\\") {
        index += 2
      } else if byte == quote {
        guard index + 1 < bytes.count, bytes[index + 1] == quote else { return index + 1 }
        index += 2
      } else {
        index += 1
      }
    }
    return bytes.count
  }

  /// The end of the `/* … */` comment at `start`, counting nested comments.
  private static func endOfBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
    var depth = 0
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return index }
      } else {
        index += 1
      }
    }
    return bytes.count
  }

  /// The end of the opening tag of a dollar-quoted string at `start` (`$$` or `$name$`), or nil
  /// when the `$` starts none (`$1` is a numbered parameter).
  private static func endOfDollarTag(_ bytes: [UInt8], from start: Int) -> Int? {
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "$") { return index + 1 }
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      guard isIdentifierByte(byte), !(isDigit && index == start + 1) else { return nil }
      index += 1
    }
    return nil
  }

  /// A byte that may continue an identifier or keyword: a letter, a digit, `_`, or part of a
  /// non-ASCII character. (`$` may too, but not in a dollar quote's tag, so it is left out.)
  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
      true
    default: false
    }
  }
}
