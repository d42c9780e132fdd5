import BountyCore

/// What a load of many rows dropped before writing them, to be rebuilt once when they are all in.
///
/// Always the triggers that keep the search index: each statement that writes to an FTS5 table in a
/// transaction makes SQLite 3.40's FTS5 flush its pending terms into a new segment (its savepoint
/// method syncs), so a row-by-row load would build thousands of one-row segments and merge them.
/// Always too the insert triggers that have nothing to do for a load (`idleInsertTriggers`): the
/// history's (recording is paused while new rows go in), those of migration 0019 (a load
/// inserts without OR REPLACE, so no row is ever replaced) and the log of changes made outside
/// bounty (a load is bounty's); each fired a trigger program per row, about a third of a load's
/// insert.
/// For a big load into a small table also the list indexes (built from sorted keys, far cheaper than
/// a million random inserts), the search index itself (filled in one pass), the tally triggers
/// (recounted) and the ID# run triggers (the runs found again in one pass). Everything happens
/// inside the load's transaction: a rollback brings it all back.
///
/// On PostgreSQL a hunter's load keeps every trigger: disabling one takes the table owner, which
/// hunters are not, and the triggers work once per COPY statement. A big load into a small roster
/// by the tables' owner (the one who set the agency up and moves its roster in) does as on SQLite:
/// it drops the list indexes and the search index's trigram index (and its primary key, into an
/// empty roster), disables the triggers that keep the search index, the tally and the ID# runs on
/// an insert (`serverLoadTriggers`), and at the end fills the search entries of the new rows in
/// one INSERT … SELECT, recounts the tally, finds the runs again and builds the indexes once (a
/// 200,000-row load spent 5.5 of its 8.8 s in those triggers, most of it the search text computed
/// batch by batch). `ALTER TABLE` is transactional: a rollback enables the triggers again. Other
/// hunters wait for the load's transaction meanwhile (`DROP INDEX` locks the table).
public struct BulkLoad: Sendable {
  let listIndexes: [String]
  let searchIndex: [String]
  let searchTriggers: [String]
  let tallyAndRunTriggers: [String]
  /// SQLite: the triggers `Store.idleInsertTriggers` names, created again unchanged.
  var idleTriggers: [String] = []
  /// PostgreSQL: the triggers disabled for the load, to enable again.
  var serverTriggers: [(table: String, trigger: String)] = []
  /// PostgreSQL, into an empty roster: the load may write the search entries of plain rows itself
  /// (`NewFugitiveBatch.writesSearchText`, `PlainSearchText`); `finishBulkLoad` adds the others.
  public internal(set) var searchTextByClient = false
}

extension Store {
  /// Drops what `BulkLoad` lists (with `rebuildingIndexes`, everything; else the search triggers)
  /// and returns the SQL that recreates it, read from `sqlite_schema` (so it is always what the
  /// migrations made). History triggers but the insert's stay: rows a load replaces (UPDATEs) are
  /// recorded one by one; the new rows are one block (`Store.recordAppendedBlock`).
  public func beginBulkLoad(rebuildingIndexes: Bool) throws -> BulkLoad {
    guard database.dialect == .sqlite else {
      guard rebuildingIndexes, try ownsTheRoster() else {
        return BulkLoad(
          listIndexes: [], searchIndex: [], searchTriggers: [], tallyAndRunTriggers: [])
      }
      var load = BulkLoad(
        listIndexes: try dropServerIndexes(), searchIndex: [], searchTriggers: [],
        tallyAndRunTriggers: [], serverTriggers: try disableServerTriggers())
      load.searchTextByClient = try fugitiveCount() == 0 && serverFoldsASCIIPlainly()
      return load
    }
    let idleTriggers = try dropSchemaObjects(
      "type = 'trigger' AND name IN (\(Self.idleInsertTriggers.map { "'\($0)'" }.joined(separator: ", ")))"
    )
    guard rebuildingIndexes else {
      return BulkLoad(
        listIndexes: [], searchIndex: [],
        searchTriggers: try dropSchemaObjects("type = 'trigger' AND name GLOB 'fugitive_search_*'"),
        tallyAndRunTriggers: [], idleTriggers: idleTriggers)
    }
    let listIndexes = try dropListIndexes()
    let searchIndex = try dropSchemaObjects(
      "(type = 'table' AND name = 'fugitive_search') OR (type = 'trigger' AND name GLOB 'fugitive_search_*')"
    )
    let tallyAndRunTriggers = try dropSchemaObjects(
      "type = 'trigger' AND (name GLOB 'fugitive_tally_*' OR name GLOB 'fugitive_id_run_*')")
    return BulkLoad(
      listIndexes: listIndexes, searchIndex: searchIndex, searchTriggers: [],
      tallyAndRunTriggers: tallyAndRunTriggers, idleTriggers: idleTriggers)
  }

  /// The insert triggers of `fugitive` with nothing to do while a load inserts (see `BulkLoad`).
  static let idleInsertTriggers = [
    "fugitive_history_insert", "fugitive_replaced_note_insert", "fugitive_replaced_insert",
    "fugitive_outside_insert", "fugitive_outside_replace",
  ]

