/// Finds the byte ranges of the elements of a top-level JSON array without building them, so a
/// large array can be parsed one element at a time.
public enum JSONArrayScanner {
  public static func elements(of bytes: [UInt8]) throws(JSONParseError) -> [Range<Int>] {
    var index = 0
    func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
      throw JSONParseError(message: "expected a JSON array of fugitives", offset: index)
    }
    index += 1
    var ranges: [Range<Int>] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      skipSpace()
      guard index == bytes.count else {
        throw JSONParseError(message: "unexpected text after the array", offset: index)
      }
      return []
    }
    while true {
      skipSpace()
      let start = index
      var depth = 0
      var inString = false
      while index < bytes.count {
        let byte = bytes[index]
        if inString {
          if byte == UInt8(ascii: "\\") {
            index += 1
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
        } else if byte == UInt8(ascii: "\"") {
          inString = true
        } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
          depth += 1
        } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
          if depth == 0 { break }
          depth -= 1
        } else if byte == UInt8(ascii: ","), depth == 0 {
          break
        }
        index += 1
      }
      guard index < bytes.count else {
        throw JSONParseError(message: "the array is not closed", offset: index)
      }
      var end = index
      while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
      guard end > start else { throw JSONParseError(message: "an empty element", offset: start) }
      ranges.append(start..<end)
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        skipSpace()
        guard index == bytes.count else {
          throw JSONParseError(message: "unexpected text after the array", offset: index)
        }
        return ranges
      }
      index += 1
    }
  }
}
