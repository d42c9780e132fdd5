import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Undo runs only statements compiled into bounty (migration 0018): a step planted in the file
/// with the `sqlite3` shell, whatever SQL text it carries, never runs that text. An entry without
/// a known op is refused (exit 1, nothing changes); an entry with an op is a change of one row,
/// bound to its values, the same a `sqlite3` user could make directly.
@Suite(.onTestThreads) struct PlantedUndoTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    #expect(try bounty.run(["sample"]).status == 0)
  }

  private var state: String? {
    get throws {
      try bounty.sqlite3(
        """
        SELECT (SELECT count(*) FROM fugitive) || ' ' || (SELECT count(*) FROM note) || ' '
          || (SELECT group_concat(key || '=' || value) FROM setting) || ' '
          || (SELECT count(*) FROM sqlite_schema)
        """)
    }
  }

  @Test(arguments: [
    "DELETE FROM fugitive",
    "UPDATE setting SET value = '99' WHERE key = 'commission.rate'; DELETE FROM note",
    "DROP TABLE note",
  ])
  func aPlantedStepOfSQLTextIsRefusedAndRunsNothing(sql: String) throws {
    let before = try state
    let quoted = sql.replacing("'", with: "''")
    #expect(
      try bounty.sqlite3(
        """
        INSERT INTO history_step (stack, label, created_at)
        VALUES ('undo', 'fugitives edit 88657', '2026-11-30T11:00:00Z');
        INSERT INTO history_entry (step_id, bound, sql) VALUES (last_insert_rowid(), 1, '\(quoted)');
        SELECT op FROM history_entry ORDER BY id DESC LIMIT 1;
        """) == "refused")
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 1)
    #expect(
      undo.stderr.contains("step") && undo.stderr.contains("is not in the history's chain")
        && undo.stderr.contains("'bounty db check'"), "\(undo.stderr)")
    #expect(try state == before)
  }

  @Test func anOpOutsideTheListIsRefusedByTheFile() throws {
    #expect(
      try bounty.sqlite3(
        """
        INSERT INTO history_step (stack, label, created_at) VALUES ('undo', 'x', 'y');
        INSERT INTO history_entry (step_id, op, sql) VALUES (last_insert_rowid(), 'sql', 'DELETE FROM fugitive');
        """) == nil)
  }

  /// The SQL text of an entry with a known op is never run: the planted step is not in the
  /// history's chain (docs/history.md), so undo refuses it before any entry runs.
  @Test func anEntrysTextIsNeverRead() throws {
    let before = try state
    #expect(
      try bounty.sqlite3(
        """
        INSERT INTO history_step (stack, label, created_at)
        VALUES ('undo', 'fugitives edit 88657', '2026-11-30T11:00:00Z');
        INSERT INTO history_entry (step_id, op, sql, v1)
        VALUES (last_insert_rowid(), 'setting.delete', 'DELETE FROM fugitive; DROP TABLE note', 'no.such.key');
        """) == "")
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 1 && undo.stderr.contains("is not in the history's chain"))
    #expect(try state == before)
  }
}
