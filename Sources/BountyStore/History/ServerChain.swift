import BountyCore

/// The history chain the agency server computes (agency migration 9, docs/agency.md): every step
/// is a link of `history_chain`, which only the server writes. bounty asks the server to walk it
/// (`db check`) and whether a step it is about to replay is in it (undo and redo).
extension Store {
  /// The first thing wrong with the server's chain, as one sentence naming the step (an edited,
  /// planted or removed step, or an edited, inserted or removed link), or nil when it holds.
  /// PostgreSQL only.
  func serverChainProblem() throws -> String? {
    try database.scalarText("SELECT bounty_chain_problem()")
  }

  /// Refuses to replay `step` when it is not a step of the server's chain as its link holds it.
  func refuseIfOutsideServerChain(_ step: HistoryStep) throws {
    guard
      try database.scalarInt(
        "SELECT CAST(bounty_chain_holds(?) AS integer)", .integer(step.id)) != 1
    else { return }
    throw BountyError.refused(
      "step \(step.id) (\(SafeText.quoted(step.label))) is not in the history chain as it was "
        + "recorded (run db check); nothing was \(step.stack == "undo" ? "undone" : "redone")")
  }
}
