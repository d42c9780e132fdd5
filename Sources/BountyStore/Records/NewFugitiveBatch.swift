import BountyCore

/// New fugitives and their notes, written together by an import. On PostgreSQL they are gathered
/// and sent with `COPY` a few thousand at a time, one round trip instead of one per row (a million
/// rows would otherwise cost a million round trips); on SQLite, which has no round trips, each is
/// written at once as before. Call `flush` before anything that must see the rows (a photo or case
/// file of the same fugitive, a search for a free ID#) and at the end.
public final class NewFugitiveBatch {
  private let store: Store
  private let gathers: Bool
  private var fugitives: [[SQLValue]] = []
  private var notes: [[SQLValue]] = []
  /// How many fugitives are gathered before they are sent.
  static let fugitivesPerFlush = 5_000

  init(store: Store) {
    self.store = store
    gathers = store.database.dialect == .postgresql
  }

  /// Adds a fugitive at manual position `position`, with its notes in order (each note's time, or
  /// now).
  public func add(
    _ fields: FugitiveFields, position: Int64, createdAt: Timestamp?, updatedAt: Timestamp?,
    notes newNotes: [(text: String, createdAt: Timestamp?)]
  ) throws {
    guard gathers else {
      try store.insertFugitive(
        fields, createdAt: createdAt, updatedAt: updatedAt, position: position)
      for note in newNotes {
        _ = try store.insertNote(fugitiveID: fields.id, text: note.text, createdAt: note.createdAt)
      }
      return
    }
    let now = store.now.iso8601
    fugitives.append(
      Store.values(fields) + [
        .integer(position), .text(createdAt?.iso8601 ?? now), .text(updatedAt?.iso8601 ?? now),
      ])
    for (index, note) in newNotes.enumerated() {
      notes.append([
        .integer(fields.id), .integer(Int64(index + 1)), .text(note.text),
        .text(note.createdAt?.iso8601 ?? now),
      ])
    }
    if fugitives.count >= Self.fugitivesPerFlush { try flush() }
  }

  /// Writes what was gathered (fugitives before their notes).
  public func flush() throws {
    guard !fugitives.isEmpty else { return }
    let columns =
      Store.writableColumns.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }
      + ["position", "created_at", "updated_at"]
    try store.database.copyRows(into: "fugitive", columns: columns) { write in
      for row in fugitives { try write(row) }
    }
    if !notes.isEmpty {
      try store.database.copyRows(
        into: "note", columns: ["fugitive_id", "position", "text", "created_at"]
      ) { write in
        for row in notes { try write(row) }
      }
    }
    fugitives.removeAll(keepingCapacity: true)
    notes.removeAll(keepingCapacity: true)
  }
}

extension Store {
  /// A batch for an import's new fugitives (see `NewFugitiveBatch`).
  public func newFugitiveBatch() -> NewFugitiveBatch { NewFugitiveBatch(store: self) }
}
