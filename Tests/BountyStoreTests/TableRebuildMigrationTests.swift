import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// A migration that rebuilds `fugitive` by sqlite.org's twelve-step recipe ("Making Other Kinds Of
/// Table Schema Changes"), as a future `0012` would: its children survive, and a rebuild that would
/// orphan them is rolled back leaving the file byte for byte as it was.
@Suite(.onTestThreads) struct TableRebuildMigrationTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7, 7, 7]

  /// A database at the shipped version holding three fugitives, notes on two, photos on two.
  /// Closed again when this returns, so its file holds everything (no -wal).
  static func makeDatabase(at path: String) throws {
    let store = try Store.open(path: path)
    for id: Int64 in 1...3 {
      try store.insertFugitive(
        FugitiveFields(id: id, name: "Fugitive \(id)", bountyMinor: id * 100, description: ""))
    }
    try store.insertNote(fugitiveID: 1, text: "seen in Reno")
    try store.insertNote(fugitiveID: 1, text: "drives a blue van")
    try store.insertNote(fugitiveID: 2, text: "armed")
    try store.storePhoto(fugitiveID: 1, Photo(mediaType: "image/png", bytes: png))
    try store.storePhoto(fugitiveID: 2, Photo(mediaType: "image/png", bytes: png.reversed()))
  }

  /// The twelve-step rebuild of `fugitive` (steps 3–8; the migrator does 1, 2 and 10–12), adding a
  /// CHECK that names are not empty. The new table's definition, indexes and triggers are taken
  /// from the database itself so the test keeps up with later migrations. `keep` filters the
  /// copied rows: anything but `1` loses fugitives whose notes and photos then dangle.
  static func rebuild(_ database: Database, version: Int, keep: String = "1") throws -> Migration {
    let table = try #require(
      try database.scalarText(
        "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'fugitive'"))
    let closing = try #require(table.lastIndex(of: ")"))
    let newTable =
      table[..<closing].replacing(
        "CREATE TABLE fugitive", with: "CREATE TABLE new_fugitive", maxReplacements: 1)
      + ", CHECK (length(name) > 0))"
    let columns = try database.query("SELECT name FROM pragma_table_info('fugitive')") {
      $0.text(0)
    }
    .joined(separator: ", ")
    let dependents = try database.query(
      """
      SELECT sql FROM sqlite_schema
      WHERE tbl_name = 'fugitive' AND type IN ('index', 'trigger') AND sql IS NOT NULL
      """
    ) { $0.text(0) + ";" }
    // Views that read the table, and other tables' triggers that name it, are dropped first and
    // made again last (the recipe's step 9): the rename checks every one of them.
    let readers = try database.query(
      """
      SELECT type, name, sql FROM sqlite_schema
      WHERE type IN ('view', 'trigger') AND tbl_name != 'fugitive' AND sql LIKE '%fugitive%'
      ORDER BY type DESC
      """
    ) { (drop: "DROP \($0.text(0).uppercased()) \($0.text(1));", sql: $0.text(2) + ";") }
    return Migration(
      version: version, name: "fugitive_name_not_empty",
      sql: """
        \(readers.map(\.drop).joined(separator: "\n"))
        \(newTable);
        INSERT INTO new_fugitive (\(columns)) SELECT \(columns) FROM fugitive WHERE \(keep);
        DROP TABLE fugitive;
        ALTER TABLE new_fugitive RENAME TO fugitive;
        \(readers.map(\.sql).joined(separator: "\n"))
        \(dependents.joined(separator: "\n"))
        """)
  }

  /// Everything the notes and photos hold.
  static func children(_ database: Database) throws -> [String] {
    let notes = try database.query(
      "SELECT id, fugitive_id, position, text, created_at FROM note ORDER BY id"
    ) { row in (0..<5).map { row.text(Int32($0)) }.joined(separator: "|") }
    let photos = try database.query(
      "SELECT fugitive_id, media_type, hex(bytes) FROM photo ORDER BY fugitive_id"
    ) { row in (0..<3).map { row.text(Int32($0)) }.joined(separator: "|") }
    return notes + photos
  }

  static func schemaObjects(_ database: Database) throws -> [String] {
    try database.query("SELECT type || ' ' || name FROM sqlite_schema ORDER BY type, name") {
      $0.text(0)
    }
  }

  @Test func aTwelveStepRebuildOfFugitiveKeepsEveryNoteAndPhoto() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("bounty.sqlite")
    try Self.makeDatabase(at: path)
    let (children, objects, migration): ([String], [String], Migration) = try {
      let database = try Database(path: path)
      return (
        try Self.children(database), try Self.schemaObjects(database),
        try Self.rebuild(database, version: Migration.latestVersion + 1)
      )
    }()
    #expect(children.count == 5)

    let store = try Store.open(
      path: path, migrator: Migrator(migrations: Migration.bundled + [migration]))
    #expect(try Migrator.version(of: store.database) == Migration.latestVersion + 1)
    #expect(try Self.children(store.database) == children)
    #expect(try Self.schemaObjects(store.database) == objects)
    #expect(try store.fugitiveCount() == 3)
    #expect(try store.database.scalarInt("SELECT count(*) FROM pragma_foreign_key_check") == 0)
    #expect(
      try store.database.scalarText("SELECT sql FROM sqlite_schema WHERE name = 'fugitive'")?
        .contains("CHECK (length(name) > 0)") == true)

    // Foreign keys are on again, and the children now reference the rebuilt table: deleting a
    // fugitive still takes its notes and photo with it.
    #expect(try store.database.scalarInt("PRAGMA foreign_keys") == 1)
    try store.database.run("DELETE FROM fugitive WHERE id = 1")
    #expect(try store.notes(fugitiveID: 1).isEmpty)
    #expect(try store.photo(fugitiveID: 1) == nil)
    #expect(try store.notes(fugitiveID: 2).count == 1)
  }

  @Test func aRebuildThatLeavesDanglingReferencesIsRolledBackByteForByte() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("bounty.sqlite")
    try Self.makeDatabase(at: path)
    let migration = try Self.rebuild(
      try Database(path: path), version: Migration.latestVersion + 1, keep: "id = 3")
    let before = try #require(TemporaryFolder.bytes(path))

    var notices: [String] = []
    #expect {
      try Store.open(
        path: path, migrator: Migrator(migrations: Migration.bundled + [migration]),
        notice: { notices.append($0) })
    } throws: { error in
      guard case .refused(let message) = error as? BountyError else { return false }
      return message.contains("3 rows of note pointing at missing rows of fugitive")
        && message.contains("2 rows of photo pointing at missing rows of fugitive")
        && message.contains("nothing was changed")
    }
    // The store is closed again (it was never returned); the file is as it was, with no -wal.
    let unchanged = TemporaryFolder.bytes(path) == before
    #expect(unchanged)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    // The backup written before migrating is the only new file.
    #expect(notices.count == 1)

    // Foreign keys are back on for whoever uses the connection after a failed migration.
    let database = try Database(path: path)
    try database.execute("PRAGMA foreign_keys = ON")
    #expect {
      try Migrator(migrations: Migration.bundled + [migration]).migrate(
        database, now: Timestamp(secondsSinceEpoch: 0))
    } throws: { _ in true }
    #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
    #expect(try Migrator.version(of: database) == Migration.latestVersion)
  }

  @Test func migratingInsideATransactionIsRefused() throws {
    let database = try Database(path: try TemporaryFolder().file("t.sqlite"))
    #expect(throws: BountyError.self) {
      try database.transaction(write: true) {
        try Migrator().migrate(database, now: Timestamp(secondsSinceEpoch: 0))
      }
    }
    #expect(try Migrator.version(of: database) == 0)
  }
}
