import BountyCore
import BountyTestSupport
import Testing

@testable import BountyStore

/// Migration 0015 changes how the undo log records a row (bound values instead of SQL text); steps
/// recorded before it, as literal SQL, still undo and redo after it.
@Suite struct BoundUndoMigrationTests {
  @Test func aStepRecordedAsSQLTextStillUndoesAfterTheMigration() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("v14.sqlite")
    do {
      let database = try Database(path: path)
      for migration in Migration.bundled.prefix(14) { try database.execute(migration.sql) }
      try database.execute(
        """
        PRAGMA user_version = 14;
        INSERT INTO fugitive (id, name, bounty_minor, description, position, created_at, updated_at)
        VALUES (9, 'Old', 100, 'before', 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
        INSERT INTO history_step (stack, label, created_at)
        VALUES ('undo', 'Edit 9', '2026-01-02T00:00:00Z');
        UPDATE history_recorder SET step_id = last_insert_rowid();
        UPDATE fugitive SET description = 'after' WHERE id = 9;
        UPDATE history_recorder SET step_id = NULL;
        """)
      let recorded = try database.scalarText("SELECT sql FROM history_entry")
      #expect(recorded?.contains("'before'") == true)
    }
    let store = try Store.open(path: path, notice: { _ in })
    #expect(try Migrator.version(of: store.database) == Migration.latestVersion)
    _ = try store.database.transaction(write: true) { try store.undo() }
    #expect(try store.fugitive(id: 9)?.description == "before")
    // The redo step was recorded by the new triggers: bound, with the value outside the SQL.
    #expect(
      try store.database.scalarInt("SELECT count(*) FROM history_entry WHERE bound = 1") == 1)
    #expect(
      try store.database.scalarInt("SELECT count(*) FROM history_entry WHERE instr(sql, 'after')")
        == 0)
    _ = try store.database.transaction(write: true) { try store.redo() }
    #expect(try store.fugitive(id: 9)?.description == "after")
  }
}
