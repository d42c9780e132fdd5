import BountyCore

/// The history chain as the store keeps and checks it (SQLite; docs/history.md, "The chain").
extension Store {
  /// Appends a link of `kind` to the chain for `step` (SQLite; on PostgreSQL the server keeps
  /// its own chain).
  func appendHistoryLink(_ kind: String, step: Int64, source: Int64? = nil) throws {
    guard database.dialect == .sqlite else { return }
    try HistoryChain.append(
      kind, step: step, source: source, in: database,
      hunter: try HistoryChain.currentHunter(database), at: now)
  }

  /// Drops `step` and records that in the chain: a step that goes without being replayed.
  func dropStepLinked(_ step: Int64) throws {
    try dropStep(step)
    try appendHistoryLink("drop", step: step)
  }

  /// What `db check` finds wrong in the chain (SQLite), one sentence each, the first bad link or
  /// step first: a link that does not follow from the one before (edited, inserted or removed),
  /// then, by step id, a step no live link names (planted), one whose data no longer matches its
  /// link (edited) and one the chain holds that is gone (removed). Empty when the chain holds.
  public func historyChainProblems() throws -> [String] {
    guard database.dialect == .sqlite else { return [] }
    var previous = ""
    var expected: Int64 = 1
    var broken: String?
    var live: [Int64: HistoryChain.Link] = [:]
    try database.forEachRow(
      "SELECT \(HistoryChain.linkColumns) FROM history_chain ORDER BY seq"
    ) { row in
      guard broken == nil else { return }
      let link = HistoryChain.link(row)
      guard link.seq == expected else {
        broken =
          "history_chain: link \(expected) is missing (removed by another program); "
          + "the chain holds up to link \(expected - 1)"
        return
      }
      guard HistoryChain.expectedHash(of: link, previous: previous) == link.hash else {
        broken =
          "history_chain: link \(link.seq) (\(link.kind) of step \(link.stepID)) does not match "
          + "its hash: it was edited, or a link before it was inserted or removed, by another program"
        return
      }
      previous = link.hash
      expected += 1
      switch link.kind {
      case "drop": live[link.stepID] = nil
      case "undo", "redo":
        if let source = link.sourceID { live[source] = nil }
        live[link.stepID] = link
      default: live[link.stepID] = link
      }
    }
    if let broken { return [broken] }
    var problems: [(step: Int64, sentence: String)] = []
    // The step being recorded (`db check --repair` checks inside its own step) is linked when it
    // ends.
    let steps = try database.query(
      """
      SELECT id, label FROM history_step
      WHERE id IS NOT (SELECT step_id FROM history_recorder) ORDER BY id
      """
    ) {
      (id: $0.int(0), label: $0.text(1))
    }
    for step in steps {
      let named = "history_step: step \(step.id) (\(SafeText.quoted(step.label)))"
      guard let link = live.removeValue(forKey: step.id) else {
        problems.append(
          (step.id, "\(named) is not in the history's chain: another program wrote it"))
        continue
      }
      if try HistoryChain.digest(ofStep: step.id, in: database) != link.digest {
        problems.append(
          (
            step.id,
            "\(named) does not match link \(link.seq) of the history's chain: another program "
              + "changed it since it was recorded"
          ))
      }
    }
    for (id, link) in live {
      problems.append(
        (
          id,
          "history_step: step \(id) is gone, but link \(link.seq) of the history's chain holds "
            + "it: another program removed it"
        ))
    }
    return problems.sorted { $0.step < $1.step }.map(\.sentence)
  }

  /// Refuses (SQLite) to replay `step` unless the chain vouches for it: its newest link is live,
  /// follows from the link before, and holds the step's digest as it is now.
  func refuseIfNotInChain(_ step: HistoryStep) throws {
    guard database.dialect == .sqlite else { return }
    let reason: String?
    if let link = try database.queryFirst(
      """
      SELECT \(HistoryChain.linkColumns) FROM history_chain
      WHERE step_id = ? AND kind <> 'drop' ORDER BY seq DESC LIMIT 1
      """, [.integer(step.id)], row: HistoryChain.link)
    {
      let previous =
        link.seq == 1
        ? ""
        : try database.scalarText(
          "SELECT hash FROM history_chain WHERE seq = ?", .integer(link.seq - 1))
      let gone =
        try database.scalarInt(
          """
          SELECT EXISTS (SELECT 1 FROM history_chain WHERE seq > ?
            AND ((kind = 'drop' AND step_id = ?) OR (kind IN ('undo', 'redo') AND source_id = ?)))
          """, .integer(link.seq), .integer(step.id), .integer(step.id)) == 1
      if previous.map({ HistoryChain.expectedHash(of: link, previous: $0) }) != link.hash {
        reason = "its link in the history's chain does not match"
      } else if gone {
        reason = "the history's chain says it is gone"
      } else if try HistoryChain.digest(ofStep: step.id, in: database) != link.digest {
        reason = "it was changed since it was recorded"
      } else {
        reason = nil
      }
    } else {
      reason = "it is not in the history's chain"
    }
    guard let reason else { return }
    throw BountyError.conflict(
      "cannot \(step.stack) \(SafeText.quoted(step.label)): step \(step.id) was written by "
        + "another program (\(reason)); nothing was "
        + "\(step.stack == "undo" ? "undone" : "redone"); 'bounty db check' names what changed")
  }
}
