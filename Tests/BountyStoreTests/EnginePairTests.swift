import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// What one engine's schema has and the other's has not, on purpose, each with its reason. The
/// one place to edit when a migration adds a table or column to one ladder only: the pair test
/// fails on any difference not listed here, and on any entry here that is no longer a difference.
enum EngineDifferences {
  /// Tables and views only the SQLite ladder (`Migrations/*.sql`) makes.
  static let onlySQLite: [String: String] = [
    "fugitive_stale":
      "migration 0017: fugitives another client wrote, whose sort key and search text bounty folds",
    "currency_scale": "migration 0017: each currency's digits, for the rescaling trigger",
    "currency_change": "migration 0017: the rescaling trigger's working row",
    "fugitive_replaced":
      "migration 0019: the fugitive a REPLACE is about to remove without its delete triggers; "
      + "PostgreSQL has no REPLACE",
    "fugitive_search_config": "FTS5's shadow table of the search index (migration 0012)",
    "fugitive_search_content": "FTS5's shadow table of the search index (migration 0012)",
    "fugitive_search_data": "FTS5's shadow table of the search index (migration 0012)",
    "fugitive_search_docsize": "FTS5's shadow table of the search index (migration 0012)",
    "fugitive_search_idx": "FTS5's shadow table of the search index (migration 0012)",
    "history_recorder":
      "SQLite's triggers ask it whether a step is being recorded; PostgreSQL keeps that in a "
      + "transaction-local setting",
    "outside_change":
      "migration 0025: changes another program made outside any step; the server records those "
      + "as steps of their own",
  ]

  /// Tables and views only the PostgreSQL ladder (`Migrations/postgresql/*.sql`) makes.
  static let onlyPostgreSQL: [String: String] = [
    "fugitive_search_text":
      "the search text as a view, which the server's own bounty_fold makes; SQLite has none (0017)",
    "hunter": "who may act in an agency: roles and names (docs/agency.md)",
    "history_touch":
      "which fugitives each step changed, so undo refuses a step another hunter has changed since",
    "history_block": "steps blocked by another hunter's later change (docs/agency.md)",
    "fugitive_id_touched":
      "the ID#s a statement touched, for fugitive_id_run_refresh(); SQLite's triggers keep the "
      + "runs themselves",
    "bounty_confusable":
      "agency 0008: the UTS #39 confusables the server compares display names by (bounty compares "
      + "its own in BountyCore)",
    "history_chain_head": "agency 0009: the newest link, locked by whoever appends one",
  ]

  /// Columns (`table.column`) of tables both have, only on SQLite.
  static let columnsOnlySQLite: [String: String] = [
    "history_entry.bound": "migration 0015: whether the entry's SQL reads its values from v1…v17",
    "history_entry.sql":
      "kept empty since migration 0018 (entries are data, op and values); PostgreSQL dropped it",
    "history_entry.v1": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v2": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v3": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v4": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v5": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v6": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v7": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v8": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v9": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v10": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v11": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v12": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v13": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v14": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v15": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v16": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.v17": "migration 0015: the old row's values kept untyped in the entry",
    "history_entry.imaged":
      "migration 0022: whether the entry holds the row as its change left it (n1…n16)",
    "history_entry.n1": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n2": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n3": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n4": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n5": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n6": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n7": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n8": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n9": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n10": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n11": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n12": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n13": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n14": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n15": "migration 0022: the row as the change left it, for undo's check",
    "history_entry.n16": "migration 0022: the row as the change left it, for undo's check",
    "history_blob.entry_id":
      "a photo's old bytes belong to one entry; PostgreSQL keys them by their own id and step",
  ]

