/// Text from users and files made safe to show a person: control characters (which could move a
/// terminal's cursor, retitle its window or ring its bell) and bidirectional overrides and
/// isolates (which could make `evil.exe` look like `exe.live`) become visible `\u{…}` escapes.
public enum SafeText {
  /// True for a scalar that must never reach a terminal or a document raw: C0 and C1 controls,
  /// DEL, the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the line and
  /// paragraph separators (U+2028, U+2029: a line break to some readers, none to others) and the
  /// byte-order mark (U+FEFF, invisible and of no width, which puts a table's columns out).
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E,
      0x2066...0x2069, 0xFEFF:
      return true
    default:
      return false
    }
  }

  /// True when every byte of `text` is printable ASCII (space to `~`): text that needs no escape
  /// and takes one terminal column a byte, checked over its bytes (most names and amounts are,
  /// and a 5,000-row table asks of every cell).
  public static func isPrintableASCII(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 &- 0x20 < 0x5F }
    } ?? text.utf8.allSatisfy { $0 &- 0x20 < 0x5F }
  }

  /// `text` with every unsafe scalar as `\u{…}`; newlines and tabs become spaces unless
  /// `keepNewlines` (then `\n` stays, and tabs still become spaces).
  public static func escaped(_ text: String, keepNewlines: Bool = false) -> String {
    guard !isPrintableASCII(text), text.unicodeScalars.contains(where: isUnsafe) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "\n" && keepNewlines {
        result.unicodeScalars.append(scalar)
      } else if scalar == "\n" || scalar == "\t" || scalar == "\r" {
        result += " "
      } else if isUnsafe(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` for a terminal that shows a document as it is written (an export or report sent to
  /// standard output): line breaks and tabs stay, every other unsafe scalar becomes `\u{…}`.
  public static func forTerminal(_ text: String) -> String {
    guard
      text.unicodeScalars.contains(where: { isUnsafe($0) && !"\n\r\t".unicodeScalars.contains($0) })
    else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) && !"\n\r\t".unicodeScalars.contains(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// At most `limit` characters of `text`, escaped, ending in `…` when cut: what an error message
  /// may quote of its input, never more.
  public static func excerpt(_ text: String, limit: Int = 24) -> String {
    let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
    var result = ""
    for scalar in cut.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// True when `text` shows nothing: empty, or only spaces of any kind (a vertical tab, a no-break
  /// space), control characters and the characters Unicode says a reader ignores (a zero-width
  /// space, a BOM).
  public static func isBlank(_ text: String) -> Bool {
    // A visible ASCII character first (nearly every name): no Unicode properties to look up.
    if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
    return text.unicodeScalars.allSatisfy {
      $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint
        || $0.properties.generalCategory == .control
    }
  }

  /// `excerpt(text)` in single quotes: how an error message names the value it refuses
  /// (`'1.005' has more decimals…`), however long or hostile the value was.
  public static func quoted(_ text: String) -> String {
    "'" + excerpt(text) + "'"
  }

  /// True when `text` holds a NUL, which no text in bounty may (it would cut the text short in C
  /// code and in SQL written as text).
  public static func containsNUL(_ text: String) -> Bool {
    text.utf8.contains(0)
  }
}
