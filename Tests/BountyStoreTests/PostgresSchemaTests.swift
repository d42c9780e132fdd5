import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// The agency ladder (`Migrations/postgresql`) on a real server: migrating, refusing what must not
/// be touched, two hunters opening a new database at once, and the schema's own psql check.
@Suite(.onTestThreads) struct PostgresSchemaTests {
  let now = Timestamp(secondsSinceEpoch: 1_796_000_000)

  @Test func migratesAnEmptyDatabaseOnceAndRecordsEachMigration() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    #expect(try Migrator.version(of: database) == 0)
    try PostgresSchema.prepare(database, now: now)
    let latest = Migration.latestVersion(for: .postgresql)
    #expect(latest == Migration.bundledPostgres.count)
    #expect(try Migrator.version(of: database) == latest)
    let recorded = try database.query(
      "SELECT version, name, checksum, applied_at FROM bounty_migration ORDER BY version"
    ) { [$0.text(0), $0.text(1), $0.text(2), $0.text(3)] }
    #expect(
      recorded
        == Migration.bundledPostgres.map {
          [String($0.version), $0.name, $0.checksum, now.iso8601]
        })
    try PostgresSchema.prepare(try scratch.connect(), now: Timestamp(secondsSinceEpoch: 0))
    #expect(
      try database.scalarInt("SELECT count(*) FROM bounty_migration") == Int64(latest),
      "a second open migrates nothing")
    #expect(try database.scalarInt("SELECT sum(count) FROM fugitive_tally") == 0)
  }

  @Test func theIntegrityCheckFindsFlagsAndTallyThatDisagreeWithTheRows() throws {
    let scratch = try ScratchPostgres()
    let store = try Store.open(path: scratch.url)
    try store.database.transaction(write: true) {
      try store.insertFugitive(
        FugitiveFields(id: 7, name: "Hank", bountyMinor: 100, description: ""))
      try store.insertNote(fugitiveID: 7, text: "seen")
    }
    #expect(try store.integrityCheck().messages == ["ok"])
    #expect(try store.database.scalarInt("SELECT has_notes FROM fugitive WHERE id = 7") == 1)
    // What no bounty statement does: a flag and the tally set by hand, by a superuser with the
    // triggers off (a plain UPDATE of a flag is undone by the server since agency migration 3).
    try store.database.execute(
      """
      SET session_replication_role = replica;
      UPDATE fugitive SET has_photo = 1; UPDATE fugitive_tally SET count = 5 WHERE captured = 0;
      SET session_replication_role = DEFAULT
      """)
    let messages = try store.integrityCheck().messages
    #expect(messages.count == 2 && messages[0].hasPrefix("1 fugitives' has_photo"), "\(messages)")
  }

  @Test func refusesAnotherApplicationsDatabaseWithoutWriting() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    try database.execute("CREATE TABLE invoice (id bigint PRIMARY KEY)")
    let message = try refusal { try PostgresSchema.prepare(database, now: now) }
    #expect(
      message
        == "\(database.path) is a PostgreSQL database but not a bounty database (it has tables "
        + "and no bounty schema version)")
    #expect(
      try database.scalarInt("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == 1)
  }

  @Test func refusesANewerDatabase() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    try PostgresSchema.prepare(database, now: now)
    let newer = Migration.latestVersion(for: .postgresql) + 1
    try database.run(
      "INSERT INTO bounty_migration VALUES (?, 'from_the_future', 'x', ?)",
      .integer(Int64(newer)), .text(now.iso8601))
    let message = try refusal { try PostgresSchema.prepare(try scratch.connect(), now: now) }
    #expect(
      message
        == "\(database.path) has schema version \(newer), newer than this bounty understands "
        + "(\(newer - 1)); use a newer bounty")
  }

  @Test func refusesADatabaseWhoseAppliedMigrationWasEdited() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    try PostgresSchema.prepare(database, now: now)
    try database.run("UPDATE bounty_migration SET checksum = 'edited' WHERE version = 1")
    let message = try refusal { try PostgresSchema.prepare(try scratch.connect(), now: now) }
    #expect(message.contains("migration 1 (agency) was changed after it was applied"), "\(message)")
  }

  /// Agency migration 2: steps recorded as SQL text (version 1) are emptied, never run; the roster
  /// is kept, and the history is recorded as data from then on.
  @Test func historyOfSQLTextIsEmptiedNotRun() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    try PostgresSchema.prepare(
      database, migrations: Array(Migration.bundledPostgres.prefix(1)), now: now)
    try database.execute(
      """
      INSERT INTO fugitive (id, name, bounty_minor) VALUES (7, 'Hank', 100);
      INSERT INTO history_step (stack, label, created_at)
      VALUES ('undo', 'fugitives edit 7', '2026-11-30T10:00:00Z');
      INSERT INTO history_entry (step_id, sql)
      SELECT id, 'DELETE FROM fugitive; ALTER ROLE ' || quote_ident(current_user) || ' NOSUPERUSER'
      FROM history_step
      """)
    try PostgresSchema.prepare(database, now: now)
    #expect(try Migrator.version(of: database) == Migration.latestVersion(for: .postgresql))
    #expect(try database.scalarInt("SELECT count(*) FROM history_step") == 0)
    #expect(try database.scalarInt("SELECT count(*) FROM history_entry") == 0)
    let store = try Store.open(path: scratch.url)
    #expect(throws: BountyError.notFound("nothing to undo")) {
      _ = try store.database.transaction(write: true) { try store.undo() }
    }
    #expect(try store.database.scalarInt("SELECT count(*) FROM fugitive") == 1)
    #expect(
      try store.database.scalarInt(
        "SELECT CAST(rolsuper AS int) FROM pg_roles WHERE rolname = current_user") == 1)
  }

  /// Agency migration 3 takes back what an earlier `db init-agency` granted on the history and the
  /// derived tables, so upgrading alone closes them.
  @Test func upgradingTakesBackTheHistoryWritesAnEarlierSetUpGranted() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    try PostgresSchema.prepare(
      database, migrations: Array(Migration.bundledPostgres.prefix(2)), now: now)
    try database.execute(
      """
      DO $$ BEGIN
        CREATE ROLE agency_hunter NOLOGIN;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$;
      GRANT INSERT, UPDATE, DELETE ON history_step, history_entry, fugitive_tally TO agency_hunter
      """)
    try PostgresSchema.prepare(database, now: now)
    for table in ["history_step", "history_entry", "fugitive_tally"] {
      #expect(
        try database.scalarInt(
          "SELECT CAST(has_table_privilege('agency_hunter', ?, 'INSERT') AS int)", .text(table))
          == 0, "\(table)")
    }
  }

  @Test func aFailingMigrationLeavesNothingBehind() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    let shipped = Migration.bundledPostgres
    let next = shipped.count + 1
    let broken =
      shipped + [
        Migration(version: next, name: "broken", sql: "CREATE TABLE half (id bigint); SELECT 1/0")
      ]
    #expect(throws: BountyError.self) {
      try PostgresSchema.prepare(database, migrations: broken, now: now)
    }
    #expect(
      try Migrator.version(of: database) == next - 1, "the shipped versions committed, the next not"
    )
    #expect(try database.scalarInt("SELECT count(*) FROM pg_tables WHERE tablename = 'half'") == 0)
    #expect(!database.inTransaction)
  }

  @Test func hunterOpeningTogetherMigrateOnce() throws {
    let scratch = try ScratchPostgres()
    let conninfo = "\(try ScratchPostgres.server) dbname=\(scratch.name)"
    let (now, failures) = (now, Failures())
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      do {
        try PostgresSchema.prepare(try Database(postgresURL: conninfo), now: now)
      } catch {
        failures.add("\(error)")
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
    #expect(
      try scratch.connect().scalarInt("SELECT count(*) FROM bounty_migration")
        == Int64(Migration.bundledPostgres.count))
  }

  /// Undo and redo restore every kind of row change exactly, and the tally and the search index
  /// follow (the SQL checks live beside the script that runs them).
  @Test func theSchemasOwnChecksPass() throws {
    let script = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "../PostgreSQL/check-agency-schema").standardized.path
    let process = Process()
    process.executableURL = URL(filePath: script)
    process.arguments = [try ScratchPostgres.server]
    var environment = ProcessInfo.processInfo.environment
    environment["CHECK_DATABASE_PREFIX"] = "b_check"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.contains("agency schema checks passed"), "\(text)")
  }

  private func refusal(_ body: () throws -> Void) throws -> String {
    do {
      try body()
    } catch let error as BountyError {
      guard case .refused(let message) = error else { return "not refused: \(error)" }
      return message
    } catch {
      return "not a BountyError: \(error)"
    }
    return "not refused"
  }
}
