/// The one escaping every document bounty writes to a terminal goes through, whatever its format
/// (CSV, TSV, JSON, NDJSON, an export, a report, a dossier): the scalars `SafeText.isUnsafe` names
/// (ESC, BEL and the other controls, DEL, C1 controls, bidi controls, U+2028/9, U+FEFF) become
/// visible `\u{…}` escapes, as in tables; line feeds and tabs stay, and so does a carriage return
/// that ends a line (CSV's CRLF); a lone carriage return, which would let text overwrite its own
/// line, is escaped. Bytes that are not UTF-8 become `\x…`.
///
/// It works on bytes as they are written, in pieces cut anywhere: a UTF-8 sequence or a carriage
/// return at the end of a piece waits for the next (`finish()` writes what is left). Files and
/// pipes never pass through it (docs/security.md): they get every byte.
public struct TerminalEscaper: Sendable {
  /// An incomplete sequence, or a carriage return, held back from the last piece.
  private var pending: [UInt8] = []

  public init() {}

  /// The bytes to write for `bytes`, the next piece of the output.
  public mutating func escape(_ bytes: some Collection<UInt8>) -> [UInt8] {
    let input = pending + bytes
    pending = []
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte < 0x80 {
        if byte == 0x0D {
          guard index + 1 < input.count else {
            pending = [byte]
            break
          }
          if input[index + 1] == 0x0A {
            output.append(byte)
          } else {
            Self.append(0x0D, to: &output)
          }
        } else if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
          Self.append(UInt32(byte), to: &output)
        } else {
          output.append(byte)
        }
        index += 1
        continue
      }
      let length = Self.sequenceLength(lead: byte)
      guard length > 1 else {
        Self.appendRaw(byte, to: &output)
        index += 1
        continue
      }
      let available = min(length, input.count - index)
      let continues = (1..<available).allSatisfy { input[index + $0] & 0xC0 == 0x80 }
      if available < length && continues {
        pending = Array(input[index...])
        break
      }
      guard continues, let scalar = Self.decode(input[index..<index + length]) else {
        Self.appendRaw(byte, to: &output)
        index += 1
        continue
      }
      if SafeText.isUnsafe(scalar) {
        Self.append(scalar.value, to: &output)
      } else {
        output.append(contentsOf: input[index..<index + length])
      }
      index += length
    }
    return output
  }

  /// What is still held back, escaped (a lone carriage return, an incomplete sequence).
  public mutating func finish() -> [UInt8] {
    var output: [UInt8] = []
    for byte in pending {
      if byte == 0x0D { Self.append(0x0D, to: &output) } else { Self.appendRaw(byte, to: &output) }
    }
    pending = []
    return output
  }

  /// How many bytes a UTF-8 sequence starting with `lead` has; 1 for a byte that cannot start one.
  private static func sequenceLength(lead: UInt8) -> Int {
    switch lead {
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return 1
    }
  }

  private static func decode(_ bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return scalar
  }

  private static func append(_ value: UInt32, to output: inout [UInt8]) {
    output.append(contentsOf: "\\u{\(String(value, radix: 16))}".utf8)
  }

  private static func appendRaw(_ byte: UInt8, to output: inout [UInt8]) {
    output.append(contentsOf: "\\x\(String(byte, radix: 16))".utf8)
  }
}
