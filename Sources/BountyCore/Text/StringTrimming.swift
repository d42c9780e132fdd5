extension StringProtocol {
  /// The text without leading and trailing ASCII spaces, tabs, CRs and LFs.
  public func trimmingASCIIWhitespace() -> String {
    let bytes = Array(utf8)
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    var start = 0
    var end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    if start == 0 && end == bytes.count { return String(self) }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
