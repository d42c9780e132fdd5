import BountyCore

/// Brings a database to the newest schema, one migration at a time, or refuses without writing.
///
/// Each pending migration runs in its own `BEGIN IMMEDIATE` transaction together with its
/// bookkeeping (`PRAGMA user_version` and a row in `bounty_migration` with its checksum), and
/// `PRAGMA foreign_key_check` runs before the commit (sqlite.org, "Making Other Kinds Of Table Schema
/// Changes", step 10). A failure rolls that migration back whole.
public struct Migrator {
  public let migrations: [Migration]

  public init(migrations: [Migration] = Migration.bundled) {
    self.migrations = migrations
  }

  public var latestVersion: Int { migrations.last?.version ?? 0 }

  /// The database's schema version (`PRAGMA user_version`). Reads only.
  public static func version(of database: Database) throws(BountyError) -> Int {
    do {
      return Int(try database.scalarInt("PRAGMA user_version") ?? 0)
    } catch let error as SQLiteError where error.isNotADatabase {
      throw BountyError.refused("\(database.path) is not a SQLite database (\(error.message))")
    } catch {
      throw BountyError.io("cannot read \(database.path): \(error)")
    }
  }

  /// Refuses, before anything is written, a database this binary must not touch: newer than the
  /// binary, a SQLite file that is not bounty's, or one whose applied migrations were edited.
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
        if objects > 0 {
          throw BountyError.refused(
            "\(database.path) is a SQLite database but not a bounty database (it has tables and "
              + "no bounty schema version)")
        }
        return
      }
      for (applied, checksum) in try appliedChecksums(database) {
        guard let shipped = migrations.first(where: { $0.version == applied }) else { continue }
        if shipped.checksum != checksum {
          throw BountyError.refused(
            "\(database.path): migration \(applied) (\(shipped.name)) was changed after it was "
              + "applied; restore the shipped Migrations/ file")
        }
      }
    } catch let error as BountyError {
      throw error
    } catch let error as SQLiteError where error.isNotADatabase {
      throw BountyError.refused("\(database.path) is not a SQLite database (\(error.message))")
    } catch {
      throw BountyError.io("cannot read \(database.path): \(error)")
    }
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
  @discardableResult
  public func migrate(_ database: Database, now: Timestamp) throws -> [Int] {
    var applied: [Int] = []
    for migration in migrations {
      let done = try database.transaction(write: true) { () throws -> Bool in
        // Read again inside the write lock: another process may have applied it meanwhile.
        guard try Self.version(of: database) < migration.version else { return false }
        try database.execute(migration.sql)
        try database.execute(
          """
          CREATE TABLE IF NOT EXISTS bounty_migration (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            checksum TEXT NOT NULL,
            applied_at TEXT NOT NULL
          )
          """)
        try database.run(
          "INSERT OR REPLACE INTO bounty_migration VALUES (?, ?, ?, ?)",
          .integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum),
          .text(now.iso8601))
        try database.execute("PRAGMA user_version = \(migration.version)")
        let violations = try database.scalarInt("SELECT count(*) FROM pragma_foreign_key_check")
        if let violations, violations > 0 {
          throw BountyError.refused(
            "migration \(migration.version) (\(migration.name)) would break \(violations) "
              + "references; nothing was changed")
        }
        return true
      }
      if done { applied.append(migration.version) }
    }
    return applied
  }
}
