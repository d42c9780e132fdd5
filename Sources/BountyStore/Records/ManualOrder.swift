import BountyCore

/// The manual order kept dense: positions 1 to n, each held by one fugitive. bounty's own changes
/// keep it so; an undo on PostgreSQL (each hunter undoes their own steps, so another hunter's
/// fugitive may have taken a position since), an undo of an old step after `db copy` filled the
/// roster, and other programs may not, and these put it right.
extension Store {
  /// True when the manual order is not 1 to n. Cheap enough for every undo: the count is the
  /// tally's and the highest position an index's last entry. A duplicate makes the count exceed
  /// the highest position unless a gap hides it, which only another program leaves (`db check`
  /// finds it).
  func manualOrderNeedsRenumbering() throws -> Bool {
    let highest = try database.scalarInt("SELECT coalesce(max(position), 0) FROM fugitive") ?? 0
    return try fugitiveCount() != highest
  }

  /// Numbers the manual order 1 to n again, in the order it has (fugitives sharing a position in
  /// ID# order), writing only the rows whose position changes; answers how many did. Inside a
  /// write transaction: in a step, each change is recorded, so undo puts it back.
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

  /// Positions of the manual order held by more than one fugitive, with their ID#s, lowest
  /// position first. Position 0, the column's default, is not one: it is where a fugitive another
  /// program added without a position sorts (first, by ID#), until an undo or `--repair`
  /// numbers the order again.
  func sharedPositions() throws -> [(position: Int64, ids: [Int64])] {
    let rows = try database.query(
      """
      SELECT position, id FROM fugitive WHERE position IN
        (SELECT position FROM fugitive WHERE position > 0 GROUP BY position HAVING count(*) > 1)
      ORDER BY position, id
      """
    ) { (position: $0.int(0), id: $0.int(1)) }
    var shared: [(position: Int64, ids: [Int64])] = []
    for row in rows {
      if shared.last?.position == row.position {
        shared[shared.count - 1].ids.append(row.id)
      } else {
        shared.append((row.position, [row.id]))
      }
    }
    return shared
  }
}
