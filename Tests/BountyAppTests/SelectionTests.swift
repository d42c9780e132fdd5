import BountyApp
import BountyCore
import BountyTestSupport
import Testing

/// Capture, release and delete act on several fugitives at once: one undo step, all or nothing.
@Suite(.onTestThreads) struct SelectionTests {
  static func roster(on engine: TestEngine) throws -> TestApp {
    let app = try TestApp(engine: engine)
    try app.add("Ann Lee", bounty: "100", id: 1)
    try app.add("Bo Chen", bounty: "5000", id: 2)
    try app.add("Cy Diaz", bounty: "9000", id: 3)
    return app
  }

  static func capturedIDs(_ app: TestApp) throws -> [String] {
    try app.call("captured.list", ["sort": "id"])["items"]?.arrayValue?.compactMap {
      $0["id"]?.serialized
    } ?? []
  }

  @Test(arguments: TestEngine.allCases)
  func severalIDsAreOneStep(engine: TestEngine) throws {
    let app = try Self.roster(on: engine)
    let before = try app.call("history.list")["undo"]?.arrayValue?.count ?? 0
    let result = try app.call("fugitives.capture", ["ids": [3, 1], "at": "2026-11-01"])
    #expect(result["count"] == 2)
    #expect(result["items"]?.arrayValue?.map { $0["id"] } == [3, 1])
    #expect(try Self.capturedIDs(app) == ["1", "3"])
    let undo = try app.call("history.list")["undo"]?.arrayValue ?? []
    #expect(undo.count == before + 1)
    #expect(undo.first?["label"] == "fugitives capture 3 1")
    try app.call("history.undo")
    #expect(try Self.capturedIDs(app) == [])
  }

  @Test(arguments: TestEngine.allCases)
  func oneBadIDChangesNothing(engine: TestEngine) throws {
    let app = try Self.roster(on: engine)
    #expect(
      app.error("fugitives.capture", ["ids": [1, 404]]) == .notFound("fugitive 404 not found"))
    try app.call("fugitives.capture", ["id": 2])
    guard case .conflict? = app.error("fugitives.capture", ["ids": [1, 2, 3]]) else {
      Issue.record("expected a conflict")
      return
    }
    #expect(try Self.capturedIDs(app) == ["2"])
    #expect(
      app.error("fugitives.delete", ["ids": []])
        == .invalidParameter(
          field: "ids", reason: "must be a list of one or more values, got an empty list"))
  }

  @Test(arguments: TestEngine.allCases)
  func idAloneStillAnswersTheFugitive(engine: TestEngine) throws {
    let app = try Self.roster(on: engine)
    let captured = try app.call("fugitives.capture", ["id": 2])
    #expect(captured["name"] == "Bo Chen" && captured["captured"] == true)
    let released = try app.call("captured.release", ["id": 2])
    #expect(released["captured"] == false)
  }

  @Test(arguments: TestEngine.allCases)
  func allMatchingActsOnEveryMatchOfTheFilters(engine: TestEngine) throws {
    let app = try Self.roster(on: engine)
    guard
      case .invalidParameter(let field, _)? = app.error("fugitives.capture", ["minBounty": "1000"])
    else {
      Issue.record("a filter without allMatching must be refused")
      return
    }
    #expect(field == "allMatching")
    #expect(app.error("fugitives.capture", ["allMatching": true]) != nil)
    #expect(
      app.error("fugitives.capture", ["allMatching": true, "ids": [1], "search": "a"]) != nil)
    let result = try app.call("fugitives.capture", ["allMatching": true, "minBounty": "1000"])
    #expect(result["count"] == 2)
    #expect(try Self.capturedIDs(app) == ["2", "3"])
    let released = try app.call("captured.release", ["allMatching": true, "search": "cy"])
    #expect(released["count"] == 1)
    #expect(try Self.capturedIDs(app) == ["2"])
  }

  @Test(arguments: TestEngine.allCases)
  func deleteSeveralAndUndoBringsThemAllBack(engine: TestEngine) throws {
    let app = try Self.roster(on: engine)
    let result = try app.call("fugitives.delete", ["ids": [1, 2]])
    #expect(result["count"] == 2)
    #expect(try app.store.fugitiveCount() == 1)
    try app.call("history.undo")
    #expect(try app.store.fugitiveCount() == 3)
  }

  @Test func theHeadlineCountsAndNames() throws {
    let view = try #require(Registry.standard.spec(named: "fugitives.capture")?.view)
    guard case .message(let headline) = view else {
      Issue.record("capture shows a message")
      return
    }
    let one: JSON = .object(["count": 1, "items": [.object(["id": 7, "name": "Ann Lee"])]])
    let three: JSON = .object([
      "count": 3,
      "items": [
        .object(["id": 7, "name": "Ann Lee"]), .object(["id": 8, "name": "Bo"]),
        .object(["id": 9, "name": "Cy"]),
      ],
    ])
    #expect(
      headline.text(for: one) == "Captured fugitive 7 (Ann Lee); it is now in the Captured tab.")
    #expect(
      headline.text(for: three)
        == "Captured 3 fugitives: 7 (Ann Lee), 8 (Bo), 9 (Cy); they are now in the Captured tab.")
  }
}
