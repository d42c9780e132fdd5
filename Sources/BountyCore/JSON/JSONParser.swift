/// Why a text is not JSON; `offset` is the byte where reading stopped.
public struct JSONParseError: Error, Equatable, Sendable {
  public let message: String
  public let offset: Int
}

/// A strict RFC 8259 parser: the whole input must be one value; invalid UTF-8, control characters in
/// strings, lone surrogates, trailing junk and nesting deeper than `maximumDepth` are errors.
/// Numbers keep their digits (`JSON.number`), so no amount ever passes through `Double`.
public struct JSONParser {
  /// How deep arrays and objects may nest before the input is refused (instead of overflowing the
  /// stack on `[[[[…`).
  public static let maximumDepth = 64

  public static func parse(_ text: String) throws(JSONParseError) -> JSON {
    var copy = text
    return try copy.withUTF8 { parseValidated($0) }.get()
  }

  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw JSONParseError(message: "the input is not valid UTF-8", offset: 0)
    }
    return try bytes.withUnsafeBufferPointer { parseValidated($0) }.get()
  }

  private static func parseValidated(
    _ buffer: UnsafeBufferPointer<UInt8>
  ) -> Result<JSON, JSONParseError> {
    var parser = JSONParser(bytes: buffer)
    return Result { () throws(JSONParseError) in try parser.parseDocument() }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private mutating func parseDocument() throws(JSONParseError) -> JSON {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw error("unexpected text after the JSON value") }
    return value
  }

  private func error(_ message: String) -> JSONParseError {
    JSONParseError(message: message, offset: index)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONParseError) -> JSON {
    guard index < bytes.count else { throw error("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectWord("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character")
    }
  }

  private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw error("unexpected end of input") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw error("unexpected character")
    }
    index += count
  }

  private mutating func enterContainer() throws(JSONParseError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw error("nesting deeper than \(Self.maximumDepth) levels")
    }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSON {
    try enterContainer()
    index += 1
    var object = JSONObject()
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a string key")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':'")
      }
      index += 1
      skipWhitespace()
      object[key] = try parseValue()
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return .object(object)
      } else {
        throw error("expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSON {
    try enterContainer()
    index += 1
    var items: [JSON] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        depth -= 1
        return .array(items)
      } else {
        throw error("expected ',' or ']'")
      }
    }
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSON {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count
      && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"))
    {
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    return .number(
      String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("control character in a string") }
      index += 1
    }
    var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unexpected end of input") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append(0x22)
        case UInt8(ascii: "\\"): scalars.append(0x5C)
        case UInt8(ascii: "/"): scalars.append(0x2F)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          let scalar = try parseUnicodeEscape()
          scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: throw error("invalid escape")
        }
      default:
        if byte < 0x20 { throw error("control character in a string") }
        scalars.append(byte)
        index += 1
      }
    }
    throw error("unterminated string")
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw error("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
    let first = try parseHex4()
    if (0xD800...0xDBFF).contains(first) {
      guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw error("lone surrogate in \\u escape") }
      index += 2
      let second = try parseHex4()
      guard (0xDC00...0xDFFF).contains(second),
        let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
      else { throw error("lone surrogate in \\u escape") }
      return scalar
    }
    guard let scalar = Unicode.Scalar(first) else { throw error("lone surrogate in \\u escape") }
    return scalar
  }
}
