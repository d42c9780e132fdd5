import BountyCore
import BountyStore
import BountyTestSupport
import Testing

/// The free ID# once the highest is taken, on both engines: the lowest free one, read from the runs
/// of consecutive ID#s (kept by SQLite's triggers of migration 0016; on PostgreSQL brought up to
/// date once per step from the ID#s its triggers note), in the shape a gap search would scan:
/// ID# 1 taken and the top ID#s one solid block.
@Suite(.onTestThreads) struct FreeIDRunEngineTests {
  static let block: Int64 = 30

  /// The runs the rows form, found from the rows themselves.
  static let islands = """
    SELECT min(id) AS first, max(id) AS last FROM (
      SELECT id, id - row_number() OVER (ORDER BY id) AS island FROM fugitive) AS numbered
    GROUP BY island
    """

  /// True when `fugitive_id_run` holds exactly the runs the rows form.
  static func runsMatchRows(_ app: TestApp) throws -> Bool {
    let database = app.store.database
    let kept = try database.scalarInt("SELECT count(*) FROM fugitive_id_run")
    let formed = try database.scalarInt("SELECT count(*) FROM (\(islands)) AS formed")
    let stray = try database.scalarInt(
      "SELECT count(*) FROM (SELECT first, last FROM fugitive_id_run EXCEPT \(islands)) AS stray")
    return kept == formed && stray == 0
  }

  @Test(arguments: TestEngine.allCases)
  func theLowestFreeIDIsOnePastTheRunFromOne(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let top = Limits.fugitiveIDs.upperBound
    for id in 1...Self.block { try app.add("Low", id: id) }
    for id in (top - Self.block + 1)...top { try app.add("High", id: id) }
    #expect(try app.store.database.scalarInt("SELECT count(*) FROM fugitive_id_run") == 2)

    #expect(try app.add("First") == Self.block + 1)
    // A freed ID# low in the first run splits it; the next add takes it, then the run's end again.
    try app.call("fugitives.delete", ["id": .int(10)])
    #expect(try app.add("Ten") == 10)
    #expect(try app.add("Next") == Self.block + 2)
    // Undo replays the row changes through the same triggers: the ID# is free again.
    try app.call("history.undo")
    #expect(try app.add("Again") == Self.block + 2)
    // Several ID#s freed by one statement of one step (PostgreSQL's runs follow once per step).
    try app.store.database.transaction(write: true) {
      try app.store.recordingStep({ "delete 4-6 and 8" }) {
        try app.store.database.run("DELETE FROM fugitive WHERE id BETWEEN 4 AND 6 OR id = 8")
      }
    }
    #expect(try Self.runsMatchRows(app))
    #expect(try app.add("Four") == 4)
    // ID# 1 freed: it is the lowest.
    try app.call("fugitives.delete", ["id": .int(1)])
    #expect(try app.add("One") == 1)
    #expect(try Self.runsMatchRows(app))
  }

  /// A load big enough to drop the run triggers finds the runs again in one pass: runs of one,
  /// runs across zero, the lowest and highest ID#s, gaps of one.
  @Test(arguments: TestEngine.allCases)
  func aBulkImportFindsTheRunsAgain(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let top = Limits.fugitiveIDs.upperBound
    var ids = [Limits.fugitiveIDs.lowerBound, -3, -2, -1, 0, 1, 5, top - 1, top]
    ids += Array(stride(from: 100, through: 3_000, by: 3)) + Array(4_000...4_700)
    var csv = "id,name,bounty,description\n"
    for id in ids { csv += "\(id),Person \(id),1,\(String(repeating: "x", count: 20))\n" }
    #expect(csv.utf8.count > 16 << 10)  // past `Importer.bulkLoadBytesIntoEmpty`
    try app.call("data.import", ["content": .string(csv), "format": "csv"])
    #expect(try Self.runsMatchRows(app))
    #expect(
      try app.store.database.scalarInt("SELECT count(*) FROM fugitive_id_run") == 4 + 967 + 1)
  }

  /// ID# 0 and negative ID#s (the original's Int32 held them) are kept and found on both engines;
  /// a new fugitive given no ID# is still numbered from 1, also past a run that starts below 1.
  @Test(arguments: TestEngine.allCases)
  func zeroAndNegativeIDsAreKeptAndNewOnesStartAtOne(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    for id: Int64 in [-2_147_483_648, -5, 0] { try app.add("Old \(id)", id: id) }
    #expect(try app.call("fugitives.get", ["id": 0])["name"] == .string("Old 0"))
    #expect(try app.call("fugitives.get", ["id": -5])["name"] == .string("Old -5"))
    #expect(try app.add("New") == 1)
    try app.call("fugitives.update", ["id": -5, "newId": -6, "name": "Moved"])
    #expect(try app.call("fugitives.get", ["id": -6])["name"] == .string("Moved"))
    // With the top ID# taken, the lowest free one above 0: the run -1…2 holds 1.
    try app.add("Minus one", id: -1)
    try app.add("Two", id: 2)
    try app.add("Top", id: Limits.fugitiveIDs.upperBound)
    #expect(try app.add("After the run") == 3)
    #expect(try Self.runsMatchRows(app))
    let listed = try app.call("fugitives.list", ["sort": "id"])
    #expect(TestApp.ids(listed).prefix(3) == [-2_147_483_648, -6, -1])
  }
}
