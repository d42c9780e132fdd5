/// What image a photo's bytes are, judged by their signature, not by what anyone claims.
public enum ImageSignature {
  /// `image/png` or `image/jpeg`, or nil when the bytes are neither.
  public static func mediaType(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    return nil
  }
}
