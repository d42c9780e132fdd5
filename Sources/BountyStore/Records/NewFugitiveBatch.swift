import BountyCore

/// New fugitives and their notes, written together by an import. On PostgreSQL they go in with
/// `COPY`, no round trip per row (a million rows would otherwise cost a million): with `streams`,
/// through one `COPY` kept open while the import reads on (`PostgresCopyStream`), so the server
/// stores rows while the client checks the next ones; else gathered and sent `rowsPerFlush` at a
/// time, for an import that looks rows up between them. Notes are gathered and sent with a second
/// `COPY` after their fugitives, at the latest every `rowsPerFlush` notes. On SQLite, which has no
/// round trips, each row is written at once, through one prepared insert held by the batch.
/// Rows that carry no creation or change time get the batch's, read once.
///
/// While a stream is open the connection can run nothing else: call `flush` before anything that
/// reads or writes the database (a photo or case file of the same fugitive, a search for a free
/// ID#) and at the end, and `abandon` when the import fails.
public final class NewFugitiveBatch {
  private let store: Store
  private let connection: PostgresConnection?
  /// Keep one COPY open between `flush`es (for an import that needs the connection for nothing
  /// else meanwhile, one into an empty roster).
  public var streams = false
  /// Write the search entries of rows without notes whose text `PlainSearchText` can fold, when
  /// the load has disabled the trigger that would (`BulkLoad.searchTextByClient`).
  public var writesSearchText = false
  /// How many search entries the batch has written (`writesSearchText`).
  public private(set) var searchEntries: Int64 = 0
  private var stream: PostgresCopyStream?
  /// SQLite: the prepared insert (`Store.insertAtPosition`), bound and run once per row.
  private var sqliteInsert: Statement?
  /// The time of rows that carry none, read from the store's clock at the first row.
  private lazy var now = store.now.iso8601
  /// Search entries in COPY's text format, sent after the stream ends.
  private var searchLines: [UInt8] = []
  /// How many bytes of search entries are gathered before the stream is ended to send them.
  static let searchBytesPerFlush = 8 << 20
  private var fugitives: [[SQLValue]] = []
  private var notes: [[SQLValue]] = []
  /// How many rows are gathered before they are sent.
  static let rowsPerFlush = 5_000
  static let columns =
    Store.writableColumns.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }
    + ["position", "created_at", "updated_at"]

  /// True when each row is written as it is added (SQLite): the database then knows every earlier
  /// row, and its primary key refuses an ID# taken by one of them (`Store.isTakenFugitiveID`).
  public var writesAtOnce: Bool { connection == nil }

  init(store: Store) {
    self.store = store
    connection = store.database.engine as? PostgresConnection
  }

  /// Adds a fugitive at manual position `position`, with its notes in order (each note's time, or
  /// now).
  public func add(
    _ fields: FugitiveFields, position: Int64, createdAt: Timestamp?, updatedAt: Timestamp?,
    notes newNotes: [(text: String, createdAt: Timestamp?)]
  ) throws {
    guard let connection else {
      try insertAtOnce(fields, position: position, createdAt: createdAt, updatedAt: updatedAt)
      for note in newNotes {
        _ = try store.insertNote(fugitiveID: fields.id, text: note.text, createdAt: note.createdAt)
      }
      return
    }
    let row =
      Store.values(fields) + [
        .integer(position), .text(createdAt?.iso8601 ?? now), .text(updatedAt?.iso8601 ?? now),
      ]
    if streams {
      if stream == nil {
        stream = try PostgresCopyStream(
          connection: connection, table: "fugitive", columns: Self.columns)
      }
      try stream?.write(row)
    } else {
      fugitives.append(row)
    }
    if writesSearchText, newNotes.isEmpty, let text = PlainSearchText.of(fields) {
      PostgresConnection.appendLine([.integer(fields.id), .text(text)], to: &searchLines)
      searchEntries += 1
    }
    for (index, note) in newNotes.enumerated() {
      notes.append([
        .integer(fields.id), .integer(Int64(index + 1)), .text(note.text),
        .text(note.createdAt?.iso8601 ?? now),
      ])
    }
    if fugitives.count >= Self.rowsPerFlush || notes.count >= Self.rowsPerFlush
      || searchLines.count >= Self.searchBytesPerFlush
    {
      try flush()
    }
  }

  /// SQLite: inserts one fugitive through the batch's prepared statement.
  private func insertAtOnce(
    _ fields: FugitiveFields, position: Int64, createdAt: Timestamp?, updatedAt: Timestamp?
  ) throws {
    if sqliteInsert == nil, let sqlite = store.database.engine as? SQLiteConnection {
      sqliteInsert = try sqlite.statement(Store.insertAtPosition)
    }
    guard let insert = sqliteInsert else {
      return try store.insertFugitive(
        fields, createdAt: createdAt, updatedAt: updatedAt, position: position)
    }
    var values = Store.values(fields)
    values.append(.integer(position))
    values.append(.text(createdAt?.iso8601 ?? now))
    values.append(.text(updatedAt?.iso8601 ?? now))
    defer { insert.close() }
    try insert.bind(values)
    while try insert.next() {}
  }

  /// Writes what was gathered (fugitives before their notes) and ends the stream: afterwards the
  /// database has every row added so far, and the connection is free.
  public func flush() throws {
    if let open = stream {
      stream = nil
      try open.finish()
    }
    if !fugitives.isEmpty {
      try store.database.copyRows(into: "fugitive", columns: Self.columns) { write in
        for row in fugitives { try write(row) }
      }
    }
    if !notes.isEmpty {
      try store.database.copyRows(
        into: "note", columns: ["fugitive_id", "position", "text", "created_at"]
      ) { write in
        for row in notes { try write(row) }
      }
    }
    if let connection, !searchLines.isEmpty {
      let entries = try PostgresCopyStream(
        connection: connection, table: "fugitive_search", columns: ["id", "text"])
      try entries.write(lines: &searchLines)
      try entries.finish()
    }
    fugitives.removeAll(keepingCapacity: true)
    notes.removeAll(keepingCapacity: true)
  }

  /// Ends the stream as failed, when the import stops on an error: the connection can then roll
  /// the transaction back.
  public func abandon() {
    stream?.abandon()
    stream = nil
    fugitives.removeAll()
    notes.removeAll()
    searchLines.removeAll()
  }
}

extension Store {
  /// A batch for an import's new fugitives (see `NewFugitiveBatch`).
  public func newFugitiveBatch() -> NewFugitiveBatch { NewFugitiveBatch(store: self) }
}
