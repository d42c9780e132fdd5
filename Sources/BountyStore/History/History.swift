import BountyCore

/// Undo and redo by sqlite.org's trigger technique (migration 0010): while a step is being recorded,
/// triggers log how to reverse each row change. Since migration 0018 (agency migration 2) a log
/// entry is data: which compiled statement reverses it (`op`, see `HistoryStatements`) and the old
/// values it binds; undo never runs SQL text read from the database. The log lives in the
/// database, so history survives restarts and is shared by every process using the file.
///
/// On PostgreSQL (Migrations/postgresql) the step being recorded is a setting of the transaction
/// (`bounty.step`), since many hunters record at once, and each hunter has stacks of their own:
/// undo and redo take the newest step of the current role, and refuse one whose fugitives another
/// hunter changed since (`history_touch` holds the row version each step left).
extension Store {
  /// Runs `body` as one undoable step named `label`: its row changes are recorded, the redo stack is
  /// cleared, and the oldest steps beyond `history.limit` are dropped. Call inside a write
  /// transaction. A body that changes nothing leaves no step.
  /// `label` names the step from the body's result (an add's new ID# is known only then).
  public func recordingStep<T>(_ label: (T) -> String, _ body: () throws -> T) throws -> T {
    let step = try beginRecordedStep()
    let result = try body()
    try endStep(step.id)
    try refreshFugitiveIDRuns()
    // An empty step goes before its label is set: on PostgreSQL the UPDATE moves the row to a new
    // ctid, and the DELETE by the old one would find nothing.
    guard try stepHasEntries(step.id) else {
      if let address = step.address {
        try database.run("SELECT bounty_drop_step(?, ?)", .integer(step.id), .text(address))
      } else {
        try database.run("DELETE FROM history_step WHERE id = ?", .integer(step.id))
      }
      return result
    }
    if let address = step.address {
      try database.run(
        "SELECT bounty_label_step(?, ?, ?)", .integer(step.id), .text(address),
        .text(label(result)))
    } else {
      try database.run(
        "UPDATE history_step SET label = ? WHERE id = ?", .text(label(result)), .integer(step.id))
      try appendHistoryLink("record", step: step.id)
    }
    if database.dialect == .sqlite {
      let limit = Int64(try settingText(.historyLimit)) ?? 200
      let dropped = try database.query(
        """
        SELECT id FROM history_step WHERE stack = 'redo' OR (stack = 'undo' AND id NOT IN
          (SELECT id FROM history_step WHERE stack = 'undo' ORDER BY id DESC LIMIT ?))
        """, [.integer(limit)]
      ) { $0.int(0) }
      for step in dropped { try dropStepLinked(step) }
    } else {
      // Each hunter keeps `history.limit` steps of their own. bounty's writers take turns
      // (`Database.transaction`), so reading the index pages other hunters add steps to costs no
      // serialization failure. Hunters may not write the history themselves: the server's
      // function (agency migration 3) drops only the caller's steps.
      let limit = Int64(try settingText(.historyLimit)) ?? 200
      try database.run("SELECT bounty_trim_history(current_user, ?)", .integer(limit))
    }
    return result
  }

  /// Opens the undo step `recordingStep` records into: its ID and, on PostgreSQL, its physical
  /// address (`ctid`), by which the server's functions change it again without reading an index
  /// page other hunters write.
  private func beginRecordedStep() throws -> (id: Int64, address: String?) {
    guard database.dialect == .postgresql else {
      return (try beginStep(stack: "undo", label: ""), nil)
    }
    let (id, address) = try beginServerStep(stack: "undo", label: "", recording: true)
    return (id, address)
  }

