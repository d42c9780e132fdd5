import BountyCore
import BountyTestSupport
import Testing

@testable import BountyStore

/// Migration 0021's typed columns and photo signature refuse a wrong value another program writes,
/// but stand aside while undo or redo puts back what a step found: on a file an older version
/// wrote, the delete of a fugitive whose bounty is text and whose photo is no image undoes.
@Suite(.onTestThreads) struct TypedColumnsReplayTests {
  /// A file migrated to version 20 holding fugitive 9 with the bounty 'abc' and an SVG photo, then
  /// opened (and migrated to the newest version) by bounty.
  static func olderFile(in folder: TemporaryFolder) throws -> Store {
    let path = folder.file("old.sqlite")
    let database = try Database(path: path)
    let before = Migration.bundled.filter { $0.version <= 20 }
    _ = try Migrator(migrations: before, oneStep: false).migrate(
      database, now: Timestamp(secondsSinceEpoch: 0))
    try database.execute(
      """
      INSERT INTO fugitive (id, name, bounty_minor, description, position, created_at, updated_at)
      VALUES (9, 'Old', 'abc', '', 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
      INSERT INTO photo (fugitive_id, media_type, bytes)
      VALUES (9, 'application/octet-stream', CAST('<svg/>' AS BLOB));
      """)
    return try Store.open(path: path, notice: { _ in })
  }

  static func fugitiveNine(_ store: Store) throws -> String? {
    try store.database.scalarText(
      """
      SELECT typeof(f.bounty_minor) || ' ' || f.bounty_minor || ' ' || CAST(p.bytes AS TEXT)
      FROM fugitive AS f JOIN photo AS p ON p.fugitive_id = f.id WHERE f.id = 9
      """)
  }

  @Test func theDeleteOfAWronglyTypedFugitiveAndItsPhotoUndoesAndRedoes() throws {
    let folder = try TemporaryFolder()
    let store = try Self.olderFile(in: folder)
    #expect(try Self.fugitiveNine(store) == "text abc <svg/>")
    try store.database.transaction(write: true) {
      try store.recordingStep({ _ in "delete 9" }) { try store.deleteFugitives(ids: [9]) }
    }
    #expect(try Self.fugitiveNine(store) == nil)
    _ = try store.database.transaction(write: true) { try store.undo() }
    #expect(try Self.fugitiveNine(store) == "text abc <svg/>")
    _ = try store.database.transaction(write: true) { try store.redo() }
    #expect(try Self.fugitiveNine(store) == nil)
    _ = try store.database.transaction(write: true) { try store.undo() }
    #expect(try Self.fugitiveNine(store) == "text abc <svg/>")
    // The replay's flag is down again: the triggers refuse another program's wrong value.
    #expect(try store.database.scalarInt("SELECT replaying FROM history_recorder") == 0)
    #expect(throws: SQLiteError.self) {
      try store.database.execute("UPDATE fugitive SET bounty_minor = 'xyz' WHERE id = 9")
    }
    #expect(throws: SQLiteError.self) {
      try store.database.execute(
        "UPDATE photo SET bytes = CAST('<svg>x</svg>' AS BLOB) WHERE fugitive_id = 9")
    }
  }

  /// The migration does not fail on such rows; db check names them, and --repair leaves them.
  @Test func wronglyTypedRowsOfAnOlderFileMigrateAndAreNamed() throws {
    let folder = try TemporaryFolder()
    let store = try Self.olderFile(in: folder)
    #expect(try Migrator.version(of: store.database) == Migration.latestVersion)
    let named = { (messages: [String]) in
      messages.contains {
        $0.hasPrefix("fugitive: bounty_minor of fugitive ID# 9 is text 'abc', not an integer")
      } && messages.contains { $0.hasPrefix("photo: the photo of fugitive ID# 9 is neither") }
    }
    #expect(try named(store.databaseProblems().messages))
    _ = try store.database.transaction(write: true) { try store.repairDatabase() }
    #expect(try named(store.databaseProblems().messages))
  }

  /// Only a blob of zero bytes only (what bounty fills by incremental blob I/O) passes besides a
  /// PNG or a JPEG: zero bytes followed by an SVG do not.
  @Test func onlyAnAllZeroBlobPassesBesidesAnImage() throws {
    let store = try Store.open(path: try TemporaryFolder().file("zero.sqlite"))
    try store.database.execute(
      """
      INSERT INTO fugitive (id, name, bounty_minor, description, position, created_at, updated_at)
      VALUES (9, 'New', 0, '', 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
      INSERT INTO photo (fugitive_id, media_type, bytes) VALUES (9, 'image/png', zeroblob(20));
      UPDATE photo SET bytes = x'000000' WHERE fugitive_id = 9;
      """)
    #expect(throws: SQLiteError.self) {
      try store.database.execute(
        "UPDATE photo SET bytes = x'0000000000000000' || CAST('<svg/>' AS BLOB) WHERE fugitive_id = 9"
      )
    }
    #expect(throws: SQLiteError.self) {
      try store.database.execute(
        """
        INSERT OR REPLACE INTO photo (fugitive_id, media_type, bytes)
        VALUES (9, 'image/png', x'0000000000000000' || CAST('<svg/>' AS BLOB))
        """)
    }
  }

  /// An UPDATE that leaves a count of another type as it was passes, as its siblings' do.
  @Test func aTallyUpdateLeavingTheCountAsItWasPasses() throws {
    let folder = try TemporaryFolder()
    let store = try Self.olderFile(in: folder)
    try store.database.execute(
      """
      DROP TRIGGER fugitive_tally_typed_update;
      UPDATE fugitive_tally SET count = 'seven' WHERE captured = 0;
      """)
    let trigger = try #require(
      ExpectedSchema.objects.first { $0.name == "fugitive_tally_typed_update" })
    try store.database.execute(trigger.sql)
    try store.database.execute("UPDATE fugitive_tally SET count = count WHERE captured = 0")
    #expect(throws: SQLiteError.self) {
      try store.database.execute("UPDATE fugitive_tally SET count = 'eight' WHERE captured = 0")
    }
  }
}
