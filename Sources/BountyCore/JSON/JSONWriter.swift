extension JSON {
  /// Compact JSON text: no spaces, keys in insertion order, non-ASCII kept as UTF-8. The same value
  /// always gives the same bytes, so a `--json` answer equals the JSON-RPC `result` of the same call.
  public var serialized: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    write(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the compact text of this value to `output`.
  public func write(to output: inout String) {
    output += serialized
  }

  /// Appends the compact UTF-8 text of this value to `output` (the fast path: no String appends).
  public func write(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    case .bool(let value): output.append(contentsOf: value ? JSON.trueBytes : JSON.falseBytes)
    case .number(let text): output.append(contentsOf: text.utf8)
    case .string(let text): JSON.writeString(text, to: &output)
    case .array(let items):
      output.append(UInt8(ascii: "["))
      var first = true
      for item in items {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        item.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      var first = true
      for member in object.members {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        JSON.writeString(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        member.value.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `text` as a JSON string literal, escaping quotes, backslashes and control characters.
  public static func writeString(_ text: String, to output: inout String) {
    var bytes: [UInt8] = []
    writeString(text, to: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  private static let trueBytes: [UInt8] = Array("true".utf8)
  private static let falseBytes: [UInt8] = Array("false".utf8)

  public static func writeString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    let written: Void? = text.utf8.withContiguousStorageIfAvailable {
      writeStringContents($0, to: &output)
    }
    if written == nil {
      var copy = text
      copy.withUTF8 { writeStringContents($0, to: &output) }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends UTF-8 `bytes` escaped as the inside of a JSON string literal (no quotes). Escapes
  /// are per ASCII byte, so text may be escaped in pieces cut anywhere (a large string is written
  /// out a piece at a time).
  public static func writeStringContents(
    _ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
  ) {
    // Runs that need no escape (most text) are copied whole.
    var start = 0
    for index in 0..<bytes.count {
      let byte = bytes[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
      start = index + 1
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      default:
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [
          0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)],
        ])
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
  }
}
