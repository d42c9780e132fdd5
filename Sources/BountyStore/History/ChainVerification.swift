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

  /// What walking the chain found: the first link that does not hold since the newest restart
  /// that does (or since link 1), the live link of each step up to there, the last link that
  /// held, and that restart.
  private struct ChainWalk {
    var broken: String?
    var live: [Int64: HistoryChain.Link] = [:]
    var heldUpTo: Int64?
    var restart: HistoryChain.Link?
  }

  /// Walks every link in `seq` order. A `restart` link holds when its digest is that of every
  /// link before it as stored (`HistoryChain.LinksDigest`: none of them can be edited, removed
  /// or inserted afterwards unseen) and its hash follows from the stored hash of the link before
  /// it; then the walk starts again there, every step live before it gone (`mendHistoryChain`
  /// seals those it keeps). A restart that does not hold is a link that does not hold: a row
  /// another program appended as a restart cannot hide what came before it.
  private func walkChain() throws -> ChainWalk {
    var walk = ChainWalk()
    var links = HistoryChain.LinksDigest()
    var expected: Int64 = 1
    var previous = ""
    var previousStored = ""
    try database.forEachRow(
      "SELECT \(HistoryChain.linkColumns) FROM history_chain ORDER BY seq"
    ) { row in
      let link = HistoryChain.link(row)
      defer {
        links.add(link)
        previousStored = link.hash
      }
      if link.kind == "restart" {
        if link.digest == links.hex
          && HistoryChain.expectedHash(of: link, previous: previousStored) == link.hash
        {
          walk = ChainWalk(broken: nil, live: [:], heldUpTo: link.seq, restart: link)
          expected = link.seq + 1
          previous = link.hash
          return
        }
        if walk.broken == nil {
          walk.broken =
            "history_chain: link \(link.seq) (restart) does not match the links before it or its "
            + "hash: it, or a link before it, was written by another program"
        }
        return
      }
      guard walk.broken == nil else { return }
      guard link.seq == expected else {
        walk.broken =
          "history_chain: link \(expected) is missing (removed by another program); "
          + "the chain holds up to link \(expected - 1)"
        return
      }
      guard HistoryChain.expectedHash(of: link, previous: previous) == link.hash else {
        walk.broken =
          "history_chain: link \(link.seq) (\(link.kind) of step \(link.stepID)) does not match "
          + "its hash: it was edited, or a link before it was inserted or removed, by another program"
        return
      }
      previous = link.hash
      walk.heldUpTo = link.seq
      expected += 1
      switch link.kind {
      case "drop": walk.live[link.stepID] = nil
      case "undo", "redo":
        if let source = link.sourceID { walk.live[source] = nil }
        walk.live[link.stepID] = link
      default: walk.live[link.stepID] = link
      }
    }
    return walk
  }

  /// The steps of `history_step` but the one being recorded (`db check --repair` checks inside
  /// its own step, which is linked when it ends), by id.
  private func recordedSteps() throws -> [(id: Int64, label: String)] {
    try database.query(
      """
      SELECT id, label FROM history_step
      WHERE id IS NOT (SELECT step_id FROM history_recorder) ORDER BY id
      """
    ) {
      (id: $0.int(0), label: $0.text(1))
    }
  }

  /// What `db check` finds wrong in the chain (SQLite), one sentence each, the first bad link or
  /// step first: a link that does not follow from the one before (edited, inserted or removed),
  /// then, by step id, a step no live link names (planted), one whose data no longer matches its
  /// link (edited) and one the chain holds that is gone (removed). Empty when the chain holds.
  public func historyChainProblems() throws -> [String] {
    guard database.dialect == .sqlite else { return [] }
    var walk = try walkChain()
    if let broken = walk.broken { return [broken] }
    var problems: [(step: Int64, sentence: String)] = []
    for step in try recordedSteps() {
      let named = "history_step: step \(step.id) (\(SafeText.quoted(step.label)))"
      guard let link = walk.live.removeValue(forKey: step.id) else {
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
    for (id, link) in walk.live {
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
      WHERE step_id = ? AND kind NOT IN ('drop', 'restart') ORDER BY seq DESC LIMIT 1
      """, [.integer(step.id)], row: HistoryChain.link)
    {
      let restart = try newestRestart()
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
      if let restart, !restart.holds {
        reason = "the history's chain does not hold after link \(restart.seq - 1)"
      } else if let restart, link.seq < restart.seq {
        reason = "the history's chain was restarted after it"
      } else if previous.map({ HistoryChain.expectedHash(of: link, previous: $0) }) != link.hash {
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

  /// Mends a chain that does not hold (`db check --repair`, SQLite), and returns what it did, or
  /// nil when the chain holds. Call inside the repair's own step.
  ///
  /// When only a step the chain holds is gone (removed), a `drop` link is appended for it. When a
  /// link does not hold (removed or edited) or a step does not match the chain (planted, edited),
  /// the chain is restarted: every step it no longer vouches for (one whose live link comes after
  /// the first link that does not hold, one no live link names, one whose data differs from its
  /// link: any may have been written by another program, and replaying it could change anything)
  /// is dropped, a `restart` link holding the seq of the last link that held is appended (the
  /// lasting record that steps were dropped), and each step kept is sealed.
  func mendHistoryChain() throws -> String? {
    guard database.dialect == .sqlite, try !historyChainProblems().isEmpty else { return nil }
    var walk = try walkChain()
    var kept: [Int64] = []
    var dropped: [Int64] = []
    for step in try recordedSteps() {
      if let link = walk.live.removeValue(forKey: step.id),
        try HistoryChain.digest(ofStep: step.id, in: database) == link.digest
      {
        kept.append(step.id)
      } else {
        dropped.append(step.id)
      }
    }
    let steps = { (count: Int) in "\(count) \(count == 1 ? "step" : "steps")" }
    guard walk.broken != nil || !dropped.isEmpty else {
      for removed in walk.live.keys.sorted() { try appendHistoryLink("drop", step: removed) }
      return "linked the drop of \(steps(walk.live.count)) another program removed"
    }
    // Not `dropStepLinked`: a drop link would vouch for a step the chain cannot vouch for.
    for step in dropped { try dropStep(step) }
    let hunter = try HistoryChain.currentHunter(database)
    var links = HistoryChain.LinksDigest()
    try database.forEachRow("SELECT \(HistoryChain.linkColumns) FROM history_chain ORDER BY seq") {
      links.add(HistoryChain.link($0))
    }
    let restart = try HistoryChain.append(
      "restart", step: 0, source: walk.heldUpTo, digest: links.hex, in: database, hunter: hunter,
      at: now)
    for step in kept {
      try HistoryChain.append("seal", step: step, in: database, hunter: hunter, at: now)
    }
    return "restarted the history's chain at link \(restart.seq) (it held up to link "
      + "\(walk.heldUpTo.map(String.init) ?? "none")): dropped \(steps(dropped.count)) it no longer "
      + "vouched for, kept \(steps(kept.count))"
  }

  /// The newest restart of the chain that holds (SQLite), as `db check` names it for as long as
  /// the file lives: when, by whom, and the last link that held before it. Nil when never
  /// restarted.
  public func historyChainRestart() throws -> String? {
    guard database.dialect == .sqlite, let restart = try walkChain().restart else { return nil }
    return "link \(restart.seq), \(restart.at) by \(NameIdentity.shown(restart.hunter)) (the chain "
      + "held up to link \(restart.sourceID.map(String.init) ?? "none") before it)"
  }

  /// The newest `restart` link, and whether its hash follows from the stored hash of the link
  /// before it (the cheap half of what `walkChain` checks, for every undo and redo).
  private func newestRestart() throws -> (seq: Int64, holds: Bool)? {
    guard
      let link = try database.queryFirst(
        """
        SELECT \(HistoryChain.linkColumns) FROM history_chain WHERE kind = 'restart'
        ORDER BY seq DESC LIMIT 1
        """, [], row: HistoryChain.link)
    else { return nil }
    let previous =
      try database.scalarText(
        "SELECT hash FROM history_chain WHERE seq < ? ORDER BY seq DESC LIMIT 1",
        .integer(link.seq)) ?? ""
    return (link.seq, HistoryChain.expectedHash(of: link, previous: previous) == link.hash)
  }
}
