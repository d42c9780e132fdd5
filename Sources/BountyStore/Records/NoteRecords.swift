import BountyCore

extension Store {
  /// A fugitive's case notes in their order.
  public func notes(fugitiveID: Int64) throws -> [Note] {
    try database.query(
      "SELECT id, fugitive_id, text, created_at FROM note WHERE fugitive_id = ? ORDER BY position, id",
      [.integer(fugitiveID)]
    ) {
      Note(
        id: $0.int(0), fugitiveID: $0.int(1), text: $0.text(2),
        createdAt: Timestamp(parsing: $0.text(3)) ?? Timestamp(secondsSinceEpoch: 0))
    }
  }

  /// The notes of the fugitives with these ID#s, by ID#, read in one query (a page of 5,000
  /// makes one query, not 5,000); none for an empty list.
  func notesByFugitive(_ ids: [Int64]) throws -> [Int64: [Note]] {
    guard !ids.isEmpty else { return [:] }
    // One page's notes: read whole (a PostgreSQL cursor would cost two more round trips).
    let notes = try database.query(
      """
      SELECT id, fugitive_id, text, created_at FROM note
      WHERE fugitive_id IN (\(database.dialect.integersOfJSONArray)) ORDER BY fugitive_id, position, id
      """, [.integers(ids)]
    ) {
      Note(
        id: $0.int(0), fugitiveID: $0.int(1), text: $0.text(2),
        createdAt: Timestamp(parsing: $0.text(3)) ?? Timestamp(secondsSinceEpoch: 0))
    }
    return Dictionary(grouping: notes, by: \.fugitiveID)
  }

  /// Appends a note to the fugitive's list and returns its id.
  @discardableResult
  public func insertNote(
    fugitiveID: Int64, text: String, createdAt: Timestamp? = nil
  ) throws -> Int64 {
    try database.insertReturningID(
      """
      INSERT INTO note (fugitive_id, position, text, created_at)
      VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM note WHERE fugitive_id = ?), ?, ?)
      """,
      [.integer(fugitiveID), .integer(fugitiveID), .text(text), .text((createdAt ?? now).iso8601)])
  }

  public func updateNote(fugitiveID: Int64, noteID: Int64, text: String) throws {
    _ = try position(in: .note, fugitiveID: fugitiveID, rowID: noteID)
    try database.run("UPDATE note SET text = ? WHERE id = ?", .text(text), .integer(noteID))
  }

  /// Deletes a note and closes the gap in its fugitive's order.
  public func deleteNote(fugitiveID: Int64, noteID: Int64) throws {
    try deleteRow(in: .note, fugitiveID: fugitiveID, rowID: noteID)
  }

  /// Deletes every note of fugitive `fugitiveID` (a replacing import then writes its own).
  public func deleteNotes(fugitiveID: Int64) throws {
    try database.run("DELETE FROM note WHERE fugitive_id = ?", .integer(fugitiveID))
  }

  /// Moves a note to `position` (1-based, clamped) among its fugitive's notes.
  public func moveNote(fugitiveID: Int64, noteID: Int64, to position: Int64) throws {
    try moveRow(in: .note, fugitiveID: fugitiveID, rowID: noteID, to: position)
  }
}
