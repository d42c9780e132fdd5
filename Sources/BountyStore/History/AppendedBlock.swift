import BountyCore

/// A block appended after a position, on SQLite (docs/history.md, "Blocks"): the fugitives an
/// import added after the manual order's last place, with their records. Its inverse is one entry,
/// `fugitive.deleteAfterPosition` and the position (`recordAppendedBlock`), where a row-by-row
/// inverse holds every row: the import records it, and so does the redo of the import's undo
/// when what it put back is such a block again. A million-row redo that turned each of its
/// entries into the reverse step's spent a third of its time there and in digesting them for the
/// chain.
///
/// The entry holds no after image, so what tells its replay that another program changed a row
/// of the block since the step is the file's log of changes made outside bounty
/// (`outside_change`, migration 25): undo refuses, naming the row, where it would delete another
/// program's edit, record or fugitive along with the block.
enum AppendedBlock {
  /// The first change logged outside bounty since step `?1` (its time or later: the log counts
  /// seconds) that its `fugitive.deleteAfterPosition` entry would take along or leave half done:
  /// a row added or changed that belongs, or belonged before the change, to a fugitive past the
  /// position, or a fugitive's place in the order changed (a move may take one out of the block
  /// or bring one in). A row deleted is gone either way, as when the entry-by-entry replay finds
  /// a row it inserted already gone. Each logged change looks up its fugitives by ID#, so the
  /// cost is the log's, not the block's.
  static let outsideChange = """
    SELECT o.table_name, o.op, o.row_key, coalesce(o.fugitive_id, o.old_fugitive_id), o.columns
    FROM history_step AS s
    JOIN history_entry AS e ON e.step_id = s.id AND e.op = 'fugitive.deleteAfterPosition'
    JOIN outside_change AS o ON o.at >= s.created_at AND o.op <> 'delete'
    WHERE s.id = ?1 AND (
      (o.table_name = 'fugitive' AND ' ' || o.columns || ' ' LIKE '% position %')
      OR EXISTS (SELECT 1 FROM fugitive AS f
        WHERE f.id IN (o.fugitive_id, o.old_fugitive_id) AND f.position > e.v1))
    ORDER BY o.id LIMIT 1
    """

  /// Whether the log's newest change is from step `?1`'s second or later: most of the time it
  /// is not (the log is empty, or older than the step), and then no undo or redo reads its
  /// step's entries (a million for a bulk step's) for one.
  static let loggedSinceStep = """
    SELECT EXISTS (SELECT 1 FROM (SELECT at FROM outside_change ORDER BY id DESC LIMIT 1)
    WHERE at >= (SELECT created_at FROM history_step WHERE id = ?1))
    """

  /// How many rows of `table` belong to a fugitive past position `?1`.
  static func rowsPast(_ table: String) -> String {
    """
    SELECT count(*) FROM \(table)
    WHERE fugitive_id IN (SELECT id FROM fugitive WHERE position > ?1)
    """
  }

  /// Whether an entry `table.insert` of step `?2` puts back a row of a fugitive at or before
  /// position `?1`: a record of another fugitive, which the block's inverse would not take out.
  static func recordOutside(_ table: String) -> String {
    let owner = BlockReplay.columns(of: table).firstIndex(of: "fugitive_id").map { "h.v\($0 + 1)" }
    return """
      SELECT EXISTS (SELECT 1 FROM history_entry AS h
      WHERE h.step_id = ?2 AND h.op = '\(table).insert'
        AND NOT EXISTS (SELECT 1 FROM fugitive AS f WHERE f.id = \(owner ?? "NULL") AND f.position > ?1))
      """
  }
}

extension Store {
  /// Refuses (SQLite) to replay `step` when it holds a `fugitive.deleteAfterPosition` entry and
  /// another program changed a row of its block since (see `AppendedBlock.outsideChange`),
  /// naming the row, what changed and that another program changed it.
  func refuseIfAppendedBlockChangedOutside(_ step: HistoryStep) throws {
    let bound: [SQLValue] = [.integer(step.id)]
    guard try Self.logsOutsideChanges(database),
      try database.queryFirst(AppendedBlock.loggedSinceStep, bound, row: { $0.int(0) }) == 1,
      let change = try database.queryFirst(
        AppendedBlock.outsideChange, bound,
        row: {
          (
            table: $0.text(0), op: $0.text(1), key: $0.optionalInt(2), fugitive: $0.optionalInt(3),
            columns: $0.text(4)
          )
        })
    else { return }
    let named = try change.fugitive.flatMap {
      try database.scalarText("SELECT name FROM fugitive WHERE id = ?", .integer($0))
    }
    let subject = ChangedSince.subject(
      table: change.table, key: change.key.map(String.init) ?? "?", fugitive: change.fugitive,
      named: named.map { " (\(SafeText.escaped($0)))" } ?? "", inserted: change.op == "insert")
    let since = "by another program since the \(step.stack == "undo" ? "step" : "undo")"
    let done = "nothing was \(step.stack == "undo" ? "undone" : "redone")"
    guard change.op == "update", let column = change.columns.split(separator: " ").first else {
      throw BountyError.conflict("\(subject) was added \(since); \(done)")
    }
    let what = ChangedSince.describe(String(column), of: change.table)
    throw BountyError.conflict("\(subject): its \(what) was changed \(since); \(done)")
  }

  /// Whether the rows an insert block of step `stepID` put back (its fugitives, and the records
  /// `entries` counts by op, photos but for coming back after) are exactly the fugitives past
  /// `position` and their records: then the block's
  /// inverse is one `fugitive.deleteAfterPosition` entry (`AppendedBlock`). Run after the rows
  /// are in and the indexes rebuilt.
  func isAppendedBlock(
    _ stepID: Int64, after position: Int64, entries: [String: Int64]
  ) throws -> Bool {
    let past: [SQLValue] = [.integer(position)]
    guard
      try database.scalarInt("SELECT count(*) FROM fugitive WHERE position > ?", past[0])
        == entries["fugitive.insert"]
    else { return false }
    for table in BlockReplay.tables where table != "fugitive" {
      let records = entries["\(table).insert"] ?? 0
      // Photos are not in yet: none may be there already.
      guard
        try database.queryFirst(AppendedBlock.rowsPast(table), past, row: { $0.int(0) })
          == (table == "photo" ? 0 : records)
      else { return false }
      if records > 0,
        try database.queryFirst(
          AppendedBlock.recordOutside(table), past + [.integer(stepID)], row: { $0.int(0) }) != 0
      {
        return false
      }
    }
    return true
  }
}
