import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// A new database gets the schema of every migration in one step (a script made at build time),
/// and it is the schema the ladder builds, object by object and row by row.
@Suite(.onTestThreads) struct FreshSchemaTests {
  /// Every schema object as `type name on table: sql`, and every row of every table bounty writes
  /// (not the search index's shadow tables, and `bounty_migration` without its times), sorted.
  static func contents(of path: String) throws -> [String] {
    let store = try Store.open(path: path)
    let database = store.database
    var lines = try database.query(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name"
    ) { "\($0.text(0)) \($0.text(1)) on \($0.text(2)): \($0.optionalText(3) ?? "")" }
    lines.append("user_version \(try database.scalarInt("PRAGMA user_version") ?? -1)")
    lines += try database.query(
      "SELECT version || ' ' || name || ' ' || checksum FROM bounty_migration ORDER BY version"
    ) { $0.text(0) }
    let tables = try database.query(
      """
      SELECT name FROM pragma_table_list
      WHERE type = 'table' AND schema = 'main' AND name NOT IN ('bounty_migration')
        AND name NOT LIKE 'sqlite_%' ORDER BY name
      """
    ) { $0.text(0) }
    for table in tables {
      let columns = try database.query("SELECT name FROM pragma_table_info('\(table)')") {
        "quote(\"\($0.text(0))\")"
      }
      lines += try database.query(
        "SELECT \(columns.joined(separator: " || '|' || ")) FROM \"\(table)\""
      ) { "\(table): \($0.text(0))" }.sorted()
    }
    return lines
  }

  @Test func theOneStepSchemaIsTheLaddersByteForByte() throws {
    let folder = try TemporaryFolder()
    let oneStep = folder.file("one-step.sqlite")
    let ladder = folder.file("ladder.sqlite")
    _ = try Store.open(path: oneStep, migrator: Migrator())
    _ = try Store.open(path: ladder, migrator: Migrator(oneStep: false))
    let (fresh, climbed) = (try Self.contents(of: oneStep), try Self.contents(of: ladder))
    #expect(fresh.count > 100)
    #expect(fresh == climbed)
    for (a, b) in zip(fresh, climbed) where a != b {
      Issue.record("one step: \(a)\nladder:   \(b)")
      break
    }
  }

  @Test func theScriptIsUsedOnlyForAnEmptyFileOfTheShippedLadder() throws {
    #expect(Migrator().freshSchema != nil)
    #expect(Migrator(oneStep: false).freshSchema == nil)
    #expect(Migrator(migrations: Array(Migration.bundled.prefix(5))).freshSchema == nil)
    // A file at an older version climbs the rest of the ladder as before.
    let folder = try TemporaryFolder()
    let old = folder.file("old.sqlite")
    _ = try Store.open(
      path: old, migrator: Migrator(migrations: Array(Migration.bundled.prefix(5))))
    let store = try Store.open(path: old)
    #expect(try store.database.scalarInt("PRAGMA user_version") == Int64(Migration.latestVersion))
    #expect(
      try store.database.scalarInt("SELECT count(*) FROM bounty_migration")
        == Int64(Migration.latestVersion))
  }
}
