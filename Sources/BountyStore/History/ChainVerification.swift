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
    /// The digest of every link read, as a restart appended now would hold it.
    var linksDigest = ""
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
          walk = ChainWalk(heldUpTo: link.seq, restart: link)
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
    walk.linksDigest = links.hex
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

  /// The chain walked once and every recorded step held against it: the steps it vouches for,
  /// those no live link names (planted), those whose data differs from their link (edited), and
  /// the live links whose step is gone (removed).
  private struct ChainAudit {
    var walk: ChainWalk
    var kept: [Int64] = []
    var planted: [(id: Int64, label: String)] = []
    var edited: [(id: Int64, label: String, link: HistoryChain.Link)] = []
    var removed: [(id: Int64, link: HistoryChain.Link)] = []

    var holds: Bool { walk.broken == nil && planted.isEmpty && edited.isEmpty && removed.isEmpty }
  }

  private func auditChain() throws -> ChainAudit {
    var audit = ChainAudit(walk: try walkChain())
    var live = audit.walk.live
    for step in try recordedSteps() {
      guard let link = live.removeValue(forKey: step.id) else {
        audit.planted.append(step)
        continue
      }
      if try HistoryChain.digest(ofStep: step.id, in: database) == link.digest {
        audit.kept.append(step.id)
      } else {
        audit.edited.append((step.id, step.label, link))
      }
    }
    audit.removed = live.sorted { $0.key < $1.key }.map { (id: $0.key, link: $0.value) }
    return audit
  }

  /// What `db check` finds wrong in the chain (SQLite), one sentence each, the first bad link or
  /// step first: a link that does not follow from the one before (edited, inserted or removed),
  /// then, by step id, a step no live link names (planted), one whose data no longer matches its
  /// link (edited) and one the chain holds that is gone (removed). Empty when the chain holds.
  public func historyChainProblems() throws -> [String] {
    guard database.dialect == .sqlite else { return [] }
    let audit = try auditChain()
    if let broken = audit.walk.broken { return [broken] }
    let named = { (id: Int64, label: String) in
      "history_step: step \(id) (\(SafeText.quoted(label)))"
    }
    let problems: [(step: Int64, sentence: String)] =
      audit.planted.map {
        ($0.id, "\(named($0.id, $0.label)) is not in the history's chain: another program wrote it")
      }
      + audit.edited.map {
        (
          $0.id,
          "\(named($0.id, $0.label)) does not match link \($0.link.seq) of the history's chain: "
            + "another program changed it since it was recorded"
        )
      }
      + audit.removed.map {
        (
          $0.id,
          "history_step: step \($0.id) is gone, but link \($0.link.seq) of the history's chain "
            + "holds it: another program removed it"
        )
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
    guard database.dialect == .sqlite else { return nil }
    let audit = try auditChain()
    guard !audit.holds else { return nil }
    let steps = { (count: Int) in "\(count) \(count == 1 ? "step" : "steps")" }
    let dropped = (audit.planted.map(\.id) + audit.edited.map(\.id)).sorted()
    guard audit.walk.broken != nil || !dropped.isEmpty else {
      for removed in audit.removed { try appendHistoryLink("drop", step: removed.id) }
      return "linked the drop of \(steps(audit.removed.count)) another program removed"
    }
    // Not `dropStepLinked`: a drop link would vouch for a step the chain cannot vouch for.
    for step in dropped { try dropStep(step) }
    let hunter = try HistoryChain.currentHunter(database)
    let restart = try HistoryChain.append(
      "restart", step: 0, source: audit.walk.heldUpTo, digest: audit.walk.linksDigest,
      in: database, hunter: hunter, at: now)
    for step in audit.kept {
      try HistoryChain.append("seal", step: step, in: database, hunter: hunter, at: now)
    }
    return "restarted the history's chain at link \(restart.seq) (it held up to link "
      + "\(audit.walk.heldUpTo.map(String.init) ?? "none")): dropped \(steps(dropped.count)) it no "
      + "longer vouched for, kept \(steps(audit.kept.count))"
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
