import BountyCore

/// A block that outweighs the roster, replayed set-based (docs/history.md, "Blocks"): the undo of
/// a 50,000-row import into a small roster spent twice the import's time in row triggers, each
/// deleted fugitive updating its list indexes, writing its history entry, deleting its search
/// entry from the FTS5 index, its tally and its ID# run, and looking for children. Here the block
/// does as an import does (`BulkLoad`): the list indexes, the search index and the triggers whose
/// work is done once are dropped inside the replay's transaction, each table's history entries are
/// written by one `INSERT … SELECT` with the values the triggers would record, and the rest is
/// rebuilt from the roster as it is then. A rollback brings everything back.
///
/// Photos keep their own path (their bytes go by pieces, with their triggers). Every trigger
/// dropped is bounty's own: bounty writes only to a file whose triggers are as its schema has
/// them (`ExpectedSchema`), so no other program's trigger misses a row.
enum SetBasedBlock {
  /// Below this many fugitives a block replays row by row: its triggers cost less than dropping
  /// and building the indexes again.
  static let minimumFugitives: Int64 = 1000

  /// Whether a block of `fugitives` rows replays set-based in a roster of `others` other rows:
  /// the rebuild reads the whole roster, so the block must be at least as large as the rest.
  static func applies(fugitives: Int64, others: Int64) -> Bool {
    fugitives >= minimumFugitives && fugitives >= others
  }

  /// The tables whose rows a block writes set-based, parents first (photos go their own way).
  static let tables = BlockReplay.tables.filter { $0 != "photo" }

  /// The row triggers, on top of those `beginBulkLoad` drops, whose work the set-based
  /// statements do (the history's of every table a block writes but photos, the one that
  /// deletes a fugitive's children) or that have none for bounty's own writes (the log of
  /// changes made outside bounty). The update triggers go too: the block's fold of the sort keys
  /// (`refoldedSortKeys`) is an update that records nothing.
  static let droppedTriggers: String = {
    let names = tables.flatMap { table in
      ["insert", "update", "delete"].map { "'\(table)_history_\($0)'" }
        + ["insert", "update", "delete", "replace", "replace_update"].map {
          "'\(table)_outside_\($0)'"
        }
    }
    return
      "type = 'trigger' AND name IN (\((names + ["'fugitive_children_delete'"]).joined(separator: ", ")))"
  }()

  /// After an insert block, for `alias`: the sort keys of the rows it put back, folded again as
  /// bounty folds them now (the row-by-row replay marks each row for the fold before its commit;
  /// the block's rows would otherwise keep the keys they were recorded with). A fugitive's key
  /// is folded as its row goes in (`BlockReplay.insert(into:foldingSortKeys:)`): no index holds
  /// it unique, where an alias's key is unique to its fugitive and a fold that meets another
  /// keeps the key recorded.
  static func refoldedSortKeys(of table: String) -> String {
    """
    UPDATE OR IGNORE \(table) SET name_key = bounty_fold(name)
    WHERE id IN (SELECT v1 FROM history_entry WHERE step_id = ?1 AND op = '\(table).insert')
      AND name_key IS NOT bounty_fold(name)
    """
  }

  /// The ID#s of the fugitives a delete block of step `?1` takes out: those the entries name, or
  /// (the undo of an import) those after the entry's manual position.
  static func fugitives(_ kind: BlockReplay.Kind) -> String {
    kind == .deleteAfterPosition
      ? """
      SELECT id FROM fugitive WHERE position >
        (SELECT v1 FROM history_entry WHERE step_id = ?1 AND op = 'fugitive.deleteAfterPosition')
      """
      : "SELECT v1 FROM history_entry WHERE step_id = ?1 AND op = 'fugitive.delete'"
  }

  /// Which rows of `table` a delete block of step `?1` takes out: the block's fugitives and, for a
  /// child, the rows its entries name and every row of a fugitive taken out (what the cascade
  /// would take).
  private static func deleted(from table: String, _ kind: BlockReplay.Kind) -> String {
    guard table != "fugitive" else { return "id IN (\(fugitives(kind)))" }
    return """
      fugitive_id IN (\(fugitives(kind)))
        OR \(BlockReplay.columns(of: table)[0]) IN (SELECT v1 FROM history_entry WHERE step_id = ?1 AND op = '\(table).delete')
      """
  }

  /// The history entries (`T.insert`, with the whole row) that put back the rows of `table` a
  /// delete block of step `?1` takes out, as the delete triggers write them.
  static func recordedInsert(_ table: String, _ kind: BlockReplay.Kind) -> String {
    let names = BlockReplay.columns(of: table)
    return """
      INSERT INTO history_entry (step_id, op, sql, imaged, \(BlockReplay.values(names.count, from: "v")))
      SELECT r.step_id, '\(table).insert', '', 1, \(names.map { "t.\($0)" }.joined(separator: ", "))
      FROM history_recorder AS r, \(table) AS t WHERE \(deleted(from: table, kind))
      ORDER BY t.\(names[0])
      """
  }

  /// The deletion of the rows of `table` a delete block of step `?1` takes out.
  static func delete(from table: String, _ kind: BlockReplay.Kind) -> String {
    "DELETE FROM \(table) WHERE \(deleted(from: table, kind))"
  }

  /// After a delete block: the marks of fugitives taken out, as the search index's delete
  /// trigger drops them.
  static let staleMarksOfDeleted =
    "DELETE FROM fugitive_stale WHERE fugitive_id NOT IN (SELECT id FROM fugitive)"

