import Foundation

/// The key names sort by: case- and diacritic-insensitive, so Émile sorts with Emile, between Edgar
/// and Frank. Stored beside each name and indexed, so the name order costs no work at query time.
public func nameSortKey(_ name: String) -> String {
  if name.utf8.allSatisfy({ $0 < 0x80 }) {
    return String(decoding: name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
  }
  return name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
}

/// FNV-1a, 64 bits, as 16 hex digits: a checksum that notices an edited migration file. Not a
/// defence against tampering (nothing stops an attacker who can write the database anyway).
public func fnv1aChecksum(_ text: String) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x0000_0100_0000_01B3
  }
  let hex = String(hash, radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}
