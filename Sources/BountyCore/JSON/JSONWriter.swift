extension JSON {
  /// Compact JSON text: no spaces, keys in insertion order, non-ASCII kept as UTF-8. The same value
  /// always gives the same bytes, so a `--json` answer equals the JSON-RPC `result` of the same call.
  public var serialized: String {
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends the compact text of this value to `output`.
  public func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): JSON.writeString(text, to: &output)
    case .array(let items):
      output += "["
      for (position, item) in items.enumerated() {
        if position > 0 { output += "," }
        item.write(to: &output)
      }
      output += "]"
    case .object(let object):
      output += "{"
      for (position, member) in object.members.enumerated() {
        if position > 0 { output += "," }
        JSON.writeString(member.key, to: &output)
        output += ":"
        member.value.write(to: &output)
      }
      output += "}"
    }
  }

  /// Appends `text` as a JSON string literal, escaping quotes, backslashes and control characters.
  public static func writeString(_ text: String, to output: inout String) {
    output += "\""
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
      output += text
    } else {
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case _ where scalar.value < 0x20:
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
