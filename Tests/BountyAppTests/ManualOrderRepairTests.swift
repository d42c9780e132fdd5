import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// The manual order stays 1 to n: `db check` finds fugitives sharing a position on both engines
/// and `--repair` numbers the order again; `db copy` makes the copy's order dense, and an undo of
/// a step older than the copy puts its fugitives back without sharing positions.
@Suite(.onTestThreads) struct ManualOrderRepairTests {
  /// `db check`, a command of the terminal only.
  static func check(_ app: TestApp, repair: Bool = false) throws -> JSON {
    try app.dispatcher.call(
      "db.check", params: repair ? ["repair": true] : [:], front: .terminal
    ).get()
  }

  /// Each fugitive's position, by ID#.
  static func positions(_ app: TestApp) throws -> [Int64: Int64] {
    Dictionary(
      uniqueKeysWithValues: try app.store.database.query("SELECT id, position FROM fugitive") {
        ($0.int(0), $0.int(1))
      })
  }

  @Test(arguments: TestEngine.allCases)
  func dbCheckFindsSharedPositionsAndRepairNumbersThemAgain(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    for name in ["Ada", "Bo", "Cal"] { try app.add(name) }
    // Another program's write: Bo takes Ada's place.
    try app.store.database.run("UPDATE fugitive SET position = 1 WHERE id = 2")
    let checked = try Self.check(app)
    #expect(checked["ok"] == .bool(false))
    #expect(
      checked["problems"]?.arrayValue
        == [.string("fugitive: ID#s 1 and 2 share position 1 of the manual order")])
    let repaired = try Self.check(app, repair: true)
    #expect(
      repaired["repaired"]?.arrayValue?.contains(
        .string("numbered the manual order 1 to 3 again (1 fugitive moved)")) == true,
      "\(repaired)")
    #expect(repaired["ok"] == .bool(true))
    #expect(try Self.positions(app) == [1: 1, 2: 2, 3: 3])
  }

  /// A source whose fugitives share positions (another program's rows) is copied with its order
  /// numbered 1 to n, in the order it had.
  @Test(arguments: TestEngine.allCases)
  func dbCopyNumbersTheOrderOfTheCopy(engine: TestEngine) throws {
    let source = try TestApp()
    for name in ["Ada", "Bo", "Cal"] { try source.add(name) }
    try source.store.database.run("UPDATE fugitive SET position = 7")
    let target = try TestApp(engine: engine)
    _ = try target.store.copyRoster(from: source.store)
    #expect(try Self.positions(target) == [1: 1, 2: 2, 3: 3])
  }

  /// `db copy` fills an empty roster of a database that still has history: undoing the older
  /// step that emptied it puts its fugitives back, and the order stays 1 to n (it held two
  /// fugitives at each of positions 1 and 2).
  @Test(arguments: TestEngine.allCases)
  func undoOfAStepOlderThanACopyKeepsTheOrderDense(engine: TestEngine) throws {
    let target = try TestApp(engine: engine)
    for (name, id) in [("Old One", Int64(101)), ("Old Two", 102)] {
      try target.add(name, id: id)
    }
    try target.call("fugitives.delete", ["ids": [.int(101), .int(102)]])
    let source = try TestApp()
    for name in ["Ada", "Bo", "Cal"] { try source.add(name) }
    _ = try target.store.copyRoster(from: source.store)
    try target.call("history.undo")
    let positions = try Self.positions(target)
    #expect(positions.count == 5)
    #expect(Set(positions.values) == Set(1...5))
    #expect(try Self.check(target)["ok"] == .bool(true))
  }
}
