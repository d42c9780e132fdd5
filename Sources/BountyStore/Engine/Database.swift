import Glibc

/// One connection to a bounty database, on either engine: a SQLite file (the default) or a
/// PostgreSQL server (agency mode). Statements are written with `?` parameters; the engine binds
/// them its own way. Everything above the store sees only this type.
public final class Database {
  let engine: any DatabaseEngine
  /// What messages name: the file's path, or the server URL without its password.
  public let path: String
  private var transactionDepth = 0
  /// True inside `sharingReads`: reads join one held read transaction.
  private var sharesReads = false
  /// True while the read transaction `sharingReads` holds is open.
  private var holdsRead = false
  /// Counts the outermost transactions begun on this connection: what was read inside one
  /// transaction (a snapshot on both engines) may be kept while this stays the same.
  public private(set) var transactionSerial = 0

  /// How many times a transaction that lost to a concurrent one (PostgreSQL's serialization
  /// failure) is run again, whole, before the failure is reported.
  public static let maximumRetries = 20

  /// What bounty's writers queue on in a PostgreSQL database: a lock of the transaction on a
  /// table that holds nothing (agency migration 7), which the server releases when the
  /// transaction ends, however it ends: a client killed while it waits or works leaves nothing
  /// held. `LOCK TABLE`, unlike a function such as `pg_advisory_xact_lock` (which a `SELECT`
  /// calls), takes no snapshot, so the transaction's snapshot, taken by its next statement, sees
  /// the commit of the writer before it. The wait is bounded by the session's `lock_timeout`.
  static let takeWriterTurn = "LOCK TABLE bounty_writer IN EXCLUSIVE MODE"

  /// True once the connection's database has the agency schema that holds the writers' turn
  /// (`Store.openServer` sets it after migrating): a PostgreSQL connection to another database
  /// (the engine's own tests, a database being migrated) writes without taking turns.
  var writersTakeTurns = false

  /// What the store mends on a SQLite file that other programs write (`Store.mendStaleRows`).
  struct StaleRows {
    /// True when some row waits to be mended.
    let exist: () throws -> Bool
    /// Mends every row that waits; inside a write transaction.
    let mend: () throws -> Int
  }

  /// Set once the store is open and migrated: every outermost write transaction mends stale rows
  /// when it begins and again before it commits; a read that finds some first mends them in a
  /// write transaction of its own (unless the file cannot be written).
  var staleRows: StaleRows?

  /// Set while the SQLite file keeps changes made outside bounty (`outside_change`,
  /// `Store.markBountyWrites`): every outermost write transaction marks itself as bounty's
  /// (`history_recorder.writing`) when it begins and clears the mark before it commits, so no
  /// committed state holds it and only another program's writes are logged.
  var marksBountyWrites = false

  /// The statements that set and clear the mark (an upsert: another program may have deleted
  /// the recorder's one row).
  private static let markBountyWrite = """
    INSERT INTO history_recorder (singleton, writing) VALUES (1, 1)
    ON CONFLICT (singleton) DO UPDATE SET writing = 1
    """
  private static let clearBountyWrite = "UPDATE history_recorder SET writing = 0"

  init(engine: any DatabaseEngine, path: String) {
    self.engine = engine
    self.path = path
  }

  /// Opens the SQLite file at `path`, which is always a file name: SQLite's URI and `:memory:`
  /// forms are not recognised in it. `.immutable` opens a URI made from the path.
  public convenience init(path: String, mode: OpenMode = .readWrite) throws(SQLiteError) {
    self.init(engine: try SQLiteConnection(path: path, mode: mode), path: path)
  }

  /// A private, empty SQLite database in memory (to build a schema and compare against it).
  public static func inMemory() throws(SQLiteError) -> Database {
    Database(engine: try SQLiteConnection.inMemory(), path: ":memory:")
  }

  /// The SQL this connection speaks.
  public var dialect: SQLDialect { engine.dialect }

  /// The SQLite connection, or nil on PostgreSQL (for what only SQLite has: pragmas, backups).
  var sqlite: SQLiteConnection? { engine as? SQLiteConnection }

  /// Runs one or more statements that take no parameters (schema scripts).
  public func execute(_ sql: String) throws {
    try engine.execute(sql)
  }

