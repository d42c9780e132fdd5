import BountyCore

/// What a load of many rows dropped before writing them, to be rebuilt once when they are all in.
///
/// Always the triggers that keep the search index: each statement that writes to an FTS5 table in a
/// transaction makes SQLite 3.40's FTS5 flush its pending terms into a new segment (its savepoint
/// method syncs), so a row-by-row load would build thousands of one-row segments and merge them.
/// For a big load into a small table also the list indexes (built from sorted keys, far cheaper than
/// a million random inserts), the search index itself (filled in one pass), the tally triggers
/// (recounted) and the ID# run triggers (the runs found again in one pass). Everything happens
/// inside the load's transaction: a rollback brings it all back.
///
/// On PostgreSQL no trigger is dropped: its search index is an ordinary table whose triggers cost no
/// segments, and dropping triggers would take the table owner, which hunters are not. A big load
/// into a small roster by the tables' owner (the one who set the agency up and moves its roster in)
/// drops the list indexes and the search index's trigram index and builds them once at the end,
/// as on SQLite; other hunters' reads wait for that load's transaction meanwhile.
public struct BulkLoad: Sendable {
  let listIndexes: [String]
  let searchIndex: [String]
  let searchTriggers: [String]
  let tallyAndRunTriggers: [String]
}

extension Store {
  /// Drops what `BulkLoad` lists (with `rebuildingIndexes`, everything; else the search triggers)
  /// and returns the SQL that recreates it, read from `sqlite_schema` (so it is always what the
  /// migrations made). History triggers stay: rows a load replaces are recorded one by one.
  public func beginBulkLoad(rebuildingIndexes: Bool) throws -> BulkLoad {
    guard database.dialect == .sqlite else {
      let indexes = rebuildingIndexes ? try dropServerIndexes() : []
      return BulkLoad(
        listIndexes: indexes, searchIndex: [], searchTriggers: [], tallyAndRunTriggers: [])
    }
    guard rebuildingIndexes else {
      return BulkLoad(
        listIndexes: [], searchIndex: [],
        searchTriggers: try dropSchemaObjects("type = 'trigger' AND name GLOB 'fugitive_search_*'"),
        tallyAndRunTriggers: [])
    }
    let listIndexes = try dropListIndexes()
    let searchIndex = try dropSchemaObjects(
      "(type = 'table' AND name = 'fugitive_search') OR (type = 'trigger' AND name GLOB 'fugitive_search_*')"
    )
    let tallyAndRunTriggers = try dropSchemaObjects(
      "type = 'trigger' AND (name GLOB 'fugitive_tally_*' OR name GLOB 'fugitive_id_run_*')")
    return BulkLoad(
      listIndexes: listIndexes, searchIndex: searchIndex, searchTriggers: [],
      tallyAndRunTriggers: tallyAndRunTriggers)
  }

  /// Drops the secondary indexes of `fugitive` and `fugitive_search` (not those behind a key) when
  /// this role owns the tables, and returns their definitions; nothing otherwise.
  private func dropServerIndexes() throws -> [String] {
    let owns =
      try database.scalarInt(
        """
        SELECT CAST(pg_has_role(current_user, tableowner, 'USAGE') AS integer) FROM pg_tables
        WHERE schemaname = current_schema() AND tablename = 'fugitive'
        """) == 1
    guard owns else { return [] }
    let indexes = try database.query(
      """
      SELECT quote_ident(i.indexname), i.indexdef FROM pg_indexes AS i
      WHERE i.schemaname = current_schema() AND i.tablename IN ('fugitive', 'fugitive_search')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conname = i.indexname)
      ORDER BY i.indexname
      """
    ) { (name: $0.text(0), definition: $0.text(1)) }
    for index in indexes { try database.execute("DROP INDEX \(index.name)") }
    return indexes.map(\.definition)
  }

  /// Rebuilds what `beginBulkLoad` dropped: the list indexes, the tally (recounted through the
  /// status index) and the ID# runs (migration 0016) with their triggers, and the search index:
  /// from every fugitive in one pass when it was dropped, else for the rows the load wrote (those
  /// after manual position `position`, and the `replaced` ID#s) in one statement.
  public func finishBulkLoad(_ load: BulkLoad, newAfter position: Int64, replaced: [Int64]) throws {
    try createIndexes(load.listIndexes)
    if !load.tallyAndRunTriggers.isEmpty {
      try database.execute(
        """
        UPDATE fugitive_tally SET count =
          (SELECT count(*) FROM fugitive WHERE fugitive.captured = fugitive_tally.captured)
        """)
      try database.execute(
        """
        DELETE FROM fugitive_id_run;
        INSERT INTO fugitive_id_run (first, last)
        SELECT f.id, (SELECT min(g.id) FROM fugitive AS g WHERE g.id >= f.id
            AND NOT EXISTS (SELECT 1 FROM fugitive AS h WHERE h.id = g.id + 1))
        FROM fugitive AS f WHERE NOT EXISTS (SELECT 1 FROM fugitive AS p WHERE p.id = f.id - 1);
        """)
      for statement in load.tallyAndRunTriggers { try database.execute(statement) }
    }
    if let table = load.searchIndex.first {
      try database.execute(table)
      try database.execute(
        "INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text")
      for statement in load.searchIndex.dropFirst() { try database.execute(statement) }
    }
    if !load.searchTriggers.isEmpty {
      let ids = SQLValue.text("[" + replaced.map(String.init).joined(separator: ",") + "]")
      try database.run(
        "DELETE FROM fugitive_search WHERE rowid IN (SELECT value FROM json_each(?))", ids)
      try database.run(
        """
        INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text
        WHERE id IN (SELECT id FROM fugitive WHERE position > ?
          UNION SELECT value FROM json_each(?))
        """, .integer(position), ids)
      for statement in load.searchTriggers { try database.execute(statement) }
    }
  }

  /// Drops the tables and triggers `condition` selects from `sqlite_schema` (triggers first) and
  /// returns their SQL, tables first.
  private func dropSchemaObjects(_ condition: String) throws -> [String] {
    let objects = try database.query(
      "SELECT type, name, sql FROM sqlite_schema WHERE \(condition) ORDER BY type = 'trigger', name"
    ) { (type: $0.text(0), name: $0.text(1), sql: $0.text(2)) }
    for object in objects.reversed() {
      let kind = object.type == "table" ? "TABLE" : "TRIGGER"
      try database.execute("DROP \(kind) \"\(object.name.replacing("\"", with: "\"\""))\"")
    }
    return objects.map(\.sql)
  }
}
