import BountyCore

/// Undo and redo of a bulk step as a block, on SQLite (docs/history.md, "Blocks"). A step that
/// only inserts rows again (the undo of an import or of a bulk delete: every entry a `T.insert`)
/// or only deletes rows it had inserted (every entry a `T.delete`) replays with one statement a
/// table instead of one statement and one check an entry: a million-row import's redo ran a
/// million statements from bounty, each with its own check, and took longer than the import.
///
/// The block keeps every rule of the entry-by-entry replay: it checks first, with one query a
/// table, that no key it puts back is taken and that no row it deletes holds anything else now
/// than its step left (`ChangedSince`); when one does, the step replays entry by entry, which
/// refuses naming the row, the field and that another program changed it. The row triggers
/// record the inverse as they do for any change, so the next undo or redo is a block again. A
/// block that outweighs the roster goes further and replays set-based (`SetBasedBlock`), the undo
/// of an import too.
enum BlockReplay {
  /// The tables a block holds rows of, parents first (foreign keys are deferred while a step
  /// replays; children go first when deleting, as the entries' own order has them).
  static let tables = ["fugitive", "note", "photo", "case_file", "expense", "alias"]

  /// How a step reads for the choice: each op it holds, with how many entries and how many keys.
  static let shape = """
    SELECT op, count(*), count(DISTINCT v1) FROM history_entry WHERE step_id = ? GROUP BY op
    """

  /// What a block does: insert rows again, delete rows it had inserted, or (the undo of an
  /// import, one `fugitive.deleteAfterPosition` entry) delete the fugitives after a position.
  enum Kind {
    case insert, delete, deleteAfterPosition
  }

  /// The block a step replays as, given its shape, or nil: it holds ops of both kinds, of a table
  /// no block holds, or one key twice (a row the step changed more than once replays in order).
  static func kind(of shape: [(op: String, count: Int64, keys: Int64)]) -> Kind? {
    var kinds: Set<String> = []
    for group in shape {
      guard group.count == group.keys, let dot = group.op.firstIndex(of: "."),
        tables.contains(String(group.op[..<dot])),
        // An import's undo is one entry: its statement reads one position.
        group.op != "fugitive.deleteAfterPosition" || group.count == 1
      else { return nil }
      kinds.insert(String(group.op[group.op.index(after: dot)...]))
    }
    switch kinds {
    case ["insert"]: return .insert
    case ["delete"]: return .delete
    case ["deleteAfterPosition"]: return .deleteAfterPosition
    default: return nil
    }
  }

  /// The key and columns of `table`, in its history entries' order.
  static func columns(of table: String) -> [String] {
    HistoryStatements.sqliteColumns[table] ?? []
  }

  /// `v1, v2, …` (or another prefix) up to `count`.
  static func values(_ count: Int, from prefix: String) -> String {
    (1...count).map { "\(prefix)\($0)" }.joined(separator: ", ")
  }

  /// Whether a row of `table` the block of step `?1` inserts again takes a key held now.
  static func takenKeys(_ table: String) -> String {
    """
    SELECT EXISTS (SELECT 1 FROM history_entry AS h JOIN \(table) AS t ON t.\(columns(of: table)[0]) = h.v1
    WHERE h.step_id = ?1 AND h.op = '\(table).insert')
    """
  }

  /// Whether a row of `table` (one with after images: not photos) the block of step `?1` deletes
  /// holds anything else now than the step left in it.
  static func changedRows(_ table: String) -> String {
    let differs = columns(of: table).enumerated().map { "t.\($1) IS NOT h.n\($0 + 1)" }
    return """
      SELECT EXISTS (SELECT 1 FROM history_entry AS h JOIN \(table) AS t ON t.\(columns(of: table)[0]) = h.v1
      WHERE h.step_id = ?1 AND h.op = '\(table).delete' AND h.imaged = 1
        AND (\(differs.joined(separator: " OR "))))
      """
  }

  /// The statement inserting again the rows of `table` that step `?1` deleted; with
  /// `foldingSortKeys`, each sort key folded from the name as bounty folds it now rather than as
  /// it was recorded.
  static func insert(into table: String, foldingSortKeys: Bool = false) -> String {
    let names = columns(of: table)
    let name = names.firstIndex(of: "name").map { "bounty_fold(v\($0 + 1))" }
    let values = names.indices.map { index in
      foldingSortKeys && names[index] == "name_key" ? name ?? "v\(index + 1)" : "v\(index + 1)"
    }
    return """
      INSERT INTO \(table) (\(names.joined(separator: ", ")))
      SELECT \(values.joined(separator: ", ")) FROM history_entry
      WHERE step_id = ?1 AND op = '\(table).insert' ORDER BY id
      """
  }