  /// Runs a statement that returns no rows.
  public func run(_ sql: String, _ values: SQLValue...) throws {
    try run(sql, values)
  }

  public func run(_ sql: String, _ values: [SQLValue]) throws {
    let cursor = try engine.cursor(sql, values, streaming: false)
    defer { cursor.close() }
    while try cursor.next() {}
  }

  /// A cursor over the rows of `sql`, fetched a few at a time; close it when done. Two streaming
  /// cursors may be open at once (an export merges fugitives with their notes).
  public func streamingCursor(_ sql: String, _ values: [SQLValue] = []) throws -> any RowCursor {
    try engine.cursor(sql, values, streaming: true)
  }

  /// Runs a query and maps each row with `row`.
  public func query<T>(
    _ sql: String, _ values: [SQLValue] = [], row: (Row) throws -> T
  ) throws -> [T] {
    let cursor = try engine.cursor(sql, values, streaming: false)
    defer { cursor.close() }
    var rows: [T] = []
    while try cursor.next() { rows.append(try row(cursor.row)) }
    return rows
  }

  /// Runs a query and calls `body` for each row without collecting them (bounded memory).
  /// `streaming` false fetches the rows all at once, as `query` does (a page the caller collects
  /// its own way).
  public func forEachRow(
    _ sql: String, _ values: [SQLValue] = [], streaming: Bool = true,
    _ body: (Row) throws -> Void
  ) throws {
    let cursor = try engine.cursor(sql, values, streaming: streaming)
    defer { cursor.close() }
    while try cursor.next() { try body(cursor.row) }
  }

  /// The first row mapped with `row`, or nil when there is none.
  public func queryFirst<T>(
    _ sql: String, _ values: [SQLValue] = [], row: (Row) throws -> T
  ) throws -> T? {
    let cursor = try engine.cursor(sql, values, streaming: false)
    defer { cursor.close() }
    return try cursor.next() ? row(cursor.row) : nil
  }

  /// The first column of the first row as an integer, or nil.
  public func scalarInt(_ sql: String, _ values: SQLValue...) throws -> Int64? {
    try queryFirst(sql, values) { $0.optionalInt(0) } ?? nil
  }

  /// The first column of the first row as text, or nil.
  public func scalarText(_ sql: String, _ values: SQLValue...) throws -> String? {
    try queryFirst(sql, values) { $0.optionalText(0) } ?? nil
  }

  /// Runs an INSERT into a table whose key is `id` and answers the new row's `id` (SQLite's last
  /// rowid; `RETURNING id` on PostgreSQL, which has no such thing). SQLite 3.40 ends the open
  /// transaction when a cached `INSERT … RETURNING` whose triggers write is reset, so it is not
  /// used there.
  public func insertReturningID(_ sql: String, _ values: [SQLValue]) throws -> Int64 {
    if let sqlite {
      try run(sql, values)
      return sqlite.lastInsertRowID
    }
    return try queryFirst(sql + " RETURNING id", values) { $0.int(0) } ?? 0
  }

  /// Writes every row `produce` hands to `write` into `table` (`columns` in order): COPY on an
  /// engine that has it, else one prepared INSERT per row. Call inside a write transaction.
  public func copyRows(
    into table: String, columns: [String],
    _ produce: (_ write: ([SQLValue]) throws -> Void) throws -> Void
  ) throws {
    if let bulk = engine as? any BulkCopyEngine {
      try bulk.copyRows(into: table, columns: columns, produce)
      return
    }
    let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
    let insert =
      "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
    try produce { values in try run(insert, values) }
  }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  public var changes: Int { engine.changes }

  /// True when changes cannot be written (a read-only file, or a server in recovery).
  public var isReadOnly: Bool { engine.isReadOnly }

  /// True while a transaction is open on this connection.
  public var inTransaction: Bool { engine.inTransaction }

