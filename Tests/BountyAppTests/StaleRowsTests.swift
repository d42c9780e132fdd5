import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

/// Rows another program writes while bounty has the file open are folded before bounty reads them
/// (a read mends them in a short write transaction first), and bounty's own changes leave no mark.
@Suite(.onTestThreads) struct StaleRowsTests {
  @Test func aReadAfterAnotherProgramsWriteSeesItFolded() throws {
    let app = try TestApp()
    let id = try app.add("Bravo")
    #expect(try app.store.database.scalarInt("SELECT count(*) FROM fugitive_stale") == 0)
    let shell = try SQLiteShell.exec(
      app.store.path,
      """
      UPDATE fugitive SET name = 'Ödön Zrínyi' WHERE id = \(id);
      INSERT INTO note (fugitive_id, position, text, created_at)
        VALUES (\(id), 1, 'Seen at the Café Größe', '2026-11-01T00:00:00Z');
      """)
    #expect(shell.status == 0, "\(shell.stderr)")
    // The connection stayed open: the read itself must find and fold the marked rows.
    let found = try app.call("fugitives.list", ["search": "odon zrinyi"])["items"]?.arrayValue
    #expect(found?.count == 1)
    #expect(try app.call("fugitives.list", ["search": "cafe grosse"])["total"] == .int(1))
    #expect(
      try app.store.database.scalarText("SELECT name_key FROM fugitive WHERE id = ?", .integer(id))
        == nameSortKey("Ödön Zrínyi"))
    #expect(try app.store.database.scalarInt("SELECT count(*) FROM fugitive_stale") == 0)
  }

  /// A version-16 file whose fugitive the shell deleted with foreign keys off (its notes left
  /// behind, as before migration 0017) still migrates; the rows are db check's to name and repair.
  @Test func orphansLeftBeforeTheMigrationAreNamedNotDeletedByIt() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("v16.sqlite")
    do {
      let old = try Store.open(
        path: path, migrator: Migrator(migrations: Array(Migration.bundled.prefix(16))))
      try old.insertFugitive(FugitiveFields(id: 7, name: "Gone", bountyMinor: 100, description: ""))
      try old.insertNote(fugitiveID: 7, text: "left behind")
    }
    let shell = try SQLiteShell.exec(path, "DELETE FROM fugitive WHERE id = 7")
    #expect(shell.status == 0, "\(shell.stderr)")
    let store = try Store.open(path: path)
    #expect(try Migrator.version(of: store.database) == Migration.latestVersion)
    let problems = try store.database.transaction(write: false) { try store.databaseProblems() }
    #expect(problems.messages.contains { $0.contains("of fugitive ID# 7, which does not exist") })
    let done = try store.database.transaction(write: true) { try store.repairDatabase() }
    #expect(done == ["deleted 1 note row of fugitives that do not exist"])
    #expect(try store.database.scalarInt("SELECT count(*) FROM note") == 0)
  }

  /// A read never waits on another writer to mend: it reads the rows as they are, and the next
  /// transaction once the writer is done mends them.
  @Test func aReadDoesNotWaitForAWriterToMend() throws {
    let app = try TestApp()
    let id = try app.add("Bravo")
    let shell = try SQLiteShell.exec(
      app.store.path, "UPDATE fugitive SET name = 'Ödön Zrínyi' WHERE id = \(id)")
    #expect(shell.status == 0, "\(shell.stderr)")
    let writer = try Database(path: app.store.path)
    try writer.execute("BEGIN IMMEDIATE")
    let started = Store.systemTime()
    #expect(try app.call("fugitives.list", ["search": "odon"])["total"] == .int(0))
    #expect(Store.systemTime().secondsSinceEpoch - started.secondsSinceEpoch < 2)
    try writer.execute("ROLLBACK")
    #expect(try app.call("fugitives.list", ["search": "odon"])["total"] == .int(1))
  }
}
