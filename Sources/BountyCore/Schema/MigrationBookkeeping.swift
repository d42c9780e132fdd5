/// The table every SQLite migration records itself in, created by the migrator after each
/// migration: one definition, shared by the migrator and by the build step that makes the schema a
/// new database gets in one step (`EmbedGenerator`), so both give `sqlite_schema` the same text.
public enum MigrationBookkeeping {
  public static let createTable = """
    CREATE TABLE IF NOT EXISTS bounty_migration (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      checksum TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )
    """

  /// The table's name (its rows are written when a database is migrated, never copied).
  public static let table = "bounty_migration"
}
