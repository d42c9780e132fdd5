import BountyCore

/// An undo or redo step that can no longer be replayed on SQLite, and why.
public struct UnreplayableStep: Sendable, Equatable {
  public let id: Int64
  public let label: String
  public let stack: String
  /// Why, as the end of a sentence: "fugitive 12328 no longer exists".
  public let reason: String
}

extension Store {
  /// The SQLite steps that replaying would get wrong: one that changed a fugitive another program
  /// has deleted since (putting its old values back would change nothing, yet say it had), and one
  /// holding an entry bounty does not replay (planted, or converted from SQL text). `stepID`
  /// limits the search to one step. PostgreSQL refuses the first kind through row versions and
  /// lets nobody write the second.
  public func unreplayableSteps(only stepID: Int64? = nil) throws -> [UnreplayableStep] {
    guard database.dialect == .sqlite else { return [] }
    let known = HistoryStatements.sqlite.keys.sorted()
    let placeholders = Array(repeating: "?", count: known.count).joined(separator: ", ")
    let oneStep = stepID == nil ? "" : " AND e.step_id = ?"
    let bound: [SQLValue] = stepID.map { [.integer($0)] } ?? []
    // A changed fugitive is gone unless a newer entry of the same step puts it back.
    let gone = try database.query(
      """
      SELECT s.id, s.label, s.stack, min(e.v17) FROM history_entry AS e
      JOIN history_step AS s ON s.id = e.step_id
      WHERE e.op = 'fugitive.update'\(oneStep)
        AND NOT EXISTS (SELECT 1 FROM fugitive WHERE fugitive.id = e.v17)
        AND NOT EXISTS (SELECT 1 FROM history_entry AS r
          WHERE r.step_id = e.step_id AND r.op = 'fugitive.insert' AND r.v1 = e.v17)
      GROUP BY s.id ORDER BY s.id
      """, bound
    ) {
      UnreplayableStep(
        id: $0.int(0), label: $0.text(1), stack: $0.text(2),
        reason: "fugitive \($0.int(3)) no longer exists")
    }
    let foreign = try database.query(
      """
      SELECT s.id, s.label, s.stack, min(e.op) FROM history_entry AS e
      JOIN history_step AS s ON s.id = e.step_id
      WHERE e.op NOT IN (\(placeholders))\(oneStep)
      GROUP BY s.id ORDER BY s.id
      """, known.map(SQLValue.text) + bound
    ) {
      UnreplayableStep(
        id: $0.int(0), label: $0.text(1), stack: $0.text(2),
        reason: "it holds an entry bounty does not replay (\(SafeText.quoted($0.text(3))))")
    }
    return gone + foreign.filter { step in !gone.contains { $0.id == step.id } }
  }

  /// Refuses to replay `step` when it cannot be replayed (see `unreplayableSteps`), saying why
  /// and how to go on.
  func refuseIfUnreplayable(_ step: HistoryStep) throws {
    guard let found = try unreplayableSteps(only: step.id).first else { return }
    throw BountyError.conflict(
      "cannot \(step.stack) \(SafeText.quoted(step.label)): \(found.reason); nothing was "
        + "\(step.stack == "undo" ? "undone" : "redone") ('db check --repair' drops the step)")
  }

  /// Drops the steps `unreplayableSteps` finds; returns them.
  func dropUnreplayableSteps() throws -> [UnreplayableStep] {
    let steps = try unreplayableSteps()
    for step in steps { try dropStepLinked(step.id) }
    return steps
  }
}
