import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// The check before an import's undo (has someone added a fugitive after the block?) does work
/// linear in the block whatever the planner believes. The correlated form it replaced was planned,
/// on statistics taken before the import, as a nested loop reading every touch of the step again
/// for every fugitive: 40,000 rows took 70 s, 200,000 more than 27 minutes.
@Suite(.onTestThreads) struct AgencyImportUndoPlanTests {
  static let rows = 3000

  /// The rows a plan node and its children handled, each node's rows (and those its filters
  /// dropped) counted once per loop: linear in the rows for a set-based plan, quadratic for a
  /// nested loop that rescans one side per row of the other.
  static func rowsHandled(_ node: JSON) -> Double {
    func number(_ key: String) -> Double {
      if case .number(let text)? = node[key] { return Double(text) ?? 0 }
      return 0
    }
    let own =
      number("Actual Loops")
      * (number("Actual Rows") + number("Rows Removed by Join Filter")
        + number("Rows Removed by Filter"))
    return own + (node["Plans"]?.arrayValue ?? []).map(rowsHandled).reduce(0, +)
  }

  @Test func theBlockCheckIsLinearOnStatisticsTakenBeforeTheImport() throws {
    let app = try TestApp(engine: .postgresql)
    for name in ["Ada", "Bo", "Cal"] { try app.add(name) }
    // The statistics a roster had before a big import, kept as they are (autovacuum off for the
    // test's tables): three fugitives, three touches.
    try app.store.database.execute(
      """
      ALTER TABLE fugitive SET (autovacuum_enabled = false);
      ALTER TABLE history_touch SET (autovacuum_enabled = false);
      ANALYZE fugitive, history_touch
      """)
    let csv =
      "id,name,bounty\n"
      + (1...Self.rows).map { "\(1000 + $0),Imported \($0),\($0).00" }.joined(separator: "\n")
    try app.call("data.import", ["content": .string(csv), "format": "csv"])
    let step = try #require(
      try app.store.database.scalarInt("SELECT max(step_id) FROM history_block"))
    let plan = try #require(
      try app.store.database.scalarText(
        "EXPLAIN (ANALYZE, FORMAT JSON) " + Store.fugitivesAddedAfterBlock, .integer(step),
        .integer(step)))
    let root = try #require(try JSONParser.parse(plan).arrayValue?.first?["Plan"])
    let handled = Self.rowsHandled(root)
    #expect(handled < Double(20 * Self.rows), "\(Int(handled)) rows handled: \(plan)")
    // And the undo goes through, taking the whole block.
    try app.call("history.undo")
    #expect(try app.store.fugitiveCount() == 3)
  }
}
