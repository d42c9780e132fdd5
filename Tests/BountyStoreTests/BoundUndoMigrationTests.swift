import BountyCore
import BountyTestSupport
import Testing

@testable import BountyStore

/// Migration 0018 makes a history entry data: the statement undo runs is chosen by the entry's
/// `op` from statements compiled into bounty, never read from the database. Entries recorded
/// before it are converted when their SQL is one of the fixed statements of migration 0015 (or an
/// import's `DELETE FROM fugitive WHERE position > N`); any other (literal SQL from before 0015, or
/// text that matches nothing) is never run: its step and every older step of its stack go.
@Suite(.onTestThreads) struct BoundUndoMigrationTests {
  /// A file at version 16 holding, oldest first: a step of literal SQL (recorded at version 14),
  /// a bound edit (version 15's triggers) and an import's literal block deletion.
  private func oldFile(_ folder: TemporaryFolder, planted: String? = nil) throws -> String {
    let path = folder.file("v16.sqlite")
    let database = try Database(path: path)
    for migration in Migration.bundled where migration.version <= 14 {
      try database.execute(migration.sql)
    }
    try database.execute(
      """
      INSERT INTO fugitive (id, name, bounty_minor, description, position, created_at, updated_at)
      VALUES (9, 'Old', 100, 'first', 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
      INSERT INTO history_step (stack, label, created_at)
      VALUES ('undo', 'Legacy edit 9', '2026-01-02T00:00:00Z');
      UPDATE history_recorder SET step_id = last_insert_rowid();
      UPDATE fugitive SET description = 'before' WHERE id = 9;
      UPDATE history_recorder SET step_id = NULL;
      """)
    #expect(try database.scalarText("SELECT sql FROM history_entry")?.contains("'first'") == true)
    for migration in Migration.bundled where (15...16).contains(migration.version) {
      try database.execute(migration.sql)
    }
    try database.execute(
      """
      PRAGMA user_version = 16;
      INSERT INTO history_step (stack, label, created_at)
      VALUES ('undo', 'Edit 9', '2026-01-03T00:00:00Z');
      UPDATE history_recorder SET step_id = last_insert_rowid();
      UPDATE fugitive SET description = 'after' WHERE id = 9;
      UPDATE history_recorder SET step_id = NULL;
      INSERT INTO history_step (stack, label, created_at)
      VALUES ('undo', 'Import', '2026-01-04T00:00:00Z');
      INSERT INTO history_entry (step_id, sql)
      VALUES (last_insert_rowid(), 'DELETE FROM fugitive WHERE position > 1');
      INSERT INTO fugitive (id, name, bounty_minor, description, position, created_at, updated_at)
      VALUES (10, 'Imported', 1, '', 2, '2026-01-04T00:00:00Z', '2026-01-04T00:00:00Z');
      """)
    if let planted {
      try database.execute(
        """
        INSERT INTO history_step (stack, label, created_at)
        VALUES ('undo', 'Planted', '2026-01-05T00:00:00Z');
        """)
      try database.run(
        "INSERT INTO history_entry (step_id, bound, sql) VALUES (last_insert_rowid(), 1, ?)",
        .text(planted))
    }
    return path
  }

  @Test func boundAndImportStepsAreConvertedAndLiteralOnesRemoved() throws {
    let folder = try TemporaryFolder()
    let store = try Store.open(path: try oldFile(folder), notice: { _ in })
    #expect(try Migrator.version(of: store.database) == Migration.latestVersion)
    #expect(try store.historySteps().map(\.label) == ["Import", "Edit 9"])
    #expect(
      try store.database.scalarText(
        "SELECT group_concat(op, ' ') FROM (SELECT op FROM history_entry ORDER BY id)")
        == "fugitive.update fugitive.deleteAfterPosition")
    #expect(try store.database.scalarInt("SELECT count(*) FROM history_entry WHERE sql <> ''") == 0)

    _ = try store.database.transaction(write: true) { try store.undo() }
    #expect(try store.fugitive(id: 10) == nil, "the import's block is deleted")
    _ = try store.database.transaction(write: true) { try store.undo() }
    #expect(try store.fugitive(id: 9)?.description == "before")
    #expect(throws: BountyError.notFound("nothing to undo")) {
      _ = try store.database.transaction(write: true) { try store.undo() }
    }
    #expect(try store.fugitive(id: 9)?.description == "before", "the literal step never ran")
    // The redo steps were recorded by the new triggers: an op and bound values, no SQL.
    #expect(try store.database.scalarInt("SELECT count(*) FROM history_entry WHERE sql <> ''") == 0)
    _ = try store.database.transaction(write: true) { try store.redo() }
    _ = try store.database.transaction(write: true) { try store.redo() }
    #expect(try store.fugitive(id: 9)?.description == "after")
    #expect(try store.fugitive(id: 10)?.name == "Imported")
  }

  /// A bound entry whose text is not one of the fixed statements (planted with the `sqlite3`
  /// shell before the upgrade) is refused with its step and every older one; nothing runs.
  @Test(arguments: [
    "DELETE FROM fugitive", "UPDATE fugitive SET bounty_minor = 1; DELETE FROM fugitive",
    "DELETE FROM fugitive WHERE id=(SELECT v1 FROM history_entry WHERE id=?1); DROP TABLE note",
  ])
  func aPlantedStepInAnOldFileNeverRuns(sql: String) throws {
    let folder = try TemporaryFolder()
    let store = try Store.open(path: try oldFile(folder, planted: sql), notice: { _ in })
    #expect(try store.historySteps().isEmpty)
    #expect(throws: BountyError.notFound("nothing to undo")) {
      _ = try store.database.transaction(write: true) { try store.undo() }
    }
    #expect(try store.database.scalarInt("SELECT count(*) FROM fugitive") == 2)
    #expect(try store.database.scalarInt("SELECT count(*) FROM note") == 0)
  }
}
