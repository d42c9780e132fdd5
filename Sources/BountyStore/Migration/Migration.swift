import BountyCore

/// One numbered schema change from `Migrations/NNNN_name.sql`, embedded in the binary.
public struct Migration: Sendable {
  public let version: Int
  public let name: String
  public let sql: String
  /// Detects an applied migration whose text has since been edited.
  public let checksum: String

  public init(version: Int, name: String, sql: String, checksum: String? = nil) {
    self.version = version
    self.name = name
    self.sql = sql
    self.checksum = checksum ?? fnv1aChecksum(sql)
  }

  /// The migrations shipped in this binary, in version order (the build fails on a file in
  /// `Migrations/` whose name does not follow `NNNN_snake_name.sql` or breaks the numbering).
  public static let bundled: [Migration] = EmbeddedMigrations.files.map { file in
    Migration(version: file.version, name: file.name, sql: file.text, checksum: file.checksum)
  }

  /// The agency ladder shipped in this binary (`Migrations/postgresql/NNNN_name.sql`), in version
  /// order: PostgreSQL databases have version numbers of their own, starting at today's schema.
  public static let bundledPostgres: [Migration] = EmbeddedPostgresMigrations.files.map { file in
    Migration(version: file.version, name: file.name, sql: file.text, checksum: file.checksum)
  }

  /// Checksums of earlier texts of shipped migrations whose statements did not change (only a
  /// comment did), so databases that applied them are still recognised. Version 1's opening
  /// comment once named a document that is not in the repository.
  static let earlierChecksums: [Int: Set<String>] = [1: ["f73dcf6f19c88139"]]

  /// True when `checksum` was recorded for this migration's text, now or before a comment-only
  /// edit.
  public func accepts(checksum recorded: String) -> Bool {
    recorded == checksum || Self.earlierChecksums[version]?.contains(recorded) == true
  }

  /// The schema version this binary writes: the number of the last shipped migration.
  public static var latestVersion: Int { bundled.last?.version ?? 0 }

  /// The schema version this binary writes on `dialect`'s ladder.
  public static func latestVersion(for dialect: SQLDialect) -> Int {
    switch dialect {
    case .sqlite: latestVersion
    case .postgresql: bundledPostgres.last?.version ?? 0
    }
  }
}
