import BountyCore

/// What a bulk load dropped before writing its rows, to be rebuilt once when they are all in: the
/// list indexes (built from sorted keys, far cheaper than a million random inserts), the search
/// index with the triggers that keep it (filled in one pass), and the tally triggers (recounted).
/// Everything happens inside the load's transaction: a rollback brings all of it back as it was.
public struct BulkLoad: Sendable {
  let listIndexes: [String]
  let searchIndex: [String]
  let tallyTriggers: [String]
}

extension Store {
  /// Drops what `BulkLoad` lists and returns the SQL that recreates it (read from `sqlite_schema`,
  /// so it is always what the migrations made). History triggers stay: rows a load replaces are
  /// recorded one by one.
  public func beginBulkLoad() throws -> BulkLoad {
    let listIndexes = try dropListIndexes()
    let searchIndex = try dropSchemaObjects(
      "(type = 'table' AND name = 'fugitive_search') OR (type = 'trigger' AND name GLOB 'fugitive_search_*')"
    )
    let tallyTriggers = try dropSchemaObjects("type = 'trigger' AND name GLOB 'fugitive_tally_*'")
    return BulkLoad(
      listIndexes: listIndexes, searchIndex: searchIndex, tallyTriggers: tallyTriggers)
  }

  /// Rebuilds what `beginBulkLoad` dropped: the list indexes, the tally (recounted through the
  /// status index) and its triggers, then the search index from every fugitive in one pass.
  public func finishBulkLoad(_ load: BulkLoad) throws {
    try createIndexes(load.listIndexes)
    if !load.tallyTriggers.isEmpty {
      try database.execute(
        """
        UPDATE fugitive_tally SET count =
          (SELECT count(*) FROM fugitive WHERE fugitive.captured = fugitive_tally.captured)
        """)
      for statement in load.tallyTriggers { try database.execute(statement) }
    }
    if let table = load.searchIndex.first {
      try database.execute(table)
      try database.execute(
        "INSERT INTO fugitive_search (rowid, text) SELECT id, text FROM fugitive_search_text")
      for statement in load.searchIndex.dropFirst() { try database.execute(statement) }
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
