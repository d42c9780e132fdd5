import BountyCore

/// One step of the undo or redo stack.
public struct HistoryStep: Sendable, Equatable {
  public let id: Int64
  public let label: String
  public let createdAt: Timestamp
  public let stack: String

  public var json: JSON {
    .object([
      "id": .int(id), "label": .string(label), "createdAt": .string(createdAt.iso8601),
      "stack": .string(stack),
    ])
  }
}

/// Undo and redo by sqlite.org's trigger technique (migration 0010): while a step is being recorded,
/// triggers log the SQL that reverses each row change, with the old values bound rather than
/// written into the SQL (migration 0015). The log lives in the database, so history survives
/// restarts and is shared by every process using the file.
extension Store {
  /// Runs `body` as one undoable step named `label`: its row changes are recorded, the redo stack is
  /// cleared, and the oldest steps beyond `history.limit` are dropped. Call inside a write
  /// transaction. A body that changes nothing leaves no step.
  /// `label` names the step from the body's result (an add's new ID# is known only then).
  public func recordingStep<T>(_ label: (T) -> String, _ body: () throws -> T) throws -> T {
    let stepID = try beginStep(stack: "undo", label: "")
    let result = try body()
    try endStep(stepID)
    try database.run(
      "UPDATE history_step SET label = ? WHERE id = ?", .text(label(result)), .integer(stepID))
    if try stepHasEntries(stepID) {
      let limit = Int64(try settingText(.historyLimit)) ?? 200
      let dropped = try database.query(
        """
        SELECT id FROM history_step WHERE stack = 'redo' OR (stack = 'undo' AND id NOT IN
          (SELECT id FROM history_step WHERE stack = 'undo' ORDER BY id DESC LIMIT ?))
        """, [.integer(limit)]
      ) { $0.int(0) }
      for step in dropped { try dropStep(step) }
    } else {
      try database.run("DELETE FROM history_step WHERE id = ?", .integer(stepID))
    }
    return result
  }

  /// Reverses the newest undo step and returns it, or `notFound` when there is nothing to undo.
  /// Call inside a write transaction.
  public func undo() throws -> HistoryStep {
    try replay(from: "undo", into: "redo")
  }

  /// Applies again the newest undone step, or `notFound` when there is nothing to redo.
  public func redo() throws -> HistoryStep {
    try replay(from: "redo", into: "undo")
  }

  /// Both stacks, newest first: what `undo` and `redo` would do next.
  public func historySteps() throws -> [HistoryStep] {
    try database.query(
      "SELECT id, label, created_at, stack FROM history_step ORDER BY stack DESC, id DESC"
    ) {
      HistoryStep(
        id: $0.int(0), label: $0.text(1),
        createdAt: Timestamp(parsing: $0.text(2)) ?? Timestamp(secondsSinceEpoch: 0),
        stack: $0.text(3))
    }
  }

  /// The page cache (KiB) while undo or redo replays the log.
  static let replayPageCacheKiB = 8192

  private func replay(from source: String, into target: String) throws -> HistoryStep {
    guard
      let step = try database.queryFirst(
        "SELECT id, label, created_at FROM history_step WHERE stack = ? ORDER BY id DESC LIMIT 1",
        [.text(source)],
        row: {
          HistoryStep(
            id: $0.int(0), label: $0.text(1),
            createdAt: Timestamp(parsing: $0.text(2)) ?? Timestamp(secondsSinceEpoch: 0),
            stack: source)
        })
    else { throw BountyError.notFound("nothing to \(source)") }
    // Entries replay newest first; a note may come back before its fugitive does.
    try database.execute("PRAGMA defer_foreign_keys = ON")
    let reverseID = try beginStep(stack: target, label: step.label)
    // A page at a time: a million-row step never sits in memory whole. Replaying writes each
    // page once, so a smaller page cache than the connection's holds fewer dirty pages (a
    // million-row step stays within the budget); a page that puts a photo back (the only blob the
    // log holds is a photo's bytes, in v3) gets the photo's smaller one.
    try database.withPageCache(kibibytes: Self.replayPageCacheKiB) {
      var below = Int64.max
      while true {
        let page = try database.query(
          """
          SELECT id, sql, bound, typeof(v3) = 'blob' FROM history_entry
          WHERE step_id = ? AND id < ? ORDER BY id DESC LIMIT 1000
          """, [.integer(step.id), .integer(below)]
        ) { (id: $0.int(0), sql: $0.text(1), bound: $0.int(2) == 1, photo: $0.int(3) == 1) }
        if page.contains(where: \.photo) {
          try database.withPageCache(kibibytes: Self.photoPageCacheKiB) {
            for entry in page { try replayEntry(entry) }
          }
        } else {
          for entry in page { try replayEntry(entry) }
        }
        guard let last = page.last else { break }
        below = last.id
      }
    }
    try endStep(reverseID)
    try dropStep(step.id)
    return step
  }

