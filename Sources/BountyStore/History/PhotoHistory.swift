import BountyCore

/// A photo put back by undo or redo, on SQLite: the entry's statement (`INSERT … SELECT v1, v2,
/// v3`) held the 10 MiB bytes twice in SQLite (the column's value, and the photo row's record built
/// from it). The row now gets a zero-filled value of the bytes' length (the last column of its
/// record, which SQLite writes without building it), then the bytes are copied into it 64 KiB at a
/// time by incremental blob I/O. Recording a photo's old bytes still costs two copies: in a
/// history entry the bytes are not the last column, so its zero-filled value would be built whole.
extension Store {
  /// Runs `statement`, the one `HistoryStatements` compiles for `op`, for entry `entryID`: or,
  /// for a photo put back on SQLite, its equivalent by pieces.
  func runReplayStatement(_ statement: String, entry entryID: Int64, op: String) throws {
    guard try !replayedPhotoByPieces(entry: entryID, op: op) else { return }
    try database.run(statement, .integer(entryID))
  }

  /// Replays history entry `entryID` when it is a `photo.insert` with bytes, on SQLite, the bytes
  /// by pieces; false when it is not one (the entry's statement replays it).
  private func replayedPhotoByPieces(entry entryID: Int64, op: String) throws -> Bool {
    guard let sqlite = database.sqlite, op == "photo.insert",
      let fugitiveID = try database.scalarInt(
        "SELECT v1 FROM history_entry WHERE id = ? AND typeof(v3) = 'blob'", .integer(entryID))
    else { return false }
    // The row's triggers record its inverse (`photo.delete`, the key alone).
    try database.run(
      """
      INSERT INTO photo (fugitive_id, media_type, bytes)
      SELECT v1, v2, zeroblob(length(v3)) FROM history_entry WHERE id = ?
      """, .integer(entryID))
    try sqlite.copyBlob(
      from: ("history_entry", "v3", entryID), to: ("photo", "bytes", fugitiveID))
    return true
  }
}
