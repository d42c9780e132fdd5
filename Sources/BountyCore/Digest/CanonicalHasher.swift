/// Hashes a sequence of typed values in the history chain's canonical encoding (docs/history.md,
/// "Canonical encoding"): `n` for NULL, `i…;` for an integer, `r` and 16 hex digits for a real's
/// bits, `t`/`b` with a byte length for text and blobs, `l` with a count before a list's values.
/// Both engines' chains are this encoding under SHA-256. The bytes are gathered in a buffer and
/// hashed 4 KiB at a time, so a step of a million small values costs no call per value.
public struct CanonicalHasher: Sendable {
  private var sha = SHA256()
  private var buffer: [UInt8] = []

  public init() { buffer.reserveCapacity(Self.flushAt + 64) }

  private static let flushAt = 4096

  public mutating func null() { byte(UInt8(ascii: "n")) }

  public mutating func integer(_ value: Int64) {
    byte(UInt8(ascii: "i"))
    decimal(value)
    byte(UInt8(ascii: ";"))
  }

  public mutating func real(_ value: Double) {
    byte(UInt8(ascii: "r"))
    let bits = value.bitPattern
    for shift in stride(from: 60, through: 0, by: -4) {
      byte(Self.hexDigits[Int((bits >> UInt64(shift)) & 0xf)])
    }
  }

  public mutating func text(_ value: String) {
    var value = value
    value.withUTF8 { prefixed(UInt8(ascii: "t"), $0) }
  }

  /// A text value as the bytes it is stored as, valid UTF-8 or not: SQLite keeps whatever bytes
  /// another program wrote, and decoding them first would hash every invalid sequence as U+FFFD
  /// (so an edit from one invalid sequence to another would not change the hash).
  public mutating func text(bytes: UnsafeBufferPointer<UInt8>) {
    prefixed(UInt8(ascii: "t"), bytes)
  }

  public mutating func blob<Bytes: Collection>(_ value: Bytes) where Bytes.Element == UInt8 {
    let done: Void? = value.withContiguousStorageIfAvailable { prefixed(UInt8(ascii: "b"), $0) }
    if done == nil { Array(value).withUnsafeBufferPointer { prefixed(UInt8(ascii: "b"), $0) } }
  }

  /// Starts a blob of `count` bytes, which follow in pieces (`blobPiece`): a large blob hashed
  /// without holding it whole.
  public mutating func blobHeader(count: Int) {
    byte(UInt8(ascii: "b"))
    decimal(Int64(count))
    byte(UInt8(ascii: ":"))
  }

  /// Bytes of the blob `blobHeader` began.
  public mutating func blobPiece(_ bytes: UnsafeBufferPointer<UInt8>) {
    flush()
    sha.update(bytes)
  }

  /// Starts a list of `count` values (the values follow).
  public mutating func list(count: Int) {
    byte(UInt8(ascii: "l"))
    decimal(Int64(count))
    byte(UInt8(ascii: ":"))
  }

  /// The SHA-256 of everything added, as 64 lowercase hex digits.
  public mutating func finishHex() -> String {
    sha.update(buffer)
    buffer.removeAll()
    return SHA256.hexString(sha.finish())
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private mutating func byte(_ value: UInt8) {
    buffer.append(value)
    if buffer.count >= Self.flushAt { flush() }
  }

  private mutating func flush() {
    sha.update(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// `tag`, the byte count in decimal, `:`, the bytes.
  private mutating func prefixed(_ tag: UInt8, _ bytes: UnsafeBufferPointer<UInt8>) {
    byte(tag)
    decimal(Int64(bytes.count))
    byte(UInt8(ascii: ":"))
    if bytes.count > Self.flushAt {
      flush()
      sha.update(bytes)
    } else {
      buffer.append(contentsOf: bytes)
      if buffer.count >= Self.flushAt { flush() }
    }
  }

  private mutating func decimal(_ value: Int64) {
    if value < 0 { byte(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // At most 20 digits, gathered least significant first.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var count = 0
      repeat {
        digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      for index in stride(from: count - 1, through: 0, by: -1) { byte(digits[index]) }
    }
  }
}
