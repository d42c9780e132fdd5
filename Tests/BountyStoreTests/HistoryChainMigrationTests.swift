import BountyCore
import BountyTestSupport
import Testing

@testable import BountyStore

/// The `history_chain` migration seals the history a file already holds, once, in its own
/// transaction: one `seal` link per step, so the chain holds and the old steps still undo, while a
/// step planted after the migration is named.
@Suite(.onTestThreads) struct HistoryChainMigrationTests {
  @Test func existingStepsAreSealedOnceAndStillUndo() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("old.sqlite")
    let database = try Database(path: path)
    let before = Migration.bundled.prefix { $0.name != "history_chain" }
    #expect(before.count < Migration.bundled.count)
    _ = try Migrator(migrations: Array(before), oneStep: false).migrate(
      database, now: Timestamp(secondsSinceEpoch: 0))
    try database.execute(
      """
      INSERT INTO fugitive (id, name, bounty_minor, description, position, created_at, updated_at)
      VALUES (9, 'Old', 100, 'first', 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
      INSERT INTO history_step (stack, label, created_at)
      VALUES ('undo', 'Edit 9', '2026-01-02T00:00:00Z');
      UPDATE history_recorder SET step_id = last_insert_rowid();
      UPDATE fugitive SET description = 'before' WHERE id = 9;
      INSERT INTO history_step (stack, label, created_at)
      VALUES ('undo', 'Edit 9 again', '2026-01-03T00:00:00Z');
      UPDATE history_recorder SET step_id = last_insert_rowid();
      UPDATE fugitive SET description = 'after' WHERE id = 9;
      UPDATE history_recorder SET step_id = NULL;
      """)
    let store = try Store.open(path: path, notice: { _ in })
    #expect(try Migrator.version(of: store.database) == Migration.latestVersion)
    #expect(
      try store.database.scalarText(
        "SELECT group_concat(kind || ' ' || step_id, ', ') FROM (SELECT * FROM history_chain ORDER BY seq)"
      ) == "seal 1, seal 2")
    #expect(try store.historyChainProblems().isEmpty)
    _ = try store.database.transaction(write: true) { try store.undo() }
    _ = try store.database.transaction(write: true) { try store.undo() }
    #expect(try store.fugitive(id: 9)?.description == "first")
    #expect(try store.historyChainProblems().isEmpty)

    try store.database.execute(
      "INSERT INTO history_step (stack, label, created_at) VALUES ('undo', 'Planted', 'x')")
    #expect(
      try store.historyChainProblems().first?.contains("('Planted') is not in the history's chain")
        == true)
  }
}
