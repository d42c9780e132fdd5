import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// Migration 0013 (the case file) on a database at version 11 that holds data: every row of every
/// older table is kept as it was, the new tables start empty, and the fugitive reads with an empty
/// case file that can then be written.
@Suite(.onTestThreads) struct CaseFileMigrationTests {
  static let caseFileVersion = Migration.bundled.firstIndex {
    $0.sql.contains("CREATE TABLE case_file")
  }
  .map { $0 + 1 }

  /// Every row of the tables that version 11 has, as text.
  static func rows(_ database: Database) throws -> [String] {
    var lines: [String] = []
    for table in ["fugitive", "note", "photo", "setting", "fugitive_tally"] {
      lines += try database.query("SELECT * FROM \(table) ORDER BY 1") { row in
        table + ": "
          + (0..<20).map { row.isNull(Int32($0)) ? "∅" : row.text(Int32($0)) }
          .joined(separator: "|")
      }
    }
    return lines
  }

  @Test func aVersion11DatabaseKeepsEveryRow() throws {
    let version = try #require(Self.caseFileVersion)
    let folder = try TemporaryFolder()
    let path = folder.file("v11.sqlite")
    let before: [String]
    do {
      let database = try Database(path: path)
      for migration in Migration.bundled.prefix(version - 1) {
        try database.execute(migration.sql)
      }
      try database.execute("PRAGMA user_version = \(version - 1)")
      try database.execute(
        """
        INSERT INTO fugitive (id, name, name_key, bounty_minor, description, captured, captured_at,
          captured_lat, captured_lon, position)
        VALUES (6012, 'Jolene Pruitt', 'jolene pruitt', 130000, 'Parole', 1,
          '2009-05-01T12:30:00Z', 36.17, -115.14, 1),
          (99871, 'Émile Fournier', 'emile fournier', 9600000, '', 0, NULL, NULL, NULL, 2);
        INSERT INTO note (fugitive_id, position, text, created_at)
        VALUES (99871, 1, 'Seen at the docks', '2026-01-01T00:00:00Z');
        INSERT INTO photo (fugitive_id, media_type, bytes) VALUES (6012, 'image/png', x'89504E47');
        INSERT INTO setting (key, value) VALUES ('currency', 'EUR');
        """)
      before = try Self.rows(database)
    }
    #expect(before.count == 7)
    let store = try Store.open(path: path)
    #expect(try Migrator.version(of: store.database) == Migration.latestVersion)
    #expect(try Self.rows(store.database) == before)
    for table in ["case_file", "expense", "alias"] {
      #expect(try store.database.scalarInt("SELECT count(*) FROM \(table)") == 0)
    }
    #expect(try store.fugitive(id: 99_871)?.caseFile == CaseFile())
    try store.writeBond(
      fugitiveID: 99_871,
      Bond(
        amount: Money(minorUnits: 500_000, currency: .usd),
        forfeitureDate: CalendarDate(parsing: "2027-01-02")))
    try store.insertAlias(fugitiveID: 99_871, name: "Eddie")
    #expect(try store.fugitive(id: 99_871)?.caseFile.aliases == ["Eddie"])
    #expect(
      try store.fugitive(id: 99_871)?.caseFile.bond?.forfeitureDate?.description == "2027-01-02")
  }
}