  /// Runs `body` in a transaction: all of it is committed, or none of it when it throws.
  ///
  /// The outermost level takes the write lock up front for writes on SQLite (`BEGIN IMMEDIATE`, so
  /// a reader never upgrades to a writer and hits `SQLITE_BUSY` that no timeout cures) and runs
  /// `SERIALIZABLE` on PostgreSQL, where a transaction that loses to a concurrent one is run again,
  /// whole, up to `maximumRetries` times: `body` must be safe to run again (it is the whole command).
  /// Nested calls use savepoints.
  /// `foreignKeysOff` runs a write on SQLite with foreign keys off (the schema's triggers still
  /// carry children along with their fugitive), as only the undo or redo of a `db check --repair`
  /// needs (`Store.historyReplay`); it is set before the transaction begins, where SQLite takes it.
  public func transaction<T>(write: Bool, foreignKeysOff: Bool = false, _ body: () throws -> T)
    throws -> T
  {
    guard transactionDepth == 0 else { return try nestedTransaction(body) }
    if sharesReads {
      if !write { return try sharedRead(body) }
      releaseSharedRead()
    }
    var attempt = 0
    while true {
      do {
        return try outermostTransaction(write: write, foreignKeysOff: foreignKeysOff, body)
      } catch let failure as any DatabaseFailure where failure.isRetryable {
        attempt += 1
        if attempt > Self.maximumRetries { throw failure }
        // Back off a little, more each time and at random, so the same two do not collide again.
        usleep(UInt32.random(in: 0...UInt32(min(attempt, 8) * 2000)))
      }
    }
  }

  /// Runs `body` with its reads sharing one transaction: the first `transaction(write: false)`
  /// opens a read transaction that the following ones join, without a savepoint, in the same
  /// snapshot, until `body` returns or a `transaction(write: true)` comes (which ends it first; the
  /// next read opens another). Only for reads that could all have run at the moment the first
  /// began: a front sharing reads among requests that had all arrived before it started them.
  public func sharingReads<T>(_ body: () throws -> T) rethrows -> T {
    guard !sharesReads else { return try body() }
    sharesReads = true
    defer {
      releaseSharedRead()
      sharesReads = false
    }
    return try body()
  }

  /// A read inside `sharingReads`. A read the engine failed (a lost serialization, an aborted
  /// transaction) ends the held transaction and runs again in one of its own, as it would have
  /// outside; a failure of the command itself (a fugitive not found) keeps it unless the engine
  /// says the transaction can no longer be used.
  private func sharedRead<T>(_ body: () throws -> T) throws -> T {
    if !holdsRead {
      try beginMended(write: false)
      holdsRead = true
    }
    transactionDepth = 1
    do {
      let result = try body()
      transactionDepth = 0
      return result
    } catch is any DatabaseFailure {
      transactionDepth = 0
      releaseSharedRead()
      sharesReads = false
      defer { sharesReads = true }
      return try transaction(write: false, body)
    } catch {
      transactionDepth = 0
      if engine.transactionFailed { releaseSharedRead() }
      throw error
    }
  }

  /// Ends the read transaction `sharingReads` holds, if one is open; the next read in
  /// `sharingReads` opens another.
  public func releaseSharedRead() {
    guard holdsRead else { return }
    holdsRead = false
    if !engine.transactionFailed, (try? engine.commitReading()) != nil { return }
    if inTransaction { try? execute("ROLLBACK") }
  }

