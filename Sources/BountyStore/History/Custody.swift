import BountyCore

/// A fugitive's chain of custody (`history --fugitive ID`): the steps of the history that changed
/// the fugitive or one of its records, with who made each, when and from which client, read only
/// after the chain is verified (docs/history.md).
extension Store {
  /// Fugitive `id`'s chain of custody: the steps that changed it or its records
  /// (`historySteps(fugitive:)`) and, on a SQLite file, the changes made to them outside bounty
  /// (`outsideChanges(fugitive:)`), as `history --fugitive` and `dossier --custody` show it.
  public func custody(fugitive id: Int64) throws -> History {
    History(try historySteps(fugitive: id), outside: try outsideChanges(fugitive: id))
  }

  /// The steps that changed fugitive `id` or its notes, photo, case file, expenses or aliases,
  /// both stacks, newest first. Refused, naming the first problem, when the chain does not hold:
  /// bounty walks a SQLite file's chain, the agency server its own (`bounty_chain_problem()`).
  func historySteps(fugitive id: Int64) throws -> [HistoryStep] {
    let onServer = database.dialect == .postgresql
    // The server's sentence quotes a step's label as it is: one line here, whatever it holds.
    let problem =
      try onServer
      ? serverChainProblem().map { SafeText.escaped($0) } : historyChainProblems().first
    if let problem {
      throw BountyError.conflict(
        "the history's chain does not hold (\(problem)); 'bounty db check' names what changed")
    }
    return try database.query(
      onServer ? Self.serverCustodySteps : Self.custodySteps, [.integer(id)]
    ) {
      HistoryStep(
        id: $0.int(0), label: $0.text(1),
        createdAt: Timestamp(parsing: $0.text(2)) ?? Timestamp(secondsSinceEpoch: 0),
        stack: $0.text(3), hunter: $0.text(4), client: $0.text(5))
    }
  }

  /// The steps bound to `?1` (a fugitive's ID#) touches: an entry of the fugitive itself (its key
  /// before or after), of a record whose fugitive it is (before or after the change), or an
  /// import's block that holds it.
  static let custodySteps = """
    SELECT s.id, s.label, s.created_at, s.stack, s.hunter, s.client FROM history_step AS s
    WHERE EXISTS (SELECT 1 FROM history_entry AS e WHERE e.step_id = s.id AND (
      (e.op IN ('fugitive.delete', 'fugitive.insert', 'photo.delete', 'photo.insert',
          'case_file.delete', 'case_file.insert') AND e.v1 = ?1)
      OR (e.op = 'fugitive.update' AND ?1 IN (e.v1, e.v17))
      OR (e.op = 'photo.update' AND ?1 IN (e.v1, e.v4))
      OR (e.op = 'case_file.update' AND ?1 IN (e.v1, e.v14))
      OR (e.op IN ('note.insert', 'note.update', 'expense.insert', 'expense.update',
          'alias.insert', 'alias.update') AND e.v2 = ?1)
      OR (e.op IN ('note.delete', 'note.update', 'expense.delete', 'expense.update',
          'alias.delete', 'alias.update') AND e.imaged = 1 AND e.n2 = ?1)
      OR (e.op = 'fugitive.deleteAfterPosition'
        AND (SELECT position FROM fugitive WHERE id = ?1) > e.v1)))
    ORDER BY s.stack DESC, s.id DESC
    """

  /// The agency server's steps that touched the fugitive `?` (agency migration 1's
  /// `history_touch`, which only the server writes): a step's change of the fugitive's row under
  /// that ID# (added, changed, deleted, renumbered from or onto it), of a note, the photo, the
  /// case file, an expense or an alias that belonged to it before or after the change (each bumps
  /// its fugitive's row version, a touch of the step), or an import's block that took it in. The
  /// server's entries hold no after image, so a new note's entry alone does not name its
  /// fugitive; its touch does. Every hunter's steps, each named by its display name (`hunter`),
  /// else the role.
  static let serverCustodySteps = """
    SELECT s.id, s.label, s.created_at, s.stack, coalesce(h.display_name, s.hunter), s.client
    FROM history_step AS s LEFT JOIN hunter AS h ON h.role = s.hunter
    WHERE s.id IN (SELECT t.step_id FROM history_touch AS t WHERE t.fugitive_id = ?)
    ORDER BY s.stack DESC, s.id DESC
    """
}
