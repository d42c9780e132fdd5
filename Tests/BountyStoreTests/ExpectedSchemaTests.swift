import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// What `db check` expects of the schema is derived from the migrations at build time (never a
/// hand list), a new database holds exactly it, and the check a change makes before it starts
/// costs a few microseconds.
@Suite(.onTestThreads) struct ExpectedSchemaTests {
  @Test func theExpectedObjectsAreEveryObjectANewDatabaseHolds() throws {
    let store = try Store.open(path: try TemporaryFolder().file("new.sqlite"))
    let held = try store.database.query(
      """
      SELECT type || ' ' || name FROM sqlite_schema
      WHERE sql IS NOT NULL AND name != 'bounty_migration'
        AND tbl_name NOT IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')
      """
    ) { $0.text(0) }
    #expect(Set(held) == Set(ExpectedSchema.objects.map { "\($0.type) \($0.name)" }))
    #expect(ExpectedSchema.objects.contains { $0.name == "fugitive_typed_insert" })
    #expect(ExpectedSchema.version == Migration.bundled.last?.version)
    #expect(try ExpectedSchema.differences(in: store.database).isEmpty)
  }

  @Test func anotherLayoutOfTheSameStatementIsTheSameObject() {
    let a = "CREATE TABLE t (\n  id INTEGER PRIMARY KEY, -- the key\n  name TEXT NOT NULL\n)"
    let b = "CREATE TABLE \"t\"(id INTEGER PRIMARY KEY,/* the key */ name TEXT NOT NULL)"
    #expect(ExpectedSchema.normalisedSQL(a) == ExpectedSchema.normalisedSQL(b))
    #expect(
      ExpectedSchema.normalisedSQL("SELECT 'a  b' , [x]")
        == "SELECT 'a  b',x")
    #expect(
      ExpectedSchema.normalisedSQL("CHECK (x >= 0)")
        != ExpectedSchema.normalisedSQL("CHECK (x > 0)"))
  }

  @Test func aTriggerDroppedByAnotherConnectionStopsTheNextChange() throws {
    let path = try TemporaryFolder().file("dropped.sqlite")
    let store = try Store.open(path: path)
    try store.requireIntactTriggers()
    let other = try Database(path: path, mode: .readWrite)
    try other.execute("DROP TRIGGER fugitive_history_update")
    #expect(throws: BountyError.self) {
      try store.database.transaction(write: true) { try store.requireIntactTriggers() }
    }
    _ = try store.database.transaction(write: true) { try store.repairSchema() }
    try store.requireIntactTriggers()
  }

  /// A trigger another connection adds on one of bounty's tables stops the next change too; one
  /// on another program's own table is not bounty's to name.
  @Test func aForeignTriggerAddedByAnotherConnectionStopsTheNextChange() throws {
    let path = try TemporaryFolder().file("foreign.sqlite")
    let store = try Store.open(path: path)
    let other = try Database(path: path, mode: .readWrite)
    try other.execute(
      """
      CREATE TABLE theirs (x);
      CREATE TRIGGER their_own AFTER INSERT ON theirs BEGIN SELECT 1; END;
      """)
    try store.database.transaction(write: true) { try store.requireIntactTriggers() }
    try other.execute(
      "CREATE TRIGGER x BEFORE UPDATE ON fugitive BEGIN SELECT RAISE(IGNORE); END")
    #expect(throws: BountyError.self) {
      try store.database.transaction(write: true) { try store.requireIntactTriggers() }
    }
    let done = try store.database.transaction(write: true) { try store.repairSchema() }
    #expect(done.contains { $0.hasPrefix("dropped the trigger x") }, "\(done)")
    try store.requireIntactTriggers()
    #expect(
      try store.database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'their_own'")
        == 1)
  }

  /// FTS5's integrity check is a write: on a file opened read-only `db check` still answers (as
  /// every read does, ReadOnlyRegistryTests), and the damaged index is named once the file is
  /// opened writable.
  @Test func theSearchIndexOfAReadOnlyFileIsCheckedWhenWritable() throws {
    let path = try TemporaryFolder().file("readonly.sqlite")
    let store = try Store.open(path: path)
    // An empty index passes its check whatever its first block holds: one fugitive first.
    try store.database.transaction(write: true) {
      try store.insertFugitive(
        FugitiveFields(id: 1, name: "Joe Smith", bountyMinor: 100, description: ""))
    }
    let damaged = try SQLiteShell.exec(
      path, "UPDATE fugitive_search_data SET block = x'00' WHERE id = 1")
    #expect(damaged.status == 0, "\(damaged.stderr)")
    let reader = Store(
      database: try Database(path: path, mode: .readOnly), path: path, mode: .readOnly)
    #expect(try reader.schemaProblems().repairable.isEmpty)
    let writer = Store(database: try Database(path: path), path: path, mode: .readWrite)
    #expect(
      try writer.schemaProblems().repairable.contains {
        $0.hasPrefix("fugitive_search: the search index fails its integrity check")
      })
  }

  /// The check before every change reads one cached pragma while the schema is unchanged: it
  /// costs about what one `SELECT 1` does (a few µs), measured against that on the same machine
  /// at the same moment, so a busy machine does not fail it.
  @Test func theCheckBeforeAChangeCostsAboutOneTrivialQuery() throws {
    let store = try Store.open(path: try TemporaryFolder().file("fast.sqlite"))
    try store.requireIntactTriggers()
    let rounds = 4_000
    func microseconds(_ body: () throws -> Void) rethrows -> Double {
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<rounds { try body() }
      return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(rounds) / 1000
    }
    // Inside a transaction, as a change runs it (outside, each statement opens one of its own).
    // The fastest of five turns each, taken in turns: a turn the scheduler interrupts counts for
    // neither.
    var trivial = Double.infinity
    var check = Double.infinity
    try store.database.transaction(write: true) {
      for _ in 0..<5 {
        trivial = min(trivial, try microseconds { _ = try store.database.scalarInt("SELECT 1") })
        check = min(check, try microseconds { try store.requireIntactTriggers() })
      }
    }
    #expect(check < 3 * trivial + 1, "\(check) µs per check, \(trivial) µs per SELECT 1")
  }
}
