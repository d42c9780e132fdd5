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

  /// The migrations shipped in this binary, in version order.
  public static let bundled: [Migration] = EmbeddedMigrations.files.compactMap { file in
    guard file.name.hasSuffix(".sql"), let underscore = file.name.firstIndex(of: "_"),
      let version = Int(file.name[..<underscore])
    else { return nil }
    let name = String(file.name[file.name.index(after: underscore)...].dropLast(4))
    return Migration(version: version, name: name, sql: file.text, checksum: file.checksum)
  }.sorted { $0.version < $1.version }

  /// The schema version this binary writes: the number of the last shipped migration.
  public static var latestVersion: Int { bundled.last?.version ?? 0 }
}