  /// Opens a step of the current role on PostgreSQL, through the server's function (hunters may
  /// not write the history tables; the server sets the step's hunter). `recording`: the triggers
  /// record into it from now on (`record(into:)`), set in the same round trip.
  private func beginServerStep(stack: String, label: String, recording: Bool = false) throws
    -> (Int64, String)
  {
    let records = recording ? ", set_config('bounty.step', CAST(id AS text), true)" : ""
    guard
      let step = try database.queryFirst(
        "SELECT id, address\(records) FROM bounty_begin_step(?, ?, ?, CAST(current_user AS text))",
        [.text(stack), .text(label), .text(now.iso8601)], row: { ($0.int(0), $0.text(1)) })
    else { throw BountyError.io("the database did not answer the new history step") }
    return step
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

  /// Both stacks, newest first: what `undo` and `redo` would do next. On PostgreSQL every hunter's
  /// steps, each naming its hunter.
  public func historySteps() throws -> [HistoryStep] {
    if database.dialect == .postgresql {
      return try database.query(
        """
        SELECT s.id, s.label, s.created_at, s.stack, coalesce(h.display_name, s.hunter)
        FROM history_step AS s LEFT JOIN hunter AS h ON h.role = s.hunter
        ORDER BY s.stack DESC, s.id DESC
        """
      ) {
        HistoryStep(
          id: $0.int(0), label: $0.text(1),
          createdAt: Timestamp(parsing: $0.text(2)) ?? Timestamp(secondsSinceEpoch: 0),
          stack: $0.text(3), hunter: $0.text(4))
      }
    }
    return try database.query(
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
    let onServer = database.dialect == .postgresql
    // A step may change settings behind `storeSetting`'s back.
    settingsRead = nil
    guard
      let step = try database.queryFirst(
        onServer
          ? """
          SELECT s.id, s.label, s.created_at, coalesce(h.display_name, s.hunter)
          FROM history_step AS s LEFT JOIN hunter AS h ON h.role = s.hunter
          WHERE s.stack = ? AND s.hunter = current_user ORDER BY s.id DESC LIMIT 1
          """
          : "SELECT id, label, created_at FROM history_step WHERE stack = ? ORDER BY id DESC LIMIT 1",
        [.text(source)],
        row: {
          HistoryStep(
            id: $0.int(0), label: $0.text(1),
            createdAt: Timestamp(parsing: $0.text(2)) ?? Timestamp(secondsSinceEpoch: 0),
            stack: source, hunter: onServer ? $0.text(3) : nil)
        })
    else { throw BountyError.notFound("nothing to \(source)") }
    if onServer {
      try refuseIfOutsideServerChain(step)
      try refuseIfChangedSince(step, undoing: source == "undo")
    } else {
      try refuseIfNotInChain(step)
      try refuseIfUnreplayable(step)
      try refuseIfAppendedBlockChangedOutside(step)
    }
    // Entries replay newest first; a note may come back before its fugitive does.
    try database.execute(
      database.dialect == .sqlite
        ? "PRAGMA defer_foreign_keys = ON" : "SET CONSTRAINTS ALL DEFERRED")
    let reverseID = try beginStep(stack: target, label: step.label)
    try markReplaying(true)
    // A page at a time: a million-row step never sits in memory whole. Replaying writes each
    // page once, so a smaller page cache than the connection's holds fewer dirty pages (a
    // million-row step stays within the budget); a page that puts a photo back (the only blob the
    // log holds is a photo's bytes, in v3) gets the photo's smaller one. On PostgreSQL photos come
    // back from `history_blob`.
    let entries =
      onServer
      ? """
      SELECT id, op, 0, 0 FROM history_entry
      WHERE step_id = ? AND id < ? ORDER BY id DESC LIMIT 1000
      """
      : """
      SELECT id, op, typeof(v3) = 'blob', imaged FROM history_entry
      WHERE step_id = ? AND id < ? ORDER BY id DESC LIMIT 1000
      """
    try database.withPageCache(kibibytes: Self.replayPageCacheKiB) {
      // A step that only inserts or only deletes rows replays as a block (BlockReplay).
      if !onServer, try replayedAsBlock(step.id) { return }
      var below = Int64.max
      while true {
        let page = try database.query(entries, [.integer(step.id), .integer(below)]) {
          (id: $0.int(0), op: $0.text(1), photo: $0.int(2) == 1, imaged: $0.int(3) == 1)
        }
        if page.contains(where: \.photo) {
          try database.withPageCache(kibibytes: Self.photoPageCacheKiB) {
            for entry in page { try replayEntry(entry, of: step) }
          }
        } else {
          for entry in page { try replayEntry(entry, of: step) }
        }
        guard let last = page.last else { break }
        below = last.id
      }
    }
    try markReplaying(false)
    try endStep(reverseID)
    try refreshFugitiveIDRuns()
    try appendHistoryLink(source, step: reverseID, source: step.id)
    if onServer { try carryVersions(of: step.id, besides: reverseID) }
    try dropStep(step.id)
    return step
  }

  /// Refuses (PostgreSQL) to replay `step` when a fugitive it changed is no longer at the version
  /// the step left it at: someone changed it since. The refusal names the change that came right
  /// after the step's (the step whose touch starts from the version this one left: who made it,
  /// and its label), or, when the history no longer holds it, who changed the fugitive last.
  private func refuseIfChangedSince(_ step: HistoryStep, undoing: Bool) throws {
    guard
      let changed = try database.queryFirst(
        """
        SELECT t.fugitive_id, f.id IS NOT NULL, f.name,
          coalesce(nh.display_name, next.hunter, h.display_name, f.changed_by), next.label
        FROM history_touch AS t
        LEFT JOIN fugitive AS f ON f.id = t.fugitive_id
        LEFT JOIN hunter AS h ON h.role = f.changed_by
        LEFT JOIN LATERAL (
          SELECT s.hunter, s.label FROM history_touch AS n
          JOIN history_step AS s ON s.id = n.step_id
          WHERE n.fugitive_id = t.fugitive_id AND n.version_before = t.version_after
            AND n.step_id <> t.step_id
          ORDER BY n.step_id LIMIT 1
        ) AS next ON true
        LEFT JOIN hunter AS nh ON nh.role = next.hunter
        WHERE t.step_id = ? AND t.version_after IS DISTINCT FROM f.row_version
        ORDER BY t.fugitive_id LIMIT 1
        """, [.integer(step.id)],
        row: {
          (
            id: $0.int(0), exists: $0.int(1) == 1, name: $0.text(2), by: $0.text(3),
            change: $0.optionalText(4)
          )
        })
    else { return try refuseIfBlockChangedSince(step, undoing: undoing) }
    let by =
      NameIdentity.shown(changed.by) + (changed.change.map { " (\(SafeText.quoted($0)))" } ?? "")
    let what =
      changed.exists
      ? "fugitive \(changed.id) (\(changed.name)) was changed by \(by)"
      : "fugitive \(changed.id) was deleted\(changed.change == nil ? "" : " by \(by)")"
    throw BountyError.conflict(
      "\(what) since your \(undoing ? "step" : "undo"); nothing was \(undoing ? "undone" : "redone")"
    )
  }

  /// Refuses (PostgreSQL) to undo a step that appended a block (`recordAppendedBlock`) when a
  /// fugitive past the block's start is not one of the block's: someone added it since, and the
  /// step's inverse would delete it too.
  private func refuseIfBlockChangedSince(_ step: HistoryStep, undoing: Bool) throws {
    guard undoing,
      let added = try database.queryFirst(
        Self.fugitivesAddedAfterBlock, [.integer(step.id), .integer(step.id)],
        row: { (id: $0.int(0), name: $0.text(1), by: $0.text(2)) })
    else { return }
    throw BountyError.conflict(
      "fugitive \(added.id) (\(added.name)) was added by \(NameIdentity.shown(added.by)) since your step; nothing "
        + "was undone")
  }

  /// The first fugitive (in manual order) past the block of the step bound twice that is not one
  /// of the block's, with who changed it last. Set-based, so its cost is linear in the block
  /// whatever the planner believes: the fugitives past the block's start and the step's touches
  /// are merged and grouped by ID#, and an ID# only the first side holds is a stranger. The
  /// correlated form (`NOT EXISTS` per fugitive) was planned, on the statistics of a table the
  /// import had just filled, as a nested loop over every touch for every fugitive: 40,000 rows
  /// took 70 s, 200,000 more than 27 minutes (docs/performance.md).
  static let fugitivesAddedAfterBlock = """
    SELECT f.id, f.name, coalesce(h.display_name, f.changed_by)
    FROM (
      SELECT sides.id FROM (
        SELECT g.id, 1 AS past FROM history_block AS b
        JOIN fugitive AS g ON g.position > b.after_position WHERE b.step_id = ?
        UNION ALL
        SELECT t.fugitive_id, 0 FROM history_touch AS t WHERE t.step_id = ?
      ) AS sides
      GROUP BY sides.id HAVING min(sides.past) = 1
    ) AS strangers
    JOIN fugitive AS f ON f.id = strangers.id
    LEFT JOIN hunter AS h ON h.role = f.changed_by
    ORDER BY f.position LIMIT 1
    """

  /// After a replay (PostgreSQL): each fugitive `step` found at some version is back in that state,
  /// at a new version; steps that left it in that state now expect the new version.
  private func carryVersions(of step: Int64, besides reverseID: Int64) throws {
    try database.run("SELECT bounty_carry_versions(?, ?)", .integer(step), .integer(reverseID))
  }

  /// Deletes a step and its entries, the entries 10,000 at a time: one `DELETE` of a million
  /// entries (what the step's cascade would be) makes SQLite hold every rowid it deletes, about
  /// 20 MiB, where a page of them holds a few hundred KiB. On PostgreSQL the step's trigger drops
  /// its rows (`history_step_drop_rows`).
  func dropStep(_ id: Int64) throws {
    while database.dialect == .sqlite {
      try database.run(
        """
        DELETE FROM history_entry WHERE id IN
          (SELECT id FROM history_entry WHERE step_id = ? ORDER BY id LIMIT 10000)
        """, .integer(id))
      if database.changes == 0 { break }
    }
    if database.dialect == .postgresql {
      try database.run("SELECT bounty_drop_step(?, NULL)", .integer(id))
    } else {
      try database.run("DELETE FROM history_step WHERE id = ?", .integer(id))
    }
  }

  /// Runs one history entry: the statement compiled into bounty for its `op`
  /// (`HistoryStatements`), bound to the entry's id, which reads the entry's values. Nothing read
  /// from the database is ever run as SQL: an op bounty does not know, or `refused` (an entry
  /// converted from an older form that was SQL text), refuses the whole replay, and the caller's
  /// transaction rolls back whatever it had replayed.
  private func replayEntry(
    _ entry: (id: Int64, op: String, photo: Bool, imaged: Bool), of step: HistoryStep
  ) throws {
    guard let statement = HistoryStatements.statement(for: entry.op, on: database.dialect) else {
      throw BountyError.refused(
        "step \(step.id) (\(SafeText.quoted(step.label))) holds a history entry bounty does not "
          + "replay (\(SafeText.quoted(entry.op))); nothing was \(step.stack == "undo" ? "undone" : "redone")"
      )
    }
    if entry.imaged {
      try refuseIfChangedSince(entry: entry.id, op: entry.op, undoing: step.stack == "undo")
    }
    try runReplayStatement(statement, entry: entry.id, op: entry.op)
  }

  private func beginStep(stack: String, label: String) throws -> Int64 {
    if database.dialect == .postgresql {
      return try beginServerStep(stack: stack, label: label, recording: true).0
    }
    let stepID =
      try database.insertReturningID(
        "INSERT INTO history_step (stack, label, created_at, hunter) VALUES (?, ?, ?, ?)",
        [
          .text(stack), .text(label), .text(now.iso8601),
          .text(try HistoryChain.currentHunter(database)),
        ])
    try record(into: stepID)
    return stepID
  }

  private func endStep(_ stepID: Int64) throws {
    try record(into: nil)
  }

  /// Makes the triggers record row changes into `step`, or stops them (nil): the shared
  /// `history_recorder` row on SQLite, the transaction's `bounty.step` setting on PostgreSQL.
  private func record(into step: Int64?) throws {
    switch database.dialect {
    case .sqlite:
      // An upsert, not an UPDATE: another program may have deleted the one row (a "delete all
      // rows", a partial restore), and an UPDATE of no row would record nothing, silently, so
      // the next undo would take an older step instead.
      try database.run(
        """
        INSERT INTO history_recorder (singleton, step_id) VALUES (1, ?)
        ON CONFLICT (singleton) DO UPDATE SET step_id = excluded.step_id
        """, .optional(step))
    case .postgresql:
      try database.run(
        "SELECT set_config('bounty.step', ?, true)", .text(step.map(String.init) ?? ""))
    }
  }

  /// Tells the typed columns' and photo signature's triggers (migration 0021) that undo or redo
  /// is putting back what a step found, which on an older file may be a value of another type
  /// than the schema now takes. SQLite only; a failed replay rolls the flag back with it.
  private func markReplaying(_ replaying: Bool) throws {
    guard database.dialect == .sqlite else { return }
    try database.run(
      "UPDATE history_recorder SET replaying = ?", .integer(replaying ? 1 : 0))
  }

  /// True when the step recorded a row change. On PostgreSQL the triggers say so in the
  /// transaction's `bounty.recorded` setting, so no index page other hunters write is read.
  private func stepHasEntries(_ stepID: Int64) throws -> Bool {
    if database.dialect == .postgresql {
      return try database.scalarInt(
        "SELECT CAST(current_setting('bounty.recorded', true) = ? AS integer)",
        .text(String(stepID))) == 1
    }
    return try database.scalarInt(
      "SELECT EXISTS (SELECT 1 FROM history_entry WHERE step_id = ?)", .integer(stepID)) == 1
  }
}

extension Store {
  /// Stops recording row changes for a bulk operation that records its own, cheaper inverse (an
  /// import appends rows at the end of the manual order, so one `DELETE … WHERE position > p`
  /// undoes them all instead of one history row per fugitive). Returns the step being recorded.
  /// On PostgreSQL the pause is the transaction's `bounty.paused` setting naming the step: the
  /// server then logs the step's updates and deletes as usual and its new rows not at all
  /// (agency migration 3), where without a step it would record them as a change of its own.
  public func pauseRecording() throws -> Int64? {
    guard database.dialect == .postgresql else {
      let step = try database.scalarInt("SELECT step_id FROM history_recorder")
      try record(into: nil)
      return step
    }
    let step = try database.scalarInt(
      "SELECT CAST(nullif(current_setting('bounty.step', true), '') AS bigint)")
    try record(into: nil)
    try database.run(
      "SELECT set_config('bounty.paused', ?, true)", .text(step.map(String.init) ?? ""))
    return step
  }

  /// Runs `body` leaving no history (a whole roster copied into an empty database). On PostgreSQL,
  /// where the server records a change made outside any step as a step of its own, `body` runs
  /// paused inside a step that is dropped when it ends: only its inserts go unlogged, and any
  /// update it makes is dropped with the step.
  public func withoutHistory<T>(_ body: () throws -> T) throws -> T {
    guard database.dialect == .postgresql else { return try body() }
    let (step, _) = try beginServerStep(stack: "undo", label: "")
    try record(into: step)
    _ = try pauseRecording()
    let result = try body()
    try resumeRecording(nil)
    try dropStep(step)
    return result
  }

  /// Records row changes into `step` again.
  public func resumeRecording(_ step: Int64?) throws {
    if database.dialect == .postgresql {
      try database.run("SELECT set_config('bounty.paused', '', true)")
    }
    try record(into: step)
  }

  /// Records, as the inverse of `step`, the deletion of the fugitives a bulk operation appended
  /// after manual position `position`. On PostgreSQL each of them is a touch of the step (undo
  /// refuses it once another hunter changed or deleted one) and the block is remembered
  /// (`history_block`: undo refuses it when someone added a fugitive after them, which the
  /// deletion would take along).
  ///
  /// The entry is data (`fugitive.deleteAfterPosition` and the position), replayed by the
  /// statement compiled into bounty.
  public func recordAppendedBlock(after position: Int64, step: Int64) throws {
    guard database.dialect == .postgresql else {
      try database.run(
        "INSERT INTO history_entry (step_id, op, sql, v1) VALUES (?, 'fugitive.deleteAfterPosition', '', ?)",
        .integer(step), .integer(position))
      return
    }
    // The server's function writes the entry, the touches and the block, and marks the step as
    // holding entries (`bounty.recorded`), as the triggers do.
    try database.run("SELECT bounty_record_block(?, ?)", .integer(step), .integer(position))
  }

  /// The highest position in the manual order (0 when empty): a new fugitive, or an import's
  /// block, goes after it. On PostgreSQL the highest ever handed out (`fugitive_position_high`,
  /// agency migration 11), so that no new fugitive takes a place another hunter's undo or redo
  /// may still put a fugitive back into.
  public func lastPosition() throws -> Int64 {
    try database.scalarInt(Self.lastPosition(database.dialect)) ?? 0
  }

  /// The query `lastPosition` runs, also a subquery of the insert at the end of the order.
  static func lastPosition(_ dialect: SQLDialect) -> String {
    switch dialect {
    case .sqlite: "SELECT coalesce(max(position), 0) FROM fugitive"
    case .postgresql:
      """
      SELECT greatest(coalesce(max(position), 0),
        (SELECT last_value FROM fugitive_position_high)) FROM fugitive
      """
    }
  }
}
