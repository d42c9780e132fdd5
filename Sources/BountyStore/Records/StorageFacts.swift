import BountyCore

/// What `db info` and `db check` report about the storage itself, asked of whichever engine holds
/// the roster.
public struct StorageFacts: Sendable {
  /// SQLite's journal mode (`wal`); nil on PostgreSQL.
  public let journalMode: String?
  /// The size of the file, or of the PostgreSQL database.
  public let sizeBytes: Int64
}

extension Store {
  /// The version of the SQLite library built into this binary.
  public static var sqliteLibraryVersion: String { SQLiteConnection.libraryVersion }

  /// How big the database is and how it journals.
  public func storageFacts() throws -> StorageFacts {
    switch database.dialect {
    case .sqlite:
      let pageCount = try database.scalarInt("PRAGMA page_count") ?? 0
      let pageSize = try database.scalarInt("PRAGMA page_size") ?? 0
      return StorageFacts(
        journalMode: try database.scalarText("PRAGMA journal_mode"),
        sizeBytes: pageCount * pageSize)
    case .postgresql:
      return StorageFacts(
        journalMode: nil,
        sizeBytes: try database.scalarInt("SELECT pg_database_size(current_database())") ?? 0)
    }
  }

  /// The engine's own integrity check (`["ok"]` when healthy) and the number of rows whose
  /// references point nowhere. PostgreSQL enforces references on every statement and checks pages
  /// itself; there what bounty's triggers keep is checked instead: the tally and each fugitive's
  /// has-photo, has-notes and has-case-file flags, in one pass of joins over each table (asking
  /// `fugitive_has_children` row by row took 19 s at a million fugitives; this takes 0.3 s).
  public func integrityCheck() throws -> (messages: [String], brokenReferences: Int64) {
    switch database.dialect {
    case .sqlite:
      return (
        try database.query("PRAGMA integrity_check") { $0.text(0) },
        try database.scalarInt("SELECT count(*) FROM pragma_foreign_key_check") ?? 0
      )
    case .postgresql:
      var messages: [String] = []
      let flags =
        try database.scalarInt(
          """
          SELECT count(*) FROM fugitive AS f
          LEFT JOIN (SELECT DISTINCT fugitive_id FROM photo) AS p ON p.fugitive_id = f.id
          LEFT JOIN (SELECT DISTINCT fugitive_id FROM note) AS n ON n.fugitive_id = f.id
          LEFT JOIN (
            SELECT fugitive_id FROM case_file UNION SELECT fugitive_id FROM alias
            UNION SELECT fugitive_id FROM expense
          ) AS c ON c.fugitive_id = f.id
          WHERE f.has_photo <> CAST(p.fugitive_id IS NOT NULL AS integer)
            OR f.has_notes <> CAST(n.fugitive_id IS NOT NULL AS integer)
            OR f.has_case_file <> CAST(c.fugitive_id IS NOT NULL AS integer)
          """) ?? 0
      if flags > 0 {
        messages.append(
          "\(flags) fugitives' has_photo, has_notes or has_case_file disagree with their rows")
      }
      let tally =
        try database.scalarInt(
          """
          SELECT count(*) FROM (VALUES (0), (1)) AS status (captured)
          WHERE coalesce((SELECT count FROM fugitive_tally AS t WHERE t.captured = status.captured), 0)
            <> (SELECT count(*) FROM fugitive AS f WHERE f.captured = status.captured)
          """) ?? 0
      if tally > 0 { messages.append("fugitive_tally disagrees with the fugitives it counts") }
      return (messages.isEmpty ? ["ok"] : messages, 0)
    }
  }
}
