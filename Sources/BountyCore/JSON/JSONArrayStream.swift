/// Splits a top-level JSON array into its elements' bytes as the input arrives, so that an import
/// of any size holds one element at a time (at most `maximumElementBytes`), never the file. Only
/// the array's frame is checked here; each element is parsed by `JSONParser`.
public struct JSONArrayStream {
  /// The longest element accepted: a fugitive with the largest photo (10 MiB, base64) fits.
  public static let maximumElementBytes = 16 << 20

  private enum Phase {
    case start, firstElement, nextElement, element, done
  }

  private var phase = Phase.start
  private var element: [UInt8] = []
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var offset = 0
  private var bomBytes = 0

  public init() {}

  /// Reads `bytes`; returns the elements they complete, each trimmed of surrounding spaces.
  public mutating func feed(_ bytes: [UInt8]) throws(JSONParseError) -> [[UInt8]] {
    var completed: [[UInt8]] = []
    for byte in bytes {
      defer { offset += 1 }
      let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
      switch phase {
      case .start:
        if offset == bomBytes, bomBytes < 3, byte == [0xEF, 0xBB, 0xBF][bomBytes] {
          bomBytes += 1
          continue
        }
        if isSpace { continue }
        guard byte == UInt8(ascii: "[") else {
          throw JSONParseError(message: "expected a JSON array of fugitives", offset: offset)
        }
        phase = .firstElement
      case .firstElement, .nextElement:
        if isSpace { continue }
        if byte == UInt8(ascii: "]") {
          guard phase == .firstElement else {
            throw JSONParseError(message: "an empty element", offset: offset)
          }
          phase = .done
          continue
        }
        if byte == UInt8(ascii: ",") {
          throw JSONParseError(message: "an empty element", offset: offset)
        }
        phase = .element
        try take(byte)
      case .element:
        if !inString && depth == 0 && (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")) {
          while let last = element.last,
            last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D
          {
            element.removeLast()
          }
          completed.append(element)
          element = []
          phase = byte == UInt8(ascii: ",") ? .nextElement : .done
          continue
        }
        try take(byte)
      case .done:
        guard isSpace else {
          throw JSONParseError(message: "unexpected text after the array", offset: offset)
        }
      }
    }
    return completed
  }

  /// Checks that the array was closed.
  public func finish() throws(JSONParseError) {
    guard phase == .done else {
      throw JSONParseError(
        message: phase == .start ? "expected a JSON array of fugitives" : "the array is not closed",
        offset: offset)
    }
  }

  private mutating func take(_ byte: UInt8) throws(JSONParseError) {
    element.append(byte)
    guard element.count <= Self.maximumElementBytes else {
      throw JSONParseError(message: "an element is longer than 16 MiB", offset: offset)
    }
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
    } else if byte == UInt8(ascii: "\"") {
      inString = true
    } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
      depth += 1
    } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
      depth -= 1
      if depth < 0 {
        throw JSONParseError(message: "a closing bracket without its opening one", offset: offset)
      }
    }
  }
}