  /// True when this role owns `fugitive` (the one who set the agency up, or a member of that role):
  /// only then may a load drop its indexes and disable its triggers.
  private func ownsTheRoster() throws -> Bool {
    try database.scalarInt(
      """
      SELECT CAST(pg_has_role(current_user, tableowner, 'USAGE') AS integer) FROM pg_tables
      WHERE schemaname = current_schema() AND tablename = 'fugitive'
      """) == 1
  }

  /// Drops the secondary indexes of `fugitive` and `fugitive_search` (not those behind a key) and
  /// returns their definitions.
  private func dropServerIndexes() throws -> [String] {
    let indexes = try database.query(
      """
      SELECT quote_ident(i.indexname), i.indexdef FROM pg_indexes AS i
      WHERE i.schemaname = current_schema() AND i.tablename IN ('fugitive', 'fugitive_search')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conname = i.indexname)
      ORDER BY i.indexname
      """
    ) { (name: $0.text(0), definition: $0.text(1)) }
    for index in indexes { try database.execute("DROP INDEX \(index.name)") }
    return indexes.map(\.definition) + (try dropSearchKeyOfEmptyRoster())
  }

  /// Into an empty roster, also drops `fugitive_search`'s primary key (no key refers to it) and
  /// returns the statement that adds it again: built once from the filled table, as the other
  /// indexes are, rather than updated row by row. Not otherwise: a replaced row's search entry is
  /// found through it.
  private func dropSearchKeyOfEmptyRoster() throws -> [String] {
    guard try database.scalarInt("SELECT CAST(EXISTS (SELECT 1 FROM fugitive) AS integer)") == 0
    else { return [] }
    let keys = try database.query(
      """
      SELECT quote_ident(conname), pg_get_constraintdef(oid) FROM pg_constraint
      WHERE conrelid = CAST('fugitive_search' AS regclass) AND contype = 'p'
      """
    ) { (name: $0.text(0), definition: $0.text(1)) }
    for key in keys {
      try database.execute("ALTER TABLE fugitive_search DROP CONSTRAINT \(key.name)")
    }
    return keys.map { "ALTER TABLE fugitive_search ADD CONSTRAINT \($0.name) \($0.definition)" }
  }

  /// The triggers a load's inserts would fire to keep the search index, the tally, the ID#
  /// runs and the high-water marks of places and ID#s (agency migration 11: each flush would
  /// otherwise look for the highest place without the index the load dropped);
  /// `finishBulkLoad` does their work once. With these off nothing writes a search entry
  /// during the load but the load itself (`PlainSearchText`).
  static let serverLoadTriggers: [(table: String, trigger: String)] = [
    ("fugitive", "fugitive_search_insert"), ("fugitive", "fugitive_tally_insert"),
    ("fugitive", "fugitive_id_touch_insert"), ("fugitive", "fugitive_high_water"),
    ("note", "fugitive_search_note_insert"), ("alias", "fugitive_search_alias_insert"),
  ]

  /// Disables `serverLoadTriggers` for the rest of the transaction and returns them.
  private func disableServerTriggers() throws -> [(table: String, trigger: String)] {
    for (table, trigger) in Self.serverLoadTriggers {
      try database.execute("ALTER TABLE \(table) DISABLE TRIGGER \(trigger)")
    }
    return Self.serverLoadTriggers
  }

  /// Does on PostgreSQL what the disabled `triggers` would have done for the rows the load wrote
  /// (those after manual position `position`, and the `replaced` ID#s), then enables them: the
  /// search entries in one INSERT … SELECT, the tally recounted, the ID# runs found again in one
  /// pass (gaps and islands over the primary key).
  private func finishServerLoad(
    _ triggers: [(table: String, trigger: String)], newAfter position: Int64, replaced: [Int64],
    searchEntriesWritten: Bool
  ) throws {
    guard !triggers.isEmpty else { return }
    if position == 0 && searchEntriesWritten {
      // Every new row's entry is in (`PlainSearchText`): no pass over the table to look for more.
    } else if position == 0 {
      // Into an empty roster every entry already there is one the load wrote (`PlainSearchText`).
      try database.execute(
        """
        INSERT INTO fugitive_search (id, text) SELECT t.id, t.text FROM fugitive_search_text AS t
        WHERE NOT EXISTS (SELECT 1 FROM fugitive_search AS s WHERE s.id = t.id)
        """)
    } else {
      // An entry a row trigger wrote meanwhile (a replaced row's, by another path) is rewritten.
      try database.run(
        """
        DELETE FROM fugitive_search AS s USING fugitive AS f WHERE f.id = s.id AND f.position > ?
        """, .integer(position))
      try database.run(
        """
        INSERT INTO fugitive_search (id, text) SELECT s.id, s.text FROM fugitive_search_text AS s
        JOIN fugitive AS f ON f.id = s.id WHERE f.position > ?
        """, .integer(position))
    }
    if !replaced.isEmpty {
      // A replaced row's new notes and aliases fired no trigger either.
      let ids = "{" + replaced.map(String.init).joined(separator: ",") + "}"
      try database.run("SELECT fugitive_search_refresh(CAST(? AS bigint[]))", .text(ids))
    }
    try database.execute(
      """
      UPDATE fugitive_tally AS t
      SET count = CASE t.captured WHEN 1 THEN counted.captured ELSE counted.at_large END
      FROM (SELECT count(*) FILTER (WHERE captured = 1) AS captured,
          count(*) FILTER (WHERE captured = 0) AS at_large FROM fugitive) AS counted;
      DELETE FROM fugitive_id_run;
      INSERT INTO fugitive_id_run (first, last)
      SELECT min(id), max(id) FROM (SELECT id, id - row_number() OVER (ORDER BY id) AS run
        FROM fugitive) AS numbered
      GROUP BY run;
      SELECT bounty_raise_high_waters()
      """)
    for (table, trigger) in triggers {
      try database.execute("ALTER TABLE \(table) ENABLE TRIGGER \(trigger)")
    }
  }

