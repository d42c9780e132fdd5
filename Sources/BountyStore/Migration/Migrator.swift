import BountyCore

/// Brings a database to the newest schema, one migration at a time, or refuses without writing.
///
/// Migrations run the way sqlite.org's twelve-step table rebuild ("Making Other Kinds Of Table
/// Schema Changes") and GRDB's `DatabaseMigrator` need: foreign keys are turned off *outside* any
/// transaction (inside one the pragma does nothing, and `DROP TABLE fugitive` would cascade to every
/// note and photo); each pending migration then runs in its own `BEGIN IMMEDIATE` transaction
/// together with its bookkeeping (`PRAGMA user_version` and a row in `bounty_migration` with its
/// checksum); `PRAGMA foreign_key_check` runs before the commit, and any row it reports beyond those
/// broken before migrating (another program's, for `db check` to name) rolls that migration back
/// whole with an error that names the table. Foreign keys are turned back on
/// afterwards, also when a migration failed.
public struct Migrator {
  public let migrations: [Migration]
  /// The schema after every migration in one script (made at build time from the shipped
  /// ladder), which a new, empty database gets in one step; nil to climb the ladder even then.
  let freshSchema: String?

  /// A migrator of `migrations`; for the shipped ladder, a new database gets its schema in one
  /// step (`freshSchema`) unless `oneStep` is false.
  public init(migrations: [Migration] = Migration.bundled, oneStep: Bool = true) {
    self.migrations = migrations
    let shipped = migrations.map(\.checksum) == Migration.bundled.map(\.checksum)
    freshSchema = oneStep && shipped ? EmbeddedMigrations.freshSchema : nil
  }

  public var latestVersion: Int { migrations.last?.version ?? 0 }

  /// The database's schema version (`PRAGMA user_version`; on PostgreSQL the largest version in
  /// `bounty_migration`, on its own ladder). Reads only.
  public static func version(of database: Database) throws(BountyError) -> Int {
    if database.dialect == .postgresql { return try PostgresSchema.version(of: database) }
    do {
      let stored = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
      guard stored == 0 else { return stored }
      return try recordedVersion(of: database) ?? 0
    } catch let error as SQLiteError where error.isNotADatabase {
      throw BountyError.refused("\(database.path) is not a SQLite database (\(error.message))")
    } catch {
      throw BountyError.io("cannot read \(database.path): \(error)")
    }
  }

  /// Refuses, before anything is written, a database this binary must not touch: newer than the
  /// binary, a SQLite file that is not bounty's (tables at version 0, or at version N not the
  /// tables and columns migrations 1…N create), or one whose applied migrations were edited.
  /// Reads only: no pragma that writes, no journal-mode switch.
  public func validate(_ database: Database) throws(BountyError) {
    let version = try Self.version(of: database)
    if version > latestVersion {
      throw BountyError.refused(
        "\(database.path) has schema version \(version), newer than this bounty understands "
          + "(\(latestVersion)); use a newer bounty")
    }
    do {
      if version == 0 {
        let objects = try database.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0
        let coreData = try database.scalarInt(
          "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('ZFUGITIVE', 'Z_METADATA')"
        )
        if coreData == 2 {
          throw BountyError.refused(
            "\(database.path) is the original app's iBountyHunter store, not a bounty database; "
              + "bring its roster in with: bounty import \(database.path)")
        }
        if objects > 0 {
          throw BountyError.refused(
            "\(database.path) is a SQLite database but not a bounty database (it has tables and "
              + "no bounty schema version)")
        }
        return
      }
      let applied = try appliedChecksums(database)
      for (appliedVersion, checksum) in applied {
        guard let shipped = migrations.first(where: { $0.version == appliedVersion }) else {
          continue
        }
        if !shipped.accepts(checksum: checksum) {
          throw BountyError.refused(
            "\(database.path): migration \(appliedVersion) (\(shipped.name)) was changed after "
              + "it was applied; restore the shipped Migrations/ file")
        }
      }
      // This migrator's own record of the current version (with the shipped checksum, checked
      // above) identifies the file in one read; older tools left no record, and another
      // application's file has none, so those are compared table by table.
      if !applied.contains(where: { $0.0 == version }) {
        try requireShape(of: database, at: version)
      }
    } catch let error as BountyError {
      throw error
    } catch let error as SQLiteError where error.isNotADatabase {
      throw BountyError.refused("\(database.path) is not a SQLite database (\(error.message))")
    } catch {
      throw BountyError.io("cannot read \(database.path): \(error)")
    }
  }

