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

extension Store {
  public func photo(fugitiveID: Int64) throws -> Photo? {
    try database.queryFirst(
      "SELECT media_type, bytes FROM photo WHERE fugitive_id = ?", [.integer(fugitiveID)]
    ) { Photo(mediaType: $0.text(0), bytes: $0.blob(1)) }
  }

  /// Sets (replacing) a fugitive's photo.
  public func storePhoto(fugitiveID: Int64, _ photo: Photo) throws {
    try database.run(
      """
      INSERT INTO photo (fugitive_id, media_type, bytes) VALUES (?, ?, ?)
      ON CONFLICT (fugitive_id) DO UPDATE SET media_type = excluded.media_type, bytes = excluded.bytes
      """, .integer(fugitiveID), .text(photo.mediaType), .blob(photo.bytes))
  }

  /// Removes a fugitive's photo; true when there was one.
  @discardableResult
  public func deletePhoto(fugitiveID: Int64) throws -> Bool {
    try database.run("DELETE FROM photo WHERE fugitive_id = ?", .integer(fugitiveID))
    return database.changes > 0
  }
}