  /// The statement deleting the rows of `table` that step `?1` had inserted.
  static func delete(from table: String) -> String {
    """
    DELETE FROM \(table) WHERE \(columns(of: table)[0]) IN
      (SELECT v1 FROM history_entry WHERE step_id = ?1 AND op = '\(table).delete')
    """
  }

  /// The tables a block of `kind` whose entries hold `ops` writes rows of, but photos (whose
  /// bytes go by pieces, `replayPhotos`): parents first when inserting, children first when
  /// deleting. Each statement of a table reads the step's entries, a million for a big block,
  /// so a table the block holds no entry of is left out.
  static func tables(_ kind: Kind, holding ops: Set<String>) -> [String] {
    let op = kind == .insert ? "insert" : "delete"
    let written = tables.filter { $0 != "photo" && ops.contains("\($0).\(op)") }
    return kind == .insert ? written : written.reversed()
  }
}

extension Store {
  /// Replays step `stepID` as a block when its shape allows and every row can be put back or
  /// taken out as the step left it (see `BlockReplay`); returns false, having changed nothing,
  /// when it must replay entry by entry. SQLite; call with the reverse step recording.
  func replayedAsBlock(_ stepID: Int64) throws -> Bool {
    let shape = try database.query(BlockReplay.shape, [.integer(stepID)]) {
      (op: $0.text(0), count: $0.int(1), keys: $0.int(2))
    }
    guard let kind = BlockReplay.kind(of: shape) else { return false }
    let step: [SQLValue] = [.integer(stepID)]
    let entries = Dictionary(shape.map { ($0.op, $0.count) }, uniquingKeysWith: +)
    let written = BlockReplay.tables(kind, holding: Set(entries.keys))
    let checks: [String] =
      switch kind {
      case .insert:
        BlockReplay.tables.filter { entries["\($0).insert"] != nil }.map(BlockReplay.takenKeys)
      case .delete: written.map(BlockReplay.changedRows)
      // The entry's one statement deletes what it finds, as the entry-by-entry replay does.
      case .deleteAfterPosition: []
      }
    for check in checks where try database.queryFirst(check, step, row: { $0.int(0) }) != 0 {
      return false
    }
    let weight = try blockWeight(stepID, kind, shape: shape)
    if SetBasedBlock.applies(fugitives: weight.fugitives, others: weight.others) {
      try replaySetBased(stepID, kind, entries: entries)
      return true
    }
    // A small import's undo is its entry's one statement, replayed as any entry.
    guard kind != .deleteAfterPosition else { return false }
    // Children go before their fugitives when deleting, after them when inserting; photos one
    // by one, their bytes by pieces through the smaller cache a photo's replay uses.
    let photos = entries.keys.contains { $0.hasPrefix("photo.") }
    if kind == .delete && photos { try replayPhotos(of: stepID) }
    for table in written {
      try database.run(
        kind == .insert ? BlockReplay.insert(into: table) : BlockReplay.delete(from: table), step)
    }
    if kind == .insert && photos { try replayPhotos(of: stepID) }
    return true
  }

  /// Replays the photo entries of step `stepID`, a page of them at a time.
  func replayPhotos(of stepID: Int64) throws {
    var after: Int64 = 0
    while true {
      let photos = try database.query(
        """
        SELECT id, op FROM history_entry
        WHERE step_id = ? AND id > ? AND op LIKE 'photo.%' ORDER BY id LIMIT 1000
        """, [.integer(stepID), .integer(after)]
      ) { (id: $0.int(0), op: $0.text(1)) }
      guard let last = photos.last else { return }
      after = last.id
      try database.withPageCache(kibibytes: Self.photoPageCacheKiB) {
        for photo in photos {
          // `BlockReplay.kind` admits only ops the table compiles.
          guard let statement = HistoryStatements.sqlite[photo.op] else { continue }
          try runReplayStatement(statement, entry: photo.id, op: photo.op)
        }
      }
    }
  }
}
