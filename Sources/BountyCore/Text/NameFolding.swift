/// The key names sort by: case- and diacritic-insensitive, so Émile sorts with Emile, between Edgar
/// and Frank. Stored beside each name and indexed, so the name order costs no work at query time.
/// Built from the Unicode Character Database (`FoldingTable.swift`), not Foundation, which would
/// double the binary's start-up time.
public func nameSortKey(_ name: String) -> String {
  if name.utf8.allSatisfy({ $0 < 0x80 }) {
    // Lowercased straight into the new string's storage (no array in between: a bulk import makes
    // a key a row).
    return String(unsafeUninitializedCapacity: name.utf8.count) { buffer in
      var count = 0
      for byte in name.utf8 {
        buffer[count] = byte >= 65 && byte <= 90 ? byte + 32 : byte
        count += 1
      }
      return count
    }
  }
  var key = ""
  key.reserveCapacity(name.utf8.count)
  for scalar in name.unicodeScalars {
    if let folded = foldingTable[scalar.value] {
      key += folded
    } else if (0x0300...0x036F).contains(scalar.value) || (0x1AB0...0x1AFF).contains(scalar.value)
      || (0x1DC0...0x1DFF).contains(scalar.value) || (0xFE20...0xFE2F).contains(scalar.value)
    {
      continue  // a combining diacritic of decomposed text
    } else if (0xFF21...0xFF3A).contains(scalar.value) || (0xFF41...0xFF5A).contains(scalar.value) {
      // Fullwidth Latin letters fold to their ASCII forms.
      key.unicodeScalars.append(
        Unicode.Scalar(scalar.value - 0xFEE0 + (scalar.value <= 0xFF3A ? 32 : 0)) ?? scalar)
    } else {
      key += scalar.properties.lowercaseMapping
    }
  }
  return key
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
