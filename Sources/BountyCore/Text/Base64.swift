/// Base64 (RFC 4648, with padding) for photos in JSON-RPC and data URIs in dossiers.
public enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
    return table
  }()

  /// The base64 text of `bytes`, built in place in the string's own storage (a 10 MiB photo is
  /// one 14 MiB allocation, not an array and then a copy of it).
  public static func encode(_ bytes: [UInt8]) -> String {
    let count = (bytes.count + 2) / 3 * 4
    return String(unsafeUninitializedCapacity: count) { output in
      var index = 0
      var written = 0
      while index + 3 <= bytes.count {
        let chunk =
          UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
        output[written] = alphabet[Int(chunk >> 18 & 63)]
        output[written + 1] = alphabet[Int(chunk >> 12 & 63)]
        output[written + 2] = alphabet[Int(chunk >> 6 & 63)]
        output[written + 3] = alphabet[Int(chunk & 63)]
        written += 4
        index += 3
      }
      let rest = bytes.count - index
      if rest > 0 {
        let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
        output[written] = alphabet[Int(chunk >> 18 & 63)]
        output[written + 1] = alphabet[Int(chunk >> 12 & 63)]
        output[written + 2] = rest == 2 ? alphabet[Int(chunk >> 6 & 63)] : UInt8(ascii: "=")
        output[written + 3] = UInt8(ascii: "=")
        written += 4
      }
      return written
    }
  }

  /// The bytes of base64 text (padding required, no whitespace), or nil when it is not base64.
  /// Reads the string's UTF-8 in place: a 14 MiB photo in base64 is not copied before decoding.
  public static func decode(_ text: String) -> [UInt8]? {
    var text = text
    return text.withUTF8 { decode(utf8: $0) }
  }

  private static func decode(utf8 input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard input.count % 4 == 0 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(input.count / 4 * 3)
    var index = 0
    while index < input.count {
      var chunk: UInt32 = 0
      var padding = 0
      for offset in 0..<4 {
        let byte = input[index + offset]
        if byte == UInt8(ascii: "=") && index + 4 == input.count && offset >= 2 {
          padding += 1
          chunk <<= 6
          continue
        }
        let value = values[Int(byte)]
        guard value != 0xFF, padding == 0 else { return nil }
        chunk = chunk << 6 | UInt32(value)
      }
      output.append(UInt8(chunk >> 16 & 0xFF))
      if padding < 2 { output.append(UInt8(chunk >> 8 & 0xFF)) }
      if padding < 1 { output.append(UInt8(chunk & 0xFF)) }
      index += 4
    }
    return output
  }
}
