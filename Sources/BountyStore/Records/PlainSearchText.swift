import BountyCore

/// The search entry the view `fugitive_search_text` gives a fugitive without notes or aliases,
/// computed by bounty instead of the server when every folded column is printable ASCII: a load
/// into an empty agency roster then sends the entries with `COPY` while the server stores the rows,
/// rather than having the server fold a million names and descriptions afterwards.
///
/// Exact only where the server's `bounty_fold` lowers printable ASCII as ASCII does (no locale that
/// lowers `I` to `ı`, no unaccent rule for an ASCII character); `Store.serverFoldsASCIIPlainly`
/// asks the server first. Text with any other byte is left to the server.
enum PlainSearchText {
  /// Every printable ASCII character, the probe `serverFoldsASCIIPlainly` folds on the server.
  static let printableASCII = String(decoding: (0x20...0x7E).map { UInt8($0) }, as: UTF8.self)

  /// `name`, `description` and the last-seen description folded, one per line, then the empty
  /// lines of the notes and aliases; nil when one of them holds a byte outside printable ASCII.
  static func of(_ fields: FugitiveFields) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(fields.name.utf8.count + fields.description.utf8.count + 8)
    for (index, text) in [fields.name, fields.description, fields.lastSeen?.description ?? ""]
      .enumerated()
    {
      if index > 0 { bytes.append(0x0A) }
      for byte in text.utf8 {
        guard (0x20...0x7E).contains(byte) else { return nil }
        bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
      }
    }
    bytes.append(contentsOf: [0x0A, 0x0A])
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` with ASCII capitals lowered, as `of` folds.
  static func lowered(_ text: String) -> String {
    String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
  }
}

extension Store {
  /// True when the server's `bounty_fold` lowers every printable ASCII character as ASCII does, so
  /// that `PlainSearchText` gives the entries the server would.
  func serverFoldsASCIIPlainly() throws -> Bool {
    let probe = PlainSearchText.printableASCII
    return try database.scalarInt(
      "SELECT CAST(bounty_fold(?) = ? AS integer)", .text(probe),
      .text(PlainSearchText.lowered(probe))) == 1
  }
}
