import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// The manual order is the positions as they are, ties in ID# order: a delete leaves its place
/// empty and rewrites no other fugitive, an undo puts a fugitive back into its own place, `db
/// check` calls neither gaps nor shared places a problem, and `db copy` numbers its copy 1 to n.
@Suite(.onTestThreads) struct ManualOrderTests {
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

  /// The roster's names in manual order.
  static func manualOrder(_ app: TestApp) throws -> [String] {
    let listed = try app.call("fugitives.list", ["all": true, "sort": "manual", "limit": 100])
    return (listed["items"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
  }

  /// Another program's rows sharing a place are listed in ID# order, and `db check` is content.
  @Test(arguments: TestEngine.allCases)
  func sharedPositionsAreListedInIDOrderAndNoProblem(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    for name in ["Ada", "Bo", "Cal"] { try app.add(name) }
    try app.store.database.run("UPDATE fugitive SET position = 1 WHERE id IN (2, 3)")
    try app.store.database.run("UPDATE fugitive SET position = 2 WHERE id = 1")
    #expect(try Self.manualOrder(app) == ["Bo", "Cal", "Ada"])
    #expect(try Self.check(app)["ok"] == .bool(true))
    // A move still puts a fugitive at the row asked for.
    try app.call("fugitives.move", ["id": 1, "to": 1])
    #expect(try Self.manualOrder(app) == ["Ada", "Bo", "Cal"])
  }

  /// A move between fugitives that share a place still puts the fugitive at the row asked for
  /// (the shift by one could not tell them apart: the move reported success and changed nothing).
  @Test(arguments: TestEngine.allCases)
  func aMoveAmongSharedPlacesLandsOnTheRowAskedFor(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    for name in ["Ada", "Bo", "Cal"] { try app.add(name) }
    try app.store.database.run("UPDATE fugitive SET position = 2 WHERE id = 1")
    #expect(try Self.manualOrder(app) == ["Ada", "Bo", "Cal"])
    try app.call("fugitives.move", ["id": 2, "to": 1])
    #expect(try Self.manualOrder(app) == ["Bo", "Ada", "Cal"])
    try app.call("fugitives.move", ["id": 1, "to": 3])
    #expect(try Self.manualOrder(app) == ["Bo", "Cal", "Ada"])
    try app.call("history.undo")
    try app.call("history.undo")
    #expect(try Self.manualOrder(app) == ["Ada", "Bo", "Cal"])
  }

  /// A last place so far out that no import fits after it (another client's row) is refused in
  /// one line, and nothing is imported (it used to end the process: an arithmetic overflow).
  @Test(arguments: TestEngine.allCases)
  func anImportAfterAPlaceWithNoRoomIsRefused(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("Ada")
    try app.store.database.run(
      "UPDATE fugitive SET position = \(engine == .sqlite ? Int64.max - 1 : 1 << 52) WHERE id = 1")
    let csv = "name,bounty\nBo,5\n"
    if engine == .sqlite {
      guard
        case .refused(let message)? = app.error(
          "data.import", ["content": .string(csv), "format": "csv"])
      else {
        Issue.record("an import after the place Int64.max - 1 was not refused")
        return
      }
      #expect(message.contains("leaves no room") && message.contains("nothing was imported"))
    } else {
      // The agency schema keeps every place within 2^53: 2^52 leaves room.
      try app.call("data.import", ["content": .string(csv), "format": "csv"])
    }
    #expect(try Self.manualOrder(app) == (engine == .sqlite ? ["Ada"] : ["Ada", "Bo"]))
  }

  /// Deleting leaves the places empty and rewrites no other row: the step holds only what was
  /// deleted, and its undo gives every row back exactly.
  @Test(arguments: TestEngine.allCases)
  func aDeleteRewritesNoOtherFugitive(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    for name in ["Ada", "Bo", "Cal", "Dee"] { try app.add(name) }
    let before = try Self.positions(app)
    try app.call("fugitives.delete", ["ids": [.int(1), .int(3)]])
    #expect(try Self.positions(app) == [2: before[2], 4: before[4]])
    #expect(try Self.check(app)["ok"] == .bool(true))
    try app.add("Eve")
    #expect(try Self.manualOrder(app) == ["Bo", "Dee", "Eve"])
    try app.call("history.undo")
    try app.call("history.undo")
    #expect(try Self.positions(app) == before)
    #expect(try Self.manualOrder(app) == ["Ada", "Bo", "Cal", "Dee"])
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
  /// step that emptied it puts its fugitives back into their places, which the copy's fugitives
  /// share now, and each place lists its fugitives in ID# order.
  @Test(arguments: TestEngine.allCases)
  func undoOfAStepOlderThanACopyPutsItsFugitivesBack(engine: TestEngine) throws {
    let target = try TestApp(engine: engine)
    for (name, id) in [("Old One", Int64(101)), ("Old Two", 102)] {
      try target.add(name, id: id)
    }
    try target.call("fugitives.delete", ["ids": [.int(101), .int(102)]])
    let source = try TestApp()
    for name in ["Ada", "Bo", "Cal"] { try source.add(name) }
    _ = try target.store.copyRoster(from: source.store)
    try target.call("history.undo")
    #expect(try Self.manualOrder(target) == ["Ada", "Old One", "Bo", "Old Two", "Cal"])
    #expect(try Self.check(target)["ok"] == .bool(true))
  }
}
