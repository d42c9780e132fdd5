import BountyCore

/// The manual order: fugitives by position, those that share one in ID# order. Positions may have
/// gaps (a delete leaves its place empty, for its undo to put the fugitive back into) and may be
/// shared (another program's rows, or two hunters' undos on an agency roster): neither is a
/// problem, and no change but a move or a `db copy` rewrites another fugitive's position.
extension Store {
  /// Numbers the manual order 1 to n again, in the order it has, writing only the rows whose
  /// position changes; answers how many did. `db copy` gives its copy a fresh order so.
  @discardableResult
  public func renumberManualOrder() throws -> Int {
    try database.run(
      """
      UPDATE fugitive SET position = renumbered.position
      FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS position FROM fugitive)
        AS renumbered
      WHERE fugitive.id = renumbered.id AND fugitive.position <> renumbered.position
      """)
    return database.changes
  }
}