  /// Columns (`table.column`) of tables both have, only on PostgreSQL.
  static let columnsOnlyPostgreSQL: [String: String] = [
    "history_entry.row_key": "agency 0002: the changed row's key (SQLite keeps it among v1…v17)",
    "history_entry.old_row": "agency 0002: the old row as jsonb (SQLite: untyped columns v1…v17)",
    "history_entry.blob_id": "agency 0002: a photo's old bytes in history_blob (SQLite: in v3)",
    "fugitive.row_version": "optimistic concurrency between hunters (docs/agency.md)",
    "fugitive.created_by": "the hunter who added the fugitive (row security)",
    "fugitive.changed_by": "the hunter who last changed the fugitive",
    "fugitive.has_notes":
      "a flag the triggers keep; SQLite asks the child tables with EXISTS (a fresh server connection plans a query faster the fewer tables it names)",
    "fugitive.has_photo":
      "a flag the triggers keep; SQLite asks the child tables with EXISTS (a fresh server connection plans a query faster the fewer tables it names)",
    "fugitive.has_case_file":
      "a flag the triggers keep; SQLite asks the child tables with EXISTS (a fresh server connection plans a query faster the fewer tables it names)",
    "fugitive_search.id": "a plain table keyed by ID#; SQLite's FTS5 table uses its rowid",
    "history_step.opened_in":
      "agency 0008: the transaction that opened the step, the only one that may record into it",
    "history_blob.id": "photo bytes kept by their own key on PostgreSQL",
    "history_blob.step_id": "photo bytes kept with their step on PostgreSQL",
  ]
}

/// The two engines are a checked pair: both migration ladders applied to empty databases give the
/// same tables and views with the same columns, but for what `EngineDifferences` declares.
@Suite(.onTestThreads) struct EnginePairTests {
  /// Every table and view, with its columns, of a schema.
  typealias Schema = [String: [String]]

  /// The SQLite ladder, applied by the migrator to a new file.
  static func sqliteSchema() throws -> Schema {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("pair.sqlite"))
    _ = try Migrator().migrate(database, now: Timestamp(secondsSinceEpoch: 0))
    #expect(try Migrator.version(of: database) == Migration.latestVersion(for: .sqlite))
    let names = try database.query(
      """
      SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')
      AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
      """
    ) { $0.text(0) }
    var schema: Schema = [:]
    for name in names {
      schema[name] = try database.query(
        "SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(name)]
      ) { $0.text(0) }
    }
    return schema
  }

  /// The PostgreSQL ladder, applied to a scratch database.
  static func postgresSchema() throws -> Schema {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    try PostgresSchema.prepare(database, now: Timestamp(secondsSinceEpoch: 0))
    #expect(try Migrator.version(of: database) == Migration.latestVersion(for: .postgresql))
    var schema: Schema = [:]
    try database.forEachRow(
      """
      SELECT c.table_name, c.column_name FROM information_schema.columns AS c
      JOIN information_schema.tables AS t USING (table_schema, table_name)
      WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position
      """
    ) { schema[$0.text(0), default: []].append($0.text(1)) }
    return schema
  }

  @Test func bothLaddersMakeTheSameTablesAndColumnsButTheDeclaredOnes() throws {
    let sqlite = try Self.sqliteSchema()
    let postgres = try Self.postgresSchema()
    #expect(sqlite["fugitive"] != nil && postgres["fugitive"] != nil)
    let sqliteTables = Set(sqlite.keys)
    let postgresTables = Set(postgres.keys)

    let onlySQLite = sqliteTables.subtracting(postgresTables)
    let onlyPostgres = postgresTables.subtracting(sqliteTables)
    #expect(
      onlySQLite.subtracting(EngineDifferences.onlySQLite.keys).sorted() == [],
      "tables only SQLite has: add them to PostgreSQL's ladder or to EngineDifferences.onlySQLite")
    #expect(
      onlyPostgres.subtracting(EngineDifferences.onlyPostgreSQL.keys).sorted() == [],
      "tables only PostgreSQL has: add them to SQLite's ladder or to EngineDifferences.onlyPostgreSQL"
    )
    #expect(
      Set(EngineDifferences.onlySQLite.keys).subtracting(onlySQLite).sorted() == [],
      "listed as only SQLite's, but not (or no longer) so")
    #expect(
      Set(EngineDifferences.onlyPostgreSQL.keys).subtracting(onlyPostgres).sorted() == [],
      "listed as only PostgreSQL's, but not (or no longer) so")

    var columnsOnlySQLite: Set<String> = []
    var columnsOnlyPostgres: Set<String> = []
    for table in sqliteTables.intersection(postgresTables) {
      let inSQLite = Set(sqlite[table] ?? [])
      let inPostgres = Set(postgres[table] ?? [])
      columnsOnlySQLite.formUnion(inSQLite.subtracting(inPostgres).map { "\(table).\($0)" })
      columnsOnlyPostgres.formUnion(inPostgres.subtracting(inSQLite).map { "\(table).\($0)" })
    }
    #expect(
      columnsOnlySQLite.subtracting(EngineDifferences.columnsOnlySQLite.keys).sorted() == [],
      "columns only SQLite has: add them to PostgreSQL or to EngineDifferences.columnsOnlySQLite")
    #expect(
      columnsOnlyPostgres.subtracting(EngineDifferences.columnsOnlyPostgreSQL.keys).sorted() == [],
      "columns only PostgreSQL has: add them to SQLite or to EngineDifferences.columnsOnlyPostgreSQL"
    )
    #expect(
      Set(EngineDifferences.columnsOnlySQLite.keys).subtracting(columnsOnlySQLite).sorted() == [],
      "listed as only SQLite's, but not (or no longer) so")
    #expect(
      Set(EngineDifferences.columnsOnlyPostgreSQL.keys).subtracting(columnsOnlyPostgres).sorted()
        == [],
      "listed as only PostgreSQL's, but not (or no longer) so")
  }

  /// Every declared difference says why.
  @Test func everyDeclaredDifferenceHasAReason() {
    for list in [
      EngineDifferences.onlySQLite, EngineDifferences.onlyPostgreSQL,
      EngineDifferences.columnsOnlySQLite, EngineDifferences.columnsOnlyPostgreSQL,
    ] {
      for (name, reason) in list {
        #expect(reason.count >= 10, "\(name): give the reason")
      }
    }
  }
}

