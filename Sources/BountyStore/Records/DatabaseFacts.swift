import BountyCore

/// What `db info` counts, and which schema the database is at: the queries behind the `db`
/// commands, so that no SQL is written above the store.
public struct RosterCounts: Sendable, Equatable {
  public let fugitives: Int64
  public let atLarge: Int64
  public let captured: Int64
  public let notes: Int64
  public let photos: Int64
  public let undoSteps: Int64
}

extension Store {
  /// Counts of what the database holds, each counted (not from the tally), for `db info`.
  public func rosterCounts() throws -> RosterCounts {
    func count(_ sql: String) throws -> Int64 { try database.scalarInt(sql) ?? 0 }
    return RosterCounts(
      fugitives: try count("SELECT count(*) FROM fugitive"),
      atLarge: try count("SELECT count(*) FROM fugitive WHERE captured = 0"),
      captured: try count("SELECT count(*) FROM fugitive WHERE captured = 1"),
      notes: try count("SELECT count(*) FROM note"),
      photos: try count("SELECT count(*) FROM photo"),
      undoSteps: try count("SELECT count(*) FROM history_step WHERE stack = 'undo'"))
  }

  /// The schema version the database is at (the last migration applied).
  public func schemaVersion() throws(BountyError) -> Int {
    try Migrator.version(of: database)
  }

  /// The newest schema version this binary knows for the database's engine.
  public var latestSchemaVersion: Int {
    Migration.latestVersion(for: database.dialect)
  }

  /// The engine's own version: the SQLite library inside bounty (`sqlite`), or the agency's
  /// server (`postgresql`).
  public func engineVersion() throws -> (engine: SQLDialect, version: String) {
    switch database.dialect {
    case .postgresql: (.postgresql, try database.scalarText("SHOW server_version") ?? "")
    case .sqlite: (.sqlite, Store.sqliteLibraryVersion)
    }
  }
}
