import BountyCore

extension Store {
  /// How many fugitives are at large and how many captured, from the trigger-kept tally (two small
  /// reads, whatever the roster's size).
  public func statusCounts() throws -> (atLarge: Int64, captured: Int64) {
    var counts: (atLarge: Int64, captured: Int64) = (0, 0)
    try database.forEachRow("SELECT captured, count FROM fugitive_tally") { row in
      if row.int(0) == 1 { counts.captured = row.int(1) } else { counts.atLarge = row.int(1) }
    }
    return counts
  }
}
