import BountyCore

/// A fugitive's chain of custody (`history --fugitive ID`): the steps of the history that changed
/// the fugitive or one of its records, with who made each, when and from which client, read only
/// after the chain is verified (docs/history.md).
extension Store {
  /// The steps that changed fugitive `id` or its notes, photo, case file, expenses or aliases,
  /// both stacks, newest first. Refused, naming the first problem, when the chain does not hold.
  /// SQLite; the agency server keeps its own chain.
  public func historySteps(fugitive id: Int64) throws -> [HistoryStep] {
    guard database.dialect == .sqlite else {
      throw BountyError.refused(
        "history --fugitive reads a SQLite file's chain; an agency database answers it on the "
          + "server")
    }
    if let problem = try historyChainProblems().first {
      throw BountyError.conflict(
        "the history's chain does not hold (\(problem)); 'bounty db check' names what changed")
    }
    return try database.query(Self.custodySteps, [.integer(id)]) {
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
}