  /// Deletes a step and its entries, the entries 10,000 at a time: one `DELETE` of a million
  /// entries (what the step's cascade would be) makes SQLite hold every rowid it deletes, about
  /// 20 MiB, where a page of them holds a few hundred KiB.
  private func dropStep(_ id: Int64) throws {
    while true {
      try database.run(
        """
        DELETE FROM history_entry WHERE id IN
          (SELECT id FROM history_entry WHERE step_id = ? ORDER BY id LIMIT 10000)
        """, .integer(id))
      if database.changes == 0 { break }
    }
    try database.run("DELETE FROM history_step WHERE id = ?", .integer(id))
  }

  /// Runs one history entry. Since migration 0015 an entry is `bound`: its SQL is one of a few
  /// fixed statements (so the statement cache holds them all) that reads the old row's values
  /// from the entry's own `v1…v17` columns, with `?1` bound to the entry's id; values never pass
  /// through SQL text or through Swift, whatever their type or size. An entry recorded before 0015
  /// (or an inverse a bulk load wrote with `recordInverse`) is literal SQL, run as it is.
  ///
  /// Porting note (another engine): the triggers of migration 0015 are the part to rewrite; this
  /// function only needs "run the entry's SQL with its id as the one parameter".
  private func replayEntry(_ entry: (id: Int64, sql: String, bound: Bool, photo: Bool)) throws {
    if entry.bound {
      try database.run(entry.sql, .integer(entry.id))
    } else {
      try database.execute(entry.sql)
    }
  }

  private func beginStep(stack: String, label: String) throws -> Int64 {
    try database.run(
      "INSERT INTO history_step (stack, label, created_at) VALUES (?, ?, ?)", .text(stack),
      .text(label), .text(now.iso8601))
    let stepID = database.lastInsertRowID
    try database.run("UPDATE history_recorder SET step_id = ?", .integer(stepID))
    return stepID
  }

  private func endStep(_ stepID: Int64) throws {
    try database.run("UPDATE history_recorder SET step_id = NULL")
  }

  private func stepHasEntries(_ stepID: Int64) throws -> Bool {
    try database.scalarInt(
      "SELECT EXISTS (SELECT 1 FROM history_entry WHERE step_id = ?)", .integer(stepID)) == 1
  }
}

extension Store {
  /// Stops recording row changes for a bulk operation that records its own, cheaper inverse (an
  /// import appends rows at the end of the manual order, so one `DELETE … WHERE position > p`
  /// undoes them all instead of one history row per fugitive). Returns the step being recorded.
  public func pauseRecording() throws -> Int64? {
    let step = try database.scalarInt("SELECT step_id FROM history_recorder")
    try database.run("UPDATE history_recorder SET step_id = NULL")
    return step
  }

  /// Records row changes into `step` again.
  public func resumeRecording(_ step: Int64?) throws {
    try database.run("UPDATE history_recorder SET step_id = ?", .optional(step))
  }

  /// Adds `sql` to `step` as the newest statement undo will run.
  public func recordInverse(_ sql: String, step: Int64) throws {
    try database.run(
      "INSERT INTO history_entry (step_id, sql) VALUES (?, ?)", .integer(step), .text(sql))
  }

  /// The highest position in the manual order (0 when empty).
  public func lastPosition() throws -> Int64 {
    try database.scalarInt("SELECT coalesce(max(position), 0) FROM fugitive") ?? 0
  }
}
