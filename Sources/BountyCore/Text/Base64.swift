import Foundation

/// Base64 (RFC 4648, with padding) for photos in JSON-RPC and data URIs in dossiers.
public enum Base64 {
  public static func encode(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
  }
}

extension Base64 {
  /// The bytes of base64 text, or nil when it is not base64.
  public static func decode(_ text: String) -> [UInt8]? {
    Data(base64Encoded: text).map(Array.init)
  }
}