  /// The version `bounty_migration` records when `PRAGMA user_version` says 0 although the file
  /// has bounty's tables: a copy made by a tool that does not carry the pragma over (`sqlite3 db
  /// .dump | sqlite3 copy`). Nil when the table is missing or empty, or when its versions do not
  /// run 1, 2, … without a gap (then the file is judged by its tables as before). `validate`
  /// checks each recorded checksum against the shipped migration's. Reads only.
  static func recordedVersion(of database: Database) throws -> Int? {
    let exists = try database.scalarInt(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'bounty_migration'")
    guard exists == 1,
      let row = try database.queryFirst(
        "SELECT min(version), max(version), count(*) FROM bounty_migration",
        row: { ($0.optionalInt(0), $0.optionalInt(1), $0.int(2)) }),
      row.0 == 1, let highest = row.1, highest == row.2
    else { return nil }
    return Int(highest)
  }

  /// Writes `PRAGMA user_version` back when it was lost (see `recordedVersion`): the file is
  /// then what it was before it was copied. Call on a file that may be written, outside a
  /// transaction.
  static func restoreUserVersion(of database: Database) throws {
    guard database.dialect == .sqlite, try database.scalarInt("PRAGMA user_version") == 0,
      let recorded = try recordedVersion(of: database)
    else { return }
    try database.execute("PRAGMA user_version = \(recorded)")
  }

  /// Refuses a file whose tables and columns are not those migrations 1…`version` create.
  private func requireShape(of database: Database, at version: Int) throws {
    let missing = try SchemaShape.of(database).missing(
      from: SchemaShape.after(version, of: migrations))
    guard !missing.isEmpty else { return }
    let shown = missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
    throw BountyError.refused(
      "\(database.path) is a SQLite database but not a bounty database (it lacks \(shown) of "
        + "bounty schema version \(version)); nothing was changed")
  }

  /// The versions and checksums recorded in `bounty_migration` (none for a database written by an
  /// older tool that did not record them).
  func appliedChecksums(_ database: Database) throws -> [(Int, String)] {
    let exists = try database.scalarInt(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'bounty_migration'")
    guard exists == 1 else { return [] }
    return try database.query("SELECT version, checksum FROM bounty_migration") {
      (Int($0.int(0)), $0.text(1))
    }
  }

  /// The migrations not yet applied.
  public func pending(for database: Database) throws(BountyError) -> [Migration] {
    let version = try Self.version(of: database)
    return migrations.filter { $0.version > version }
  }

  /// Applies every pending migration, each in its own transaction. Returns the versions applied.
  /// Another process migrating at the same time is waited for, and its work is not repeated.
  /// Must be called outside a transaction (foreign keys cannot be turned off inside one).
  @discardableResult
  public func migrate(_ database: Database, now: Timestamp) throws -> [Int] {
    guard !database.inTransaction else {
      throw BountyError.io("cannot migrate \(database.path) inside a transaction")
    }
    let enforced = try database.scalarInt("PRAGMA foreign_keys") == 1
    try database.execute("PRAGMA foreign_keys = OFF")
    defer {
      // Outside the transaction again, so this takes effect; it cannot fail there.
      if enforced { try? database.execute("PRAGMA foreign_keys = ON") }
    }
    if let applied = try createFresh(database, now: now) { return applied }
    var applied: [Int] = []
    // References another program broke before (rows of a fugitive the sqlite3 shell deleted with
    // foreign keys off) are `db check`'s to name and repair; a migration is refused only for those
    // it breaks itself. Counted once: each migration may leave at most as many.
    let brokenBefore =
      try pending(for: database).isEmpty ? [:] : Self.brokenReferenceCounts(in: database)
    for migration in migrations {
      // A migration's own writes are bounty's, not another program's: once the file logs
      // changes made outside bounty, its transactions are marked as any of bounty's.
      try Store.markBountyWrites(of: database)
      if try apply(migration, to: database, now: now, brokenBefore: brokenBefore) {
        applied.append(migration.version)
      }
    }
    return applied
  }

  /// Gives an empty database the newest schema in one step: the script made at build time from
  /// every migration, and a `bounty_migration` row for each, with its checksum, in one write
  /// transaction. Nil (nothing done) when there is no such script or the database is not empty;
  /// another process creating it meanwhile is waited for and leaves it to that process.
  private func createFresh(_ database: Database, now: Timestamp) throws -> [Int]? {
    guard let freshSchema, database.dialect == .sqlite,
      try database.scalarInt("SELECT count(*) FROM sqlite_schema") == 0
    else { return nil }
    return try database.transaction(write: true) { () throws -> [Int]? in
      guard try database.scalarInt("SELECT count(*) FROM sqlite_schema") == 0 else { return nil }
      try database.execute(freshSchema)
      for migration in migrations {
        try database.run(
          "INSERT INTO bounty_migration VALUES (?, ?, ?, ?)", .integer(Int64(migration.version)),
          .text(migration.name), .text(migration.checksum), .text(now.iso8601))
      }
      try database.execute("PRAGMA user_version = \(latestVersion)")
      return migrations.map(\.version)
    }
  }

  /// Runs one migration and its bookkeeping in one write transaction; false when another process
  /// had already applied it.
  private func apply(
    _ migration: Migration, to database: Database, now: Timestamp, brokenBefore: [String: Int64]
  ) throws -> Bool {
    try database.transaction(write: true) { () throws -> Bool in
      // Read again inside the write lock: another process may have applied it meanwhile.
      guard try Self.version(of: database) < migration.version else { return false }
      try database.execute(migration.sql)
      // The chain's hashes are SHA-256, which SQL cannot compute: the steps already in the file
      // are sealed by bounty in the migration's own transaction.
      if migration.name == "history_chain", database.dialect == .sqlite {
        try HistoryChain.seal(database, at: now)
      }
      try database.execute(EmbeddedMigrations.bookkeeping)
      try database.run(
        "INSERT OR REPLACE INTO bounty_migration VALUES (?, ?, ?, ?)",
        .integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum),
        .text(now.iso8601))
      try database.execute("PRAGMA user_version = \(migration.version)")
      let broken = try Self.brokenReferences(in: database, besides: brokenBefore)
      if !broken.isEmpty {
        throw BountyError.refused(
          "migration \(migration.version) (\(migration.name)) would leave "
            + broken.joined(separator: "; ") + "; nothing was changed")
      }
      return true
    }
  }

  /// How many rows `PRAGMA foreign_key_check` reports, per child table and parent.
  static func brokenReferenceCounts(in database: Database) throws -> [String: Int64] {
    var counts: [String: Int64] = [:]
    for (table, parent, count) in try database.query(
      """
      SELECT "table", parent, count(*) FROM pragma_foreign_key_check
      GROUP BY "table", parent ORDER BY "table", parent
      """, row: { ($0.text(0), $0.text(1), $0.int(2)) })
    {
      counts[table + " " + parent] = count
    }
    return counts
  }

  /// What `PRAGMA foreign_key_check` reports beyond the counts `before`, one phrase per child
  /// table and parent: `2 rows of note pointing at missing rows of fugitive`.
  static func brokenReferences(in database: Database, besides before: [String: Int64] = [:])
    throws -> [String]
  {
    try database.query(
      """
      SELECT "table", parent, count(*) FROM pragma_foreign_key_check
      GROUP BY "table", parent ORDER BY "table", parent
      """
    ) { row in (row.text(0), row.text(1), row.int(2)) }
    .compactMap { table, parent, count in
      let added = count - (before[table + " " + parent] ?? 0)
      guard added > 0 else { return nil }
      return
        "\(added) \(added == 1 ? "row" : "rows") of \(table) pointing at missing rows of "
        + parent
    }
  }
}
