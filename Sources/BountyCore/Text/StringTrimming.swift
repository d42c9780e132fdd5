extension StringProtocol {
  /// The text without leading and trailing ASCII spaces, tabs, CRs and LFs.
  public func trimmingASCIIWhitespace() -> String {
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    // Nothing to trim (most text): no copy of the bytes.
    let text = String(self)
    guard let first = text.utf8.first, let last = text.utf8.last, isSpace(first) || isSpace(last)
    else { return text }
    let bytes = Array(text.utf8)
    var start = 0
    var end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    if start == 0 && end == bytes.count { return text }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
