import BountyCore

/// A fugitive's photo: its bytes and their media type.
public struct Photo: Sendable, Equatable {
  public let mediaType: String
  public let bytes: [UInt8]

  public init(mediaType: String, bytes: [UInt8]) {
    self.mediaType = mediaType
    self.bytes = bytes
  }
}

/// Photos go in and out by incremental blob I/O (`Database.readBlob`, `writeBlob`) with a small
/// page cache: a 10 MiB photo is held once by bounty, never copied whole by SQLite on its way in or
/// out, and its pages are not all kept in memory, so setting, reading or replacing one stays within
/// a request's memory budget. `photo.fugitive_id` is the rowid.
extension Store {
  /// The page cache (KiB) while a photo's bytes go in or out.
  static let photoPageCacheKiB = 2048

  public func photo(fugitiveID: Int64) throws -> Photo? {
    guard
      let mediaType = try database.scalarText(
        "SELECT media_type FROM photo WHERE fugitive_id = ?", .integer(fugitiveID))
    else { return nil }
    let bytes = try database.withPageCache(kibibytes: Self.photoPageCacheKiB) {
      try database.readBlob(table: "photo", column: "bytes", rowid: fugitiveID)
    }
    return Photo(mediaType: mediaType, bytes: bytes)
  }

  /// True when the fugitive's photo is exactly `photo` (compared without reading it whole).
  public func hasPhoto(fugitiveID: Int64, equalTo photo: Photo) throws -> Bool {
    guard
      let stored = try database.queryFirst(
        "SELECT media_type, length(bytes) FROM photo WHERE fugitive_id = ?", [.integer(fugitiveID)],
        row: { (mediaType: $0.text(0), length: $0.int(1)) }),
      stored.mediaType == photo.mediaType, stored.length == Int64(photo.bytes.count)
    else { return false }
    return try database.blobEquals(photo.bytes, table: "photo", column: "bytes", rowid: fugitiveID)
  }

  /// Sets (replacing) a fugitive's photo. An old photo is deleted, not updated: the undo log then
  /// copies only the old row (an update's trigger would hold the old and the new bytes at once,
  /// and undoing it both again). The new row gets a zero-filled value of the right size, then the
  /// bytes are written into it.
  public func storePhoto(fugitiveID: Int64, _ photo: Photo) throws {
    try database.withPageCache(kibibytes: Self.photoPageCacheKiB) {
      try database.run("DELETE FROM photo WHERE fugitive_id = ?", .integer(fugitiveID))
      try database.run(
        "INSERT INTO photo (fugitive_id, media_type, bytes) VALUES (?, ?, zeroblob(?))",
        .integer(fugitiveID), .text(photo.mediaType), .integer(Int64(photo.bytes.count)))
      try database.writeBlob(photo.bytes, table: "photo", column: "bytes", rowid: fugitiveID)
    }
  }

  /// Removes a fugitive's photo; true when there was one.
  @discardableResult
  public func deletePhoto(fugitiveID: Int64) throws -> Bool {
    try database.run("DELETE FROM photo WHERE fugitive_id = ?", .integer(fugitiveID))
    return database.changes > 0
  }
}