  /// Opens the outermost transaction: `BEGIN IMMEDIATE` or `DEFERRED` on SQLite; on PostgreSQL
  /// the writers' turn and `SERIALIZABLE` for a change, `REPEATABLE READ, READ ONLY` for a read.
  private func begin(write: Bool) throws {
    switch dialect {
    case .sqlite:
      try execute(write ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
      if write && marksBountyWrites { try execute(Self.markBountyWrite) }
    case .postgresql:
      try engine.reconnectIfLost()
      if write, isReadOnly {
        // A standby (or a role whose transactions are read-only) says so in one line, instead of
        // the server's complaint about SERIALIZABLE in a hot standby.
        throw PostgresError(sqlState: "25006", message: "the server accepts no changes")
      }
      try execute(
        write
          ? "BEGIN ISOLATION LEVEL SERIALIZABLE"
          : "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
      if write, writersTakeTurns {
        // bounty's writers take turns, as on SQLite: without this, hunters changing a small
        // roster at once fail each other's serializable transactions on the rows every change
        // writes (the tally, the history) often enough to run out of retries. The turn is
        // taken before the first statement that reads (`takeWriterTurn`), in the same round
        // trip as BEGIN. A writer that is not bounty (psql) is still kept honest by SERIALIZABLE
        // and the retry.
        do {
          try execute(Self.takeWriterTurn)
        } catch {
          if inTransaction { try? execute("ROLLBACK") }
          throw engine.explained(error)
        }
      }
    }
    transactionSerial += 1
  }

  /// `begin`, then stale rows mended (`staleRows`): in this transaction when it writes; for a read
  /// that finds some, in a write transaction of its own before the read begins again.
  private func beginMended(write: Bool) throws {
    try begin(write: write)
    guard let staleRows else { return }
    if write {
      _ = try staleRows.mend()
      return
    }
    guard !isReadOnly, try staleRows.exist() else { return }
    try engine.commitReading()
    // A read never waits on a writer: when another process holds the write lock, the read goes
    // ahead with the rows as they are (the next transaction mends them).
    sqlite?.writerQueue.limitMilliseconds = 0
    defer { sqlite?.writerQueue.limitMilliseconds = SQLiteConnection.busyTimeoutMilliseconds }
    do {
      try begin(write: true)
      _ = try staleRows.mend()
      try clearBountyWriteMark()
      try execute("COMMIT")
    } catch let failure as any DatabaseFailure where failure.isBusy {
      if inTransaction { try? execute("ROLLBACK") }
    } catch {
      if inTransaction { try? execute("ROLLBACK") }
      throw error
    }
    try begin(write: false)
  }

  private func outermostTransaction<T>(
    write: Bool, foreignKeysOff: Bool, _ body: () throws -> T
  ) throws -> T {
    if write && sqlite != nil {
      // A change gets the large page cache only while it runs: a connection that also reads many
      // rows (`bounty rpc`) does not keep 24 MiB of them afterwards.
      return try withPageCache(kibibytes: Self.writingPageCacheKiB) {
        try transactionWithForeignKeys(write: write, foreignKeysOff: foreignKeysOff, body)
      }
    }
    return try transactionWithForeignKeys(write: write, foreignKeysOff: foreignKeysOff, body)
  }

  private func transactionWithForeignKeys<T>(
    write: Bool, foreignKeysOff: Bool, _ body: () throws -> T
  ) throws -> T {
    let relaxed = write && foreignKeysOff && dialect == .sqlite
    if relaxed { try execute("PRAGMA foreign_keys = OFF") }
    defer { if relaxed { try? execute("PRAGMA foreign_keys = ON") } }
    try beginMended(write: write)
    transactionDepth = 1
    do {
      let result = try body()
      transactionDepth = 0
      if write {
        // bounty's own changes leave no row stale behind them.
        _ = try staleRows?.mend()
        try clearBountyWriteMark()
        try commit()
      } else {
        try engine.commitReading()
      }
      return result
    } catch {
      transactionDepth = 0
      if inTransaction { try? execute("ROLLBACK") }
      throw engine.explained(error)
    }
  }

  /// Clears the mark `begin` set on a bounty write, before its commit.
  private func clearBountyWriteMark() throws {
    if marksBountyWrites && dialect == .sqlite { try execute(Self.clearBountyWrite) }
  }

  /// Commits a change. When the connection goes while the `COMMIT` is on its way, the server may
  /// have committed or not: the failure says the outcome is unknown rather than that nothing
  /// was changed.
  private func commit() throws {
    do {
      try execute("COMMIT")
    } catch var failure as PostgresError where failure.connectionLost {
      failure.commitOutcomeUnknown = true
      throw failure
    }
  }

  private func nestedTransaction<T>(_ body: () throws -> T) throws -> T {
    let savepoint = "bounty_\(transactionDepth)"
    try execute("SAVEPOINT \(savepoint)")
    transactionDepth += 1
    do {
      let result = try body()
      transactionDepth -= 1
      try execute("RELEASE SAVEPOINT \(savepoint)")
      return result
    } catch {
      transactionDepth -= 1
      try? execute("ROLLBACK TO SAVEPOINT \(savepoint); RELEASE SAVEPOINT \(savepoint)")
      throw error
    }
  }

  /// Makes every long statement stop as interrupted once `*flag` is non-zero (Ctrl-C sets it from
  /// a signal handler).
  public func interrupt(when flag: UnsafeMutablePointer<sig_atomic_t>) {
    engine.interrupt(when: flag)
  }
}
