import BountyCore

/// On SQLite photos go in and out by incremental blob I/O (`SQLiteConnection.readBlob`,
/// `writeBlob`) with a small page cache: a 10 MiB photo is held once by bounty, never copied whole
/// by SQLite on its way in or out, and its pages are not all kept in memory, so setting, reading or
/// replacing one stays within a request's memory budget. `photo.fugitive_id` is the rowid. On
/// PostgreSQL the bytes are bound and selected as `bytea`.
extension Store {
  /// The page cache (KiB) while a photo's bytes go in or out: each page is written or read once,
  /// so a larger cache only holds more of them (2 MiB put a replacement 1 MiB from the budget).
  static let photoPageCacheKiB = 512

  public func photo(fugitiveID: Int64) throws -> Photo? {
    guard let sqlite = database.sqlite else { return try photoInPieces(fugitiveID: fugitiveID) }
    guard
      let mediaType = try database.scalarText(
        "SELECT media_type FROM photo WHERE fugitive_id = ?", .integer(fugitiveID))
    else { return nil }
    let bytes = try database.withPageCache(kibibytes: Self.photoPageCacheKiB) {
      try sqlite.readBlob(table: "photo", column: "bytes", rowid: fugitiveID)
    }
    return Photo(mediaType: mediaType, bytes: bytes)
  }

  /// How many bytes of a photo one query reads on PostgreSQL.
  public static let photoPieceBytes = 1 << 20

  /// A photo read from PostgreSQL a piece at a time: a whole `bytea` would arrive as one hex text
  /// twice its size, on top of the bytes decoded from it.
  private func photoInPieces(fugitiveID: Int64) throws -> Photo? {
    guard
      let stored = try database.queryFirst(
        "SELECT media_type, length(bytes) FROM photo WHERE fugitive_id = ?", [.integer(fugitiveID)],
        row: { (mediaType: $0.text(0), length: $0.int(1)) })
    else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(stored.length))
    while bytes.count < stored.length {
      guard
        let piece = try database.queryFirst(
          """
          SELECT substring(bytes FROM CAST(? AS integer) FOR CAST(? AS integer)) FROM photo
          WHERE fugitive_id = ?
          """,
          [
            .integer(Int64(bytes.count + 1)), .integer(Int64(Self.photoPieceBytes)),
            .integer(fugitiveID),
          ],
          row: { $0.blob(0) }), !piece.isEmpty
      else {
        throw BountyError.conflict("fugitive \(fugitiveID)'s photo changed while it was read")
      }
      bytes += piece
    }
    return Photo(mediaType: stored.mediaType, bytes: bytes)
  }

  /// True when the fugitive's photo is exactly `photo` (compared without reading it whole: in
  /// pieces on SQLite, by the server on PostgreSQL).
  public func hasPhoto(fugitiveID: Int64, equalTo photo: Photo) throws -> Bool {
    guard let sqlite = database.sqlite else {
      return try database.scalarInt(
        """
        SELECT CAST(media_type = ? AND bytes = ? AS integer) FROM photo WHERE fugitive_id = ?
        """, .text(photo.mediaType), .blob(photo.bytes), .integer(fugitiveID)) == 1
    }
    guard
      let stored = try database.queryFirst(
        "SELECT media_type, length(bytes) FROM photo WHERE fugitive_id = ?", [.integer(fugitiveID)],
        row: { (mediaType: $0.text(0), length: $0.int(1)) }),
      stored.mediaType == photo.mediaType, stored.length == Int64(photo.bytes.count)
    else { return false }
    return try sqlite.blobEquals(photo.bytes, table: "photo", column: "bytes", rowid: fugitiveID)
  }

  /// Sets (replacing) a fugitive's photo. On SQLite an old photo is deleted, not updated: the undo
  /// log then copies only the old row (an update's trigger would hold the old and the new bytes at
  /// once, and undoing it both again). The new row gets a zero-filled value of the right size, then
  /// the bytes are written into it.
  public func storePhoto(fugitiveID: Int64, _ photo: Photo) throws {
    guard let sqlite = database.sqlite else {
      try database.run(
        """
        INSERT INTO photo (fugitive_id, media_type, bytes) VALUES (?, ?, ?)
        ON CONFLICT (fugitive_id) DO UPDATE
        SET media_type = excluded.media_type, bytes = excluded.bytes
        """, .integer(fugitiveID), .text(photo.mediaType), .blob(photo.bytes))
      return
    }
    try database.withPageCache(kibibytes: Self.photoPageCacheKiB) {
      try database.run("DELETE FROM photo WHERE fugitive_id = ?", .integer(fugitiveID))
      try database.run(
        "INSERT INTO photo (fugitive_id, media_type, bytes) VALUES (?, ?, zeroblob(?))",
        .integer(fugitiveID), .text(photo.mediaType), .integer(Int64(photo.bytes.count)))
      try sqlite.writeBlob(photo.bytes, table: "photo", column: "bytes", rowid: fugitiveID)
    }
  }

  /// Removes a fugitive's photo; true when there was one.
  @discardableResult
  public func deletePhoto(fugitiveID: Int64) throws -> Bool {
    try database.run("DELETE FROM photo WHERE fugitive_id = ?", .integer(fugitiveID))
    return database.changes > 0
  }
}
