import BountyStore

/// The plan either engine would run a query with, one line per step, for tests that check an index
/// is used: SQLite's `EXPLAIN QUERY PLAN` details, or PostgreSQL's `EXPLAIN` lines.
public enum QueryPlan {
  /// The plan of `sql`. On PostgreSQL sequential scans are switched off for the one statement:
  /// a test database holds a handful of rows, where a scan is always cheapest, so the question
  /// asked is whether an index can serve the query at all.
  public static func lines(
    _ database: Database, _ sql: String, _ values: [SQLValue] = []
  ) throws -> [String] {
    switch database.dialect {
    case .sqlite:
      return try database.query("EXPLAIN QUERY PLAN " + sql, values) { $0.text(3) }
    case .postgresql:
      return try database.transaction(write: false) {
        try database.run("SET LOCAL enable_seqscan = off")
        return try database.query("EXPLAIN " + sql, values) { $0.text(0) }
      }
    }
  }
}
