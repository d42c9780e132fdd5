import BountyCore

/// Brings an agency (PostgreSQL) database to the schema this binary expects, by its own ladder
/// (`Migration.bundledPostgres`, from `Migrations/postgresql/`), or refuses without writing.
///
/// The version is the largest in `bounty_migration` (PostgreSQL has no `user_version`). Refused, as
/// on SQLite: a database newer than the binary, one with tables but no `bounty_migration` (another
/// application's), and one whose applied migrations were edited. Each pending migration runs with
/// its `bounty_migration` row in one transaction that first takes a transaction-level advisory
/// lock, so two hunters opening a new database at once do not both migrate it: the second waits,
/// reads the version again (READ COMMITTED: a fresh snapshot per statement) and finds it done.
enum PostgresSchema {
  /// The advisory lock key every bounty migration takes ("bounty" in ASCII).
  static let migrationLock: Int64 = 0x626f_756e_7479

  /// Validates and migrates `database`, a PostgreSQL connection outside a transaction.
  static func prepare(_ database: Database, now: Timestamp) throws(BountyError) {
    try prepare(database, migrations: Migration.bundledPostgres, now: now)
  }

  /// `prepare` with another ladder (tests).
  static func prepare(_ database: Database, migrations: [Migration], now: Timestamp)
    throws(BountyError)
  {
    let version = try validate(database, migrations: migrations)
    let latest = migrations.last?.version ?? 0
    guard version < latest else { return }
    if database.isReadOnly {
      throw BountyError.refused(
        "\(database.path) has schema version \(version) and needs migrating to \(latest), "
          + "but this server only reads (a standby?); migrate it on the primary")
    }
    do {
      for migration in migrations where migration.version > version {
        try apply(migration, to: database, now: now)
      }
    } catch {
      throw Store.describe(error, path: database.path)
    }
  }

  /// The largest version in `bounty_migration`, 0 when the table does not exist. Reads only.
  static func version(of database: Database) throws(BountyError) -> Int {
    do {
      guard try hasMigrationTable(database) else { return 0 }
      return Int(
        try database.scalarInt("SELECT coalesce(max(version), 0) FROM bounty_migration") ?? 0)
    } catch {
      throw Store.describe(error, path: database.path)
    }
  }

  /// Refuses what must not be touched and answers the version. Reads only.
  static func validate(_ database: Database, migrations: [Migration]) throws(BountyError) -> Int {
    let latest = migrations.last?.version ?? 0
    do {
      // Read at once, without asking first whether the table exists: on a bounty database (every
      // time but the first) that is one round trip instead of two.
      var applied: [(Int, String)]
      do {
        applied = try appliedMigrations(database)
      } catch let failure as PostgresError where failure.sqlState == undefinedTable {
        // No table: a new database, another application's, or one another hunter is migrating
        // right now (the table appears when that commits). One statement tells them apart.
        let (hasTable, tables) =
          try database.queryFirst(
            """
            SELECT CAST(to_regclass(quote_ident(current_schema()) || '.bounty_migration') IS NOT NULL
              AS integer),
              (SELECT count(*) FROM pg_catalog.pg_class AS c
               JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace
               WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f'))
            """
          ) { ($0.int(0) == 1, $0.int(1)) } ?? (false, 0)
        if hasTable {
          applied = try appliedMigrations(database)
        } else if tables > 0 {
          throw BountyError.refused(
            "\(database.path) is a PostgreSQL database but not a bounty database (it has tables "
              + "and no bounty schema version)")
        } else {
          return 0
        }
      }
      let version = applied.last?.0 ?? 0
      if version > latest {
        throw BountyError.refused(
          "\(database.path) has schema version \(version), newer than this bounty understands "
            + "(\(latest)); use a newer bounty")
      }
      for (appliedVersion, checksum) in applied {
        guard let shipped = migrations.first(where: { $0.version == appliedVersion }) else {
          continue
        }
        if checksum != shipped.checksum {
          throw BountyError.refused(
            "\(database.path): migration \(appliedVersion) (\(shipped.name)) was changed after "
              + "it was applied; restore the shipped Migrations/postgresql/ file")
        }
      }
      return version
    } catch {
      throw Store.describe(error, path: database.path)
    }
  }

  /// The versions in `bounty_migration` with their checksums, oldest first.
  private static func appliedMigrations(_ database: Database) throws -> [(Int, String)] {
    try database.query("SELECT version, checksum FROM bounty_migration ORDER BY version") {
      (Int($0.int(0)), $0.text(1))
    }
  }

  /// PostgreSQL's SQLSTATE for a table that does not exist.
  private static let undefinedTable = "42P01"

  /// True when the current schema has `bounty_migration` (a catalog cache look-up: a scan of
  /// `pg_tables` costs a fresh connection over a millisecond).
  private static func hasMigrationTable(_ database: Database) throws -> Bool {
    try database.scalarInt(
      """
      SELECT CAST(to_regclass(quote_ident(current_schema()) || '.bounty_migration') IS NOT NULL
        AS integer)
      """) == 1
  }

  /// Runs one migration and its bookkeeping in one transaction under the migration lock; does
  /// nothing when another connection applied it while this one waited for the lock.
  private static func apply(_ migration: Migration, to database: Database, now: Timestamp) throws {
    try database.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
    do {
      try database.run("SELECT pg_advisory_xact_lock(?)", .integer(migrationLock))
      if try version(of: database) < migration.version {
        try database.execute(migration.sql)
        try database.execute(
          """
          CREATE TABLE IF NOT EXISTS bounty_migration (
            version bigint PRIMARY KEY,
            name text NOT NULL,
            checksum text NOT NULL,
            applied_at text NOT NULL
          )
          """)
        try database.run(
          "INSERT INTO bounty_migration (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
          .integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum),
          .text(now.iso8601))
      }
      try database.execute("COMMIT")
    } catch {
      if database.inTransaction { try? database.execute("ROLLBACK") }
      throw error
    }
  }
}
