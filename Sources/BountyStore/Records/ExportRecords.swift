import BountyCore

extension Store {
  /// Calls `body` with every fugitive in manual order, notes included, one at a time (bounded
  /// memory over millions of rows). The notes come from a second cursor in the same order, merged
  /// as the rows go by: two statements in all, not one query of notes per fugitive.
  public func forEachFugitiveInManualOrder(_ body: (Fugitive) throws -> Void) throws {
    var decoder = FugitiveRowDecoder(currency: try currency())
    let notes = try database.streamingCursor(
      """
      SELECT note.id, note.fugitive_id, note.text, note.created_at
      FROM fugitive JOIN note ON note.fugitive_id = fugitive.id
      ORDER BY fugitive.position, fugitive.id, note.position, note.id
      """)
    defer { notes.close() }
    var pending = try notes.next()
    try database.forEachRow(
      "SELECT \(Self.fugitiveColumns(database.dialect)) FROM fugitive ORDER BY position, id"
    ) { row in
      var fugitive = try decoder.fugitive(row)
      while pending && notes.row.int(1) == fugitive.id {
        let note = notes.row
        fugitive.notes.append(
          Note(
            id: note.int(0), fugitiveID: fugitive.id, text: note.text(2),
            createdAt: Timestamp(parsing: note.text(3)) ?? Timestamp(secondsSinceEpoch: 0)))
        pending = try notes.next()
      }
      try body(fugitive)
    }
  }
}
