import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// Schema version 1…5 databases, built from the shipped files as an older bounty (or the sqlite3
/// shell) would have left them, come to the newest version with every value kept.
@Suite(.onTestThreads) struct MigrationTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 0, 255]

  /// Writes a database at `version` from the shipped migration files, without bounty's
  /// bookkeeping table, holding two rows with a value in every column that version has.
  static func makeDatabase(version: Int, at path: String) throws {
    let database = try Database(path: path)
    for migration in Migration.bundled.prefix(version) { try database.execute(migration.sql) }
    try database.execute("PRAGMA user_version = \(version)")
    try database.run(
      "INSERT INTO fugitive (id, name, bounty_minor, description) VALUES (?, ?, ?, ?)",
      .integer(6012), .text("Jolene Pruitt "), .integer(130_000), .text("Parole violater"))
    try database.run(
      "INSERT INTO fugitive (id, name, bounty_minor, description) VALUES (?, ?, ?, ?)",
      .integer(99_871), .text("Émile Fournier"), .integer(9_600_000), .text(""))
    if version >= 2 {
      try database.run(
        "UPDATE fugitive SET captured = 1, captured_at = '2009-05-01T12:30:00Z' WHERE id = 6012")
    }
    if version >= 3 {
      try database.run("UPDATE fugitive SET image = ? WHERE id = 6012", .blob(png))
      try database.run("UPDATE fugitive SET image = ? WHERE id = 99871", .blob([1, 2, 3]))
    }
    if version >= 4 {
      try database.run(
        "UPDATE fugitive SET captured_lat = 36.17, captured_lon = -115.14 WHERE id = 6012")
    }
    if version >= 5 {
      try database.run(
        """
        UPDATE fugitive SET last_seen_lat = 40.7128, last_seen_lon = -74.006,
          last_seen_desc = 'Penn Station', last_seen_at = '2010-01-02T03:04:05Z' WHERE id = 99871
        """)
    }
  }

  @Test(arguments: 1...5)
  func migratesEveryOldVersionKeepingEveryValue(version: Int) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("old.sqlite")
    try Self.makeDatabase(version: version, at: path)
    var notices: [String] = []
    let store = try Store.open(path: path, notice: { notices.append($0) })
    #expect(try Migrator.version(of: store.database) == Migration.latestVersion)

    let jolene = try #require(try store.fugitive(id: 6012))
    #expect(jolene.name == "Jolene Pruitt ")
    #expect(jolene.bounty.plain == "1300.00")
    #expect(jolene.description == "Parole violater")
    let emile = try #require(try store.fugitive(id: 99_871))
    #expect(emile.bounty.plain == "96000.00")
    #expect(try store.fugitiveCount() == 2)
    if version >= 2 {
      #expect(jolene.captured && jolene.capturedAt?.iso8601 == "2009-05-01T12:30:00Z")
    }
    if version >= 3 {
      #expect(try store.photo(fugitiveID: 6012) == Photo(mediaType: "image/png", bytes: Self.png))
      #expect(try store.photo(fugitiveID: 99_871)?.bytes == [1, 2, 3])
    }
    if version >= 4 { #expect(jolene.captureLocation == GeoPoint(lat: 36.17, lon: -115.14)) }
    if version >= 5 {
      #expect(
        emile.lastSeen
          == LastSeen(
            lat: 40.7128, lon: -74.006, description: "Penn Station",
            at: Timestamp(parsing: "2010-01-02T03:04:05Z")))
    }
    // Name order and manual positions are filled in for old rows.
    #expect(emile.position == 1 && jolene.position == 2)

    // The backup beside it is the old file, at the old version, named on stderr.
    #expect(notices.count == 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let backup = try #require(files.first { $0.contains("v\(version)-backup") })
    #expect(notices[0].contains(backup))
    let old = try Database(path: folder.file(backup))
    #expect(try Migrator.version(of: old) == version)
    #expect(try old.scalarInt("SELECT count(*) FROM fugitive") == 2)
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.file(backup))
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test func anEmptyOldDatabaseNeedsNoBackup() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("empty.sqlite")
    let database = try Database(path: path)
    try database.execute(Migration.bundled[0].sql + "PRAGMA user_version = 1;")
    var notices: [String] = []
    _ = try Store.open(path: path, notice: { notices.append($0) })
    #expect(notices.isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.contains("backup")
      }.isEmpty)
  }

  /// Everything a database holds, as text: schema, rows, version.
  static func dump(_ path: String) throws -> [String] {
    let database = try Database(path: path)
    var lines = try database.query("SELECT type, name, sql FROM sqlite_schema ORDER BY name") {
      "\($0.text(0)) \($0.text(1)) \($0.optionalText(2) ?? "")"
    }
    lines += try database.query("SELECT * FROM fugitive ORDER BY id") { row in
      (0..<8).map { row.optionalText(Int32($0)) ?? "NULL" }.joined(separator: "|")
    }
    lines.append("version \(try Migrator.version(of: database))")
    return lines
  }

  @Test func aMigrationThatFailsMidwayLeavesTheDatabaseAsItWas() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("v5.sqlite")
    try Self.makeDatabase(version: 5, at: path)
    let before = try Self.dump(path)
    let broken = Migration(
      version: 6, name: "broken",
      sql: """
        ALTER TABLE fugitive ADD COLUMN doomed TEXT;
        UPDATE fugitive SET bounty_minor = 0;
        CREATE TABLE half_done (x);
        INSERT INTO no_such_table VALUES (1);
        """)
    let migrator = Migrator(migrations: Array(Migration.bundled.prefix(5)) + [broken])
    #expect(throws: (any Error).self) { try Store.open(path: path, migrator: migrator) }
    #expect(try Self.dump(path) == before)
    // And the shipped migrations still apply afterwards.
    let store = try Store.open(path: path)
    #expect(try store.fugitiveCount() == 2)
  }

  @Test func aMigrationThatBreaksReferencesIsRolledBack() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("latest.sqlite")
    let store = try Store.open(path: path)
    try store.insertFugitive(FugitiveFields(id: 1, name: "A", bountyMinor: 1, description: ""))
    try store.insertNote(fugitiveID: 1, text: "kept")
    let breaking = Migration(
      version: Migration.latestVersion + 1, name: "orphans",
      sql: """
        PRAGMA defer_foreign_keys = ON;
        INSERT INTO note (fugitive_id, position, text, created_at) VALUES (999, 1, 'orphan', '');
        UPDATE fugitive SET name = 'changed';
        """)
    let migrator = Migrator(migrations: Migration.bundled + [breaking])
    let before = try Self.dump(path)
    #expect(throws: (any Error).self) { try migrator.migrate(store.database, now: store.now) }
    #expect(try Self.dump(path) == before)
  }

  /// The three refusals leave the file byte for byte as it was.
  @Test func refusesANewerDatabaseWithoutTouchingIt() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("newer.sqlite")
    do {
      let store = try Store.open(path: path)
      try store.insertFugitive(
        FugitiveFields(id: 7, name: "Kept", bountyMinor: 100, description: ""))
      try store.database.execute("PRAGMA user_version = 99")
    }
    let before = try #require(TemporaryFolder.bytes(path))
    #expect {
      try Store.open(path: path)
    } throws: { error in
      guard case .refused(let message) = error as? BountyError else { return false }
      return message.contains("newer")
    }
    #expect(TemporaryFolder.bytes(path) == before)
  }

  @Test func refusesAFileThatIsNotADatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("notes.txt")
    let junk =
      Array("These are not the rows you are looking for.\n".utf8)
      + (0..<4000).map { UInt8($0 % 251) }
    _ = FileManager.default.createFile(atPath: path, contents: Data(junk))
    #expect {
      try Store.open(path: path)
    } throws: { error in
      guard case .refused(let message) = error as? BountyError else { return false }
      return message.contains("not a SQLite database")
    }
    #expect(TemporaryFolder.bytes(path) == junk)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test func refusesAnEditedAppliedMigration() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("edited.sqlite")
    _ = try Store.open(path: path)
    let before = try #require(TemporaryFolder.bytes(path))
    var edited = Migration.bundled
    edited[2] = Migration(version: 3, name: edited[2].name, sql: edited[2].sql + "\n-- changed\n")
    #expect {
      try Store.open(path: path, migrator: Migrator(migrations: edited))
    } throws: { error in
      guard case .refused(let message) = error as? BountyError else { return false }
      return message.contains("migration 3") && message.contains("changed")
    }
    #expect(TemporaryFolder.bytes(path) == before)
  }

  /// Version 1's opening comment was reworded after databases applied it: they still open (their
  /// recorded checksum is an accepted earlier one), and any other checksum is still refused.
  @Test func acceptsAnEarlierTextOfVersion1ThatOnlyDifferedInAComment() throws {
    let folder = try TemporaryFolder()
    for (checksum, opens) in [("f73dcf6f19c88139", true), ("0123456789abcdef", false)] {
      let path = folder.file("v1-\(checksum).sqlite")
      do {
        let store = try Store.open(path: path)
        try store.database.run(
          "UPDATE bounty_migration SET checksum = ? WHERE version = 1", .text(checksum))
      }
      if opens {
        _ = try Store.open(path: path)
      } else {
        #expect(throws: BountyError.self) { try Store.open(path: path) }
      }
    }
  }

  @Test func refusesAnotherApplicationsDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("other.sqlite")
    do {
      let database = try Database(path: path)
      try database.execute("CREATE TABLE recipes (name TEXT)")
    }
    let before = try #require(TemporaryFolder.bytes(path))
    #expect(throws: BountyError.self) { try Store.open(path: path) }
    #expect(TemporaryFolder.bytes(path) == before)
  }

  /// Another application's SQLite file that happens to carry a `user_version` bounty uses: refused
  /// with one line before anything is written (no journal-mode switch, no -wal or -shm left).
  @Test(arguments: [(4, "DELETE"), (1, "DELETE"), (11, "DELETE"), (4, "WAL")])
  func refusesAForeignDatabaseAtABountyVersionWithoutTouchingIt(version: Int, journal: String)
    throws
  {
    let folder = try TemporaryFolder()
    let path = folder.file("other.sqlite")
    do {
      let database = try Database(path: path)
      _ = try database.scalarText("PRAGMA journal_mode = \(journal)")
      try database.execute(
        """
        CREATE TABLE recipes (name TEXT, servings INTEGER);
        INSERT INTO recipes VALUES ('soup', 4);
        PRAGMA user_version = \(version);
        """)
    }
    let before = try #require(TemporaryFolder.bytes(path))
    #expect {
      try Store.open(path: path)
    } throws: { error in
      guard case .refused(let message) = error as? BountyError else { return false }
      return message.contains("not a bounty database") && message.contains("lacks fugitive")
        && !message.contains("\n")
    }
    let unchanged = TemporaryFolder.bytes(path) == before
    #expect(unchanged)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["other.sqlite"])
  }

  /// A `fugitive` table is not enough: at version 4 it must have the columns migrations 1–4 made.
  @Test func refusesAFugitiveTableWithoutBountysColumns() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("lookalike.sqlite")
    do {
      let database = try Database(path: path)
      try database.execute(
        "CREATE TABLE fugitive (id INTEGER PRIMARY KEY, name TEXT); PRAGMA user_version = 4;")
    }
    let before = try #require(TemporaryFolder.bytes(path))
    #expect {
      try Store.open(path: path)
    } throws: { error in
      guard case .refused(let message) = error as? BountyError else { return false }
      return message.contains("fugitive.bounty_minor")
    }
    let unchanged = TemporaryFolder.bytes(path) == before
    #expect(unchanged)
  }

  @Test func shippedMigrationsAreNumberedWithoutGaps() {
    #expect(Migration.bundled.map(\.version) == Array(1...Migration.latestVersion))
    #expect(
      Migration.bundled[0].sql.contains("bounty_minor INTEGER NOT NULL CHECK (bounty_minor >= 0)"))
  }
}