/// A fugitive row is read by column name: the same row selected with its columns in another
/// order (and with other columns between) reads as the same fugitive, on both engines.
@Suite(.onTestThreads) struct FugitiveColumnsByNameTests {
  static func check(_ store: Store) throws {
    try store.database.transaction(write: true) {
      try store.insertFugitive(
        FugitiveFields(id: 7, name: "Hank Rearden", bountyMinor: 1_250_050, description: "tall"))
      try store.insertNote(fugitiveID: 7, text: "seen at the mill")
    }
    let expected = try #require(try store.fugitive(id: 7))
    let shuffled = """
      SELECT 'x' AS unrelated, updated_at, created_at, position, last_seen_at, last_seen_desc,
        last_seen_lon, last_seen_lat, captured_lon, captured_lat, captured_at, captured,
        description, 1 AS has_case_file, 1 AS has_notes, 0 AS has_photo, bounty_minor, name, id
      FROM fugitive WHERE id = 7
      """
    var decoder = FugitiveRowDecoder(currency: try store.currency())
    let rows = try store.database.query(shuffled) { try decoder.fugitiveRow($0) }
    #expect(rows.count == 1)
    #expect(rows.first?.fugitive == expected.withoutChildren)
    #expect(rows.first?.hasNotes == true && rows.first?.hasCaseFile == true)

    // A statement missing a column is an error naming it, never a crash or a shifted read.
    var short = FugitiveRowDecoder(currency: try store.currency())
    #expect(throws: BountyError.self) {
      _ = try store.database.query("SELECT id, name FROM fugitive") { try short.fugitive($0) }
    }
  }

  @Test func onSQLite() throws {
    let folder = try TemporaryFolder()
    try Self.check(try Store.open(path: folder.file("columns.sqlite")))
  }

  @Test func onPostgreSQL() throws {
    let scratch = try ScratchPostgres()
    try Self.check(try Store.open(path: scratch.url))
  }
}

extension Fugitive {
  /// The fugitive as its row alone reads (no notes).
  fileprivate var withoutChildren: Fugitive {
    var copy = self
    copy.notes = []
    return copy
  }
}
