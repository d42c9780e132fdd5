/// Finds jq's module directives (`include "x";`, `import "x" as $y;`) in an expression before
/// libjq sees it. Loading a module reads a file (any path: `import "/etc/passwd" as $p`), and
/// libjq 1.6 without the attributes jq's own main sets aborts in `jv_array_concat` when asked to,
/// so `--jq` refuses them. A directive is the word `include` or `import` followed by a string
/// literal; the words inside strings and comments are skipped, those inside a string's
/// interpolation `\(…)` are code and are looked at.
enum JQModules {
  /// The first directive word in `expression` that is followed by a string literal, or nil.
  static func directive(in expression: String) -> String? {
    let bytes = Array(expression.utf8)
    // For each open interpolation, how many parentheses are open inside it.
    var interpolations: [Int] = []
    var inString = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") {
            interpolations.append(0)
            inString = false
          }
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "#"):
        index = endOfComment(bytes, from: index)
        continue
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "("):
        if let open = interpolations.popLast() { interpolations.append(open + 1) }
      case UInt8(ascii: ")"):
        if let open = interpolations.popLast() {
          if open == 0 { inString = true } else { interpolations.append(open - 1) }
        }
      default:
        guard isWordStart(byte) else { break }
        var end = index
        while end < bytes.count, isWordStart(bytes[end]) || isDigit(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[index..<end], as: UTF8.self)
        if word == "include" || word == "import",
          nextToken(bytes, from: end) == UInt8(ascii: "\"")
        {
          return word
        }
        index = end
        continue
      }
      index += 1
    }
    return nil
  }

  /// The first byte after `index` that is neither white space nor part of a comment.
  private static func nextToken(_ bytes: [UInt8], from index: Int) -> UInt8? {
    var index = index
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "#"):
        index = endOfComment(bytes, from: index)
      default:
        return bytes[index]
      }
    }
    return nil
  }

  /// Where the comment starting at `index` ends: at its line feed (which is kept).
  private static func endOfComment(_ bytes: [UInt8], from index: Int) -> Int {
    bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
  }

  private static func isWordStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
