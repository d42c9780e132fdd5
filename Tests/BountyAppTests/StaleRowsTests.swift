import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

/// Rows another program writes while bounty has the file open are folded before bounty reads them
/// (a read mends them in a short write transaction first), and bounty's own changes leave no mark.
@Suite struct StaleRowsTests {
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
}
