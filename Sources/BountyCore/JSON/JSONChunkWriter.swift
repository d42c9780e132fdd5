/// Compact JSON, byte for byte what `JSON.write(to:)` gives, handed to `emit` in pieces of about
/// 64 KiB as it is written: a large answer (a photo's 14 MiB of base64) is never built whole a
/// second time beside the value it comes from.
public struct JSONChunkWriter {
  /// About how many bytes each piece holds.
  public static let pieceBytes = 1 << 16
  private var buffer: [UInt8] = []
  private let emit: ([UInt8]) -> Bool
  /// True once `emit` refused a piece; nothing more is handed to it.
  public private(set) var failed = false

  /// `emit` takes each piece and answers false when it could not be written.
  public init(emit: @escaping ([UInt8]) -> Bool) {
    self.emit = emit
    buffer.reserveCapacity(Self.pieceBytes + 1024)
  }

  /// Appends bytes that are already JSON text.
  public mutating func append(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    flushIfFull()
  }

  /// Lets `write` append JSON text straight to the pending bytes (a fugitive's members).
  public mutating func appendText(_ write: (inout [UInt8]) -> Void) {
    write(&buffer)
    flushIfFull()
  }

  /// Appends text that is already JSON (punctuation, a key written out).
  public mutating func append(_ text: StaticString) {
    if text.utf8CodeUnitCount == 1 {
      buffer.append(text.utf8Start.pointee)
    } else {
      buffer.append(
        contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
    flushIfFull()
  }

  /// Appends `"name":`, the key of an object member.
  public mutating func key(_ name: String) {
    JSON.writeString(name, to: &buffer)
    buffer.append(UInt8(ascii: ":"))
  }

  /// Appends `value` as compact JSON.
  public mutating func write(_ value: JSON) {
    switch value {
    case .string(var text) where text.utf8.count > Self.pieceBytes:
      buffer.append(UInt8(ascii: "\""))
      text.withUTF8 { bytes in
        var start = 0
        while start < bytes.count {
          let end = min(start + Self.pieceBytes, bytes.count)
          JSON.writeStringContents(UnsafeBufferPointer(rebasing: bytes[start..<end]), to: &buffer)
          flushIfFull()
          start = end
        }
      }
      buffer.append(UInt8(ascii: "\""))
    case .array(let items):
      buffer.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { buffer.append(UInt8(ascii: ",")) }
        write(item)
      }
      buffer.append(UInt8(ascii: "]"))
    case .object(let object):
      buffer.append(UInt8(ascii: "{"))
      for (index, member) in object.members.enumerated() {
        if index > 0 { buffer.append(UInt8(ascii: ",")) }
        JSON.writeString(member.key, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        write(member.value)
      }
      buffer.append(UInt8(ascii: "}"))
    default:
      value.write(to: &buffer)
    }
    flushIfFull()
  }

  /// Hands out what is left; false when any piece could not be written.
  public mutating func finish() -> Bool {
    flush()
    return !failed
  }

  private mutating func flushIfFull() {
    if buffer.count >= Self.pieceBytes { flush() }
  }

  private mutating func flush() {
    guard !buffer.isEmpty else { return }
    if !failed && !emit(buffer) { failed = true }
    buffer.removeAll(keepingCapacity: true)
  }
}