  /// Rebuilds what `beginBulkLoad` dropped: the list indexes, the tally (recounted through the
  /// status index) and the ID# runs (migration 0016, `findIDRunsAgain`) with their triggers, and
  /// the search index: from every fugitive in one pass when it was dropped, else for the rows the
  /// load wrote (those after manual position `position`, and the `replaced` ID#s) in one statement.
  /// `searchEntriesWritten`: the load wrote every new row's search entry itself (see
  /// `BulkLoad.searchTextByClient`).
  public func finishBulkLoad(
    _ load: BulkLoad, newAfter position: Int64, replaced: [Int64],
    searchEntriesWritten: Bool = false
  ) throws {
    try finishServerLoad(
      load.serverTriggers, newAfter: position, replaced: replaced,
      searchEntriesWritten: searchEntriesWritten)
    for statement in load.idleTriggers { try database.execute(statement) }
    try createIndexes(load.listIndexes)
    if !load.tallyAndRunTriggers.isEmpty {
      try database.execute(
        """
        UPDATE fugitive_tally SET count =
          (SELECT count(*) FROM fugitive WHERE fugitive.captured = fugitive_tally.captured)
        """)
      try findIDRunsAgain()
      for statement in load.tallyAndRunTriggers { try database.execute(statement) }
    }
    if let table = load.searchIndex.first {
      try database.execute(table)
      try database.execute(
        "INSERT INTO fugitive_search (rowid, text) SELECT f.id, \(Self.searchTextSQL) FROM fugitive AS f"
      )
      for statement in load.searchIndex.dropFirst() { try database.execute(statement) }
    }
    if !load.searchTriggers.isEmpty {
      let ids = SQLValue.integers(replaced)
      try database.run(
        "DELETE FROM fugitive_search WHERE rowid IN (SELECT value FROM json_each(?))", ids)
      try database.run(
        """
        INSERT INTO fugitive_search (rowid, text) SELECT f.id, \(Self.searchTextSQL)
        FROM fugitive AS f WHERE f.id IN (SELECT id FROM fugitive WHERE position > ?
          UNION SELECT value FROM json_each(?))
        """, .integer(position), ids)
      for statement in load.searchTriggers { try database.execute(statement) }
    }
  }

  /// Fills `fugitive_id_run` (migration 0016) again in one pass over the primary key in order: no
  /// sort, no look-up per row, one row held (the two look-ups a row the migration's statement makes
  /// cost a twentieth of a large import's instructions).
  private func findIDRunsAgain() throws {
    try database.execute("DELETE FROM fugitive_id_run")
    let insert = "INSERT INTO fugitive_id_run (first, last) VALUES (?, ?)"
    var run: (first: Int64, last: Int64)?
    try database.forEachRow("SELECT id FROM fugitive ORDER BY id") { row in
      let id = row.int(0)
      if let current = run, current.last == id - 1 {
        run = (current.first, id)
        return
      }
      if let current = run {
        try database.run(insert, .integer(current.first), .integer(current.last))
      }
      run = (id, id)
    }
    if let current = run {
      try database.run(insert, .integer(current.first), .integer(current.last))
    }
  }

  /// Brings PostgreSQL's statistics of the roster and the history up to date after a load of many
  /// rows, inside the load's transaction: the planner otherwise plans the next statements (an
  /// undo of the import, the lists) on the table as it was before, until autovacuum gets to it.
  /// Only the tables' owner may (a hunter's or admin's ANALYZE is skipped with a warning, which
  /// bounty does not show); SQLite plans without such statistics.
  public func analyzeAfterBulkLoad() throws {
    guard database.dialect == .postgresql else { return }
    try database.execute(
      "ANALYZE fugitive, fugitive_search, note, alias, history_entry, history_touch, history_block")
  }

  /// Drops the tables and triggers `condition` selects from `sqlite_schema` (triggers first) and
  /// returns their SQL, tables first.
  func dropSchemaObjects(_ condition: String) throws -> [String] {
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