  /// The `T.insert` entries of `table` an insert block of step `?1` replayed, turned in place
  /// into the reverse step's `T.delete` entries that take the rows out again, as the insert
  /// triggers write them: the key, and the row as it is now for its after image. Each entry
  /// keeps its id, so the reverse step holds them in the order the step did; the step is dropped
  /// after the replay, and writing a million entries anew and deleting the million it held took
  /// a third of a million-row redo. SQLite gathers the join before it writes, in a temporary
  /// table, which goes to a file (bounty leaves `temp_store` at its default), so a million rows
  /// stay within the memory goal (docs/performance.md).
  static func convertedToDeletes(_ table: String) -> String {
    let names = BlockReplay.columns(of: table)
    let emptied = names.indices.dropFirst().map { "v\($0 + 1) = NULL" }
    let imaged = names.enumerated().map { "n\($0.offset + 1) = t.\($0.element)" }
    return """
      UPDATE history_entry AS h SET step_id = r.step_id, op = '\(table).delete', sql = '', imaged = 1,
        \((emptied + imaged).joined(separator: ", "))
      FROM history_recorder AS r, \(table) AS t
      WHERE h.step_id = ?1 AND h.op = '\(table).insert' AND t.\(names[0]) = h.v1
      """
  }
}

extension Store {
  /// How many fugitives a block of step `stepID` of `kind` holds (its shape's count of their
  /// entries; for an import's undo, the fugitives after its position), and how many others the
  /// roster holds (from the tally, so no count runs over the table).
  func blockWeight(
    _ stepID: Int64, _ kind: BlockReplay.Kind, shape: [(op: String, count: Int64, keys: Int64)]
  ) throws -> (fugitives: Int64, others: Int64) {
    let total = try database.scalarInt("SELECT coalesce(sum(count), 0) FROM fugitive_tally") ?? 0
    let fugitives: Int64 =
      switch kind {
      case .insert: shape.first { $0.op == "fugitive.insert" }?.count ?? 0
      case .delete: shape.first { $0.op == "fugitive.delete" }?.count ?? 0
      case .deleteAfterPosition:
        try database.queryFirst(
          "SELECT count(*) FROM (\(SetBasedBlock.fugitives(kind)))", [.integer(stepID)]
        ) { $0.int(0) } ?? 0
      }
    return (fugitives, kind == .insert ? total : max(0, total - fugitives))
  }

  /// Replays step `stepID`'s block of `kind` set-based (see `SetBasedBlock`), its photos through
  /// `replayPhotos`; `entries` counts the entries it holds by op. Call with the reverse step
  /// recording, after the block's checks. A table the block has nothing to do in is left alone:
  /// each statement reads the block's million keys, where a table with no entries (inserting) or
  /// no rows (deleting) needs none. An insert block that puts back the fugitives past the manual
  /// order's last place, with their records, records its inverse as one entry
  /// (`AppendedBlock`); any other turns its entries into the reverse step's.
  func replaySetBased(_ stepID: Int64, _ kind: BlockReplay.Kind, entries: [String: Int64]) throws {
    let step: [SQLValue] = [.integer(stepID)]
    let ops = Set(entries.keys)
    if kind != .insert {
      // The photos first, their triggers recording: those the entries name, then any other of
      // a fugitive the block takes out.
      if ops.contains("photo.delete") { try replayPhotos(of: stepID) }
      if try holdsRows("photo") {
        try database.run(
          "DELETE FROM photo WHERE fugitive_id IN (\(SetBasedBlock.fugitives(kind)))", step)
      }
    }
    // Read while the list indexes are there.
    let lastPlace = try lastPosition()
    let load = try beginBulkLoad(rebuildingIndexes: true)
    let triggers = try dropSchemaObjects(SetBasedBlock.droppedTriggers)
    let inserted = SetBasedBlock.tables.filter { ops.contains("\($0).insert") }
    if kind == .insert {
      for table in inserted {
        try database.run(
          BlockReplay.insert(into: table, foldingSortKeys: table == "fugitive"), step)
      }
      if inserted.contains("alias") {
        try database.run(SetBasedBlock.refoldedSortKeys(of: "alias"), step)
      }
    } else {
      let holding = try SetBasedBlock.tables.filter { try $0 == "fugitive" || holdsRows($0) }
      for table in holding { try database.run(SetBasedBlock.recordedInsert(table, kind), step) }
      for table in holding.reversed() {
        try database.run(SetBasedBlock.delete(from: table, kind), step)
      }
      try database.execute(SetBasedBlock.staleMarksOfDeleted)
    }
    for statement in triggers { try database.execute(statement) }
    try finishBulkLoad(load, newAfter: 0, replaced: [])
    guard kind == .insert else { return }
    let photos = ops.contains("photo.insert")
    if try isAppendedBlock(stepID, after: lastPlace, entries: entries) {
      let reverse = try pauseRecording()
      if let reverse { try recordAppendedBlock(after: lastPlace, step: reverse) }
      // The photos' inverse is the block's entry: their triggers record nothing.
      if photos { try replayPhotos(of: stepID) }
      try resumeRecording(reverse)
    } else {
      for table in inserted { try database.run(SetBasedBlock.convertedToDeletes(table), step) }
      if photos { try replayPhotos(of: stepID) }
    }
  }

  /// Whether `table` holds a row.
  private func holdsRows(_ table: String) throws -> Bool {
    try database.scalarInt("SELECT EXISTS (SELECT 1 FROM \(table))") == 1
  }
}
