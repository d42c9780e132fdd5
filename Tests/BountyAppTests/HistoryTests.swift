import BountyCommands
import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

/// Every kind of change is one undo step; undo and redo restore exactly, survive reopening, and
/// work across connections.
@Suite(.onTestThreads) struct HistoryTests {
  /// Everything the user can see, to compare before and after.
  static func snapshot(_ app: TestApp) throws -> String {
    let all = try app.call("fugitives.list", ["all": true, "sort": "manual"]).serialized
    let settings = try app.call("settings.list").serialized
    let photos = try app.store.database.query("SELECT fugitive_id, bytes FROM photo ORDER BY 1") {
      "\($0.int(0)):\($0.blob(1))"
    }
    return all + settings + photos.joined()
  }

  /// Runs `change`, then checks undo restores the snapshot before it and redo the one after.
  func checkUndoRedo(_ app: TestApp, _ label: String, _ change: () throws -> Void) throws {
    let before = try Self.snapshot(app)
    try change()
    let after = try Self.snapshot(app)
    #expect(before != after, "\(label) changed nothing")
    try app.call("history.undo")
    #expect(try Self.snapshot(app) == before, "undo of \(label)")
    try app.call("history.redo")
    #expect(try Self.snapshot(app) == after, "redo of \(label)")
  }

  @Test(arguments: TestEngine.allCases)
  func everyKindOfChangeUndoesAndRedoes(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let a = try app.add("Alpha", bounty: "100")
    let b = try app.add("Bravo", bounty: "200")
    try app.call("notes.add", ["id": .int(b), "text": "one"])
    try app.call("notes.add", ["id": .int(b), "text": "two"])
    let png = Base64.encode(PhotoFixtures.png)
    try app.call("fugitives.photo", ["id": .int(b), "image": .string(png)])
    let noteIDs = try app.store.notes(fugitiveID: b).map(\.id)

    try checkUndoRedo(app, "add") { try app.add("Charlie") }
    try checkUndoRedo(app, "edit") {
      try app.call("fugitives.update", ["id": .int(a), "name": "Alpha Prime", "bounty": "150"])
    }
    try checkUndoRedo(app, "new id") {
      try app.call("fugitives.update", ["id": .int(b), "newId": 77])
    }
    try app.call("history.undo")
    try checkUndoRedo(app, "move") { try app.call("fugitives.move", ["id": .int(b), "to": 1]) }
    try checkUndoRedo(app, "capture") {
      try app.call("fugitives.capture", ["id": .int(a), "lat": 1, "lon": 2])
    }
    try checkUndoRedo(app, "release") { try app.call("captured.release", ["id": .int(a)]) }
    try checkUndoRedo(app, "seen") {
      try app.call("fugitives.seen", ["id": .int(a), "description": "docks"])
    }
    try checkUndoRedo(app, "photo") {
      try app.call("fugitives.photo", ["id": .int(a), "image": .string(png)])
    }
    try checkUndoRedo(app, "photo clear") {
      try app.call("fugitives.photo", ["id": .int(b), "clear": true])
    }
    try checkUndoRedo(app, "note add") { try app.call("notes.add", ["id": .int(a), "text": "x"]) }
    try checkUndoRedo(app, "note edit") {
      try app.call("notes.update", ["id": .int(b), "note": .int(noteIDs[0]), "text": "ONE"])
    }
    try checkUndoRedo(app, "note move") {
      try app.call("notes.move", ["id": .int(b), "note": .int(noteIDs[1]), "to": 1])
    }
    try checkUndoRedo(app, "note delete") {
      try app.call("notes.delete", ["id": .int(b), "note": .int(noteIDs[0])])
    }
    try checkUndoRedo(app, "setting") {
      try app.call("settings.set", ["key": "rounding", "value": "half-up"])
    }
    try checkUndoRedo(app, "setting reset") { try app.call("settings.reset", ["key": "rounding"]) }
    try checkUndoRedo(app, "delete with notes and photo") {
      try app.call("fugitives.delete", ["id": .int(b)])
    }
    try checkUndoRedo(app, "sample") { try app.call("sample.load") }
  }

  @Test(arguments: TestEngine.allCases)
  func aNewChangeClearsRedoAndEmptyStacksAreNotFound(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    if case .notFound? = app.error("history.undo") {} else { Issue.record("undo on nothing") }
    try app.add("A")
    try app.call("history.undo")
    #expect(try app.call("history.list")["redo"]?.arrayValue?.count == 1)
    let b = try app.add("B")
    #expect(try app.call("history.list")["redo"]?.arrayValue?.count == 0)
    if case .notFound? = app.error("history.redo") {
    } else {
      Issue.record("redo after a new change")
    }
    // The label names the new fugitive, whose ID# only the add itself knew.
    #expect(
      try app.call("history.list")["undo"]?.arrayValue?.first?["label"]
        == .string("fugitives add \(b)"))
  }

  @Test(arguments: TestEngine.allCases)
  func failedAndEmptyChangesLeaveNoStep(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("A", id: 1)
    _ = app.error("fugitives.add", ["name": "Dup", "bounty": "1", "id": 1])
    try app.call("fugitives.move", ["id": 1, "to": 1])
    #expect(try app.call("history.list")["undo"]?.arrayValue?.count == 1)
  }

  @Test(arguments: TestEngine.allCases)
  func keepsOnlyTheConfiguredNumberOfSteps(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.call("settings.set", ["key": "history.limit", "value": 3])
    // The oldest step goes after every step, on both engines.
    for index in 0..<7 {
      try app.add("F\(index)")
      #expect(try app.call("history.list")["undo"]?.arrayValue?.count == min(index + 2, 3))
    }
    for _ in 0..<3 { try app.call("history.undo") }
    if case .notFound? = app.error("history.undo") {} else { Issue.record("more than 3 undone") }
    #expect(try app.store.fugitiveCount() == 4)
  }

  @Test(arguments: TestEngine.allCases)
  func survivesReopeningAndWorksAcrossConnections(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Persistent")
    try app.call("notes.add", ["id": .int(id), "text": "kept"])
    try app.call("fugitives.delete", ["id": .int(id)])
    // Another connection (another process, say) undoes the delete.
    let other = Dispatcher(store: try Store.open(path: app.store.path))
    _ = try other.call("history.undo").get()
    let back = try app.call("fugitives.get", ["id": .int(id)])
    #expect(back["notes"]?.arrayValue?.first?["text"] == .string("kept"))
    // And a third, opened afresh, redoes it.
    let third = Dispatcher(store: try Store.open(path: app.store.path))
    _ = try third.call("history.redo").get()
    if case .notFound? = app.error("fugitives.get", ["id": .int(id)]) {
    } else {
      Issue.record("redo lost")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func aHandlerThatFailsMidwayLeavesNothing(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let failing = Command(
      CommandSpec(
        name: "test.halfway", words: ["halfway"], tab: .data, summary: "fails after writing",
        params: [], effect: .change(undoable: true), result: "never", view: .keyValues)
    ) { store, _ in
      try store.insertFugitive(FugitiveFields(id: 5, name: "Half", bountyMinor: 1, description: ""))
      try store.insertNote(fugitiveID: 5, text: "half")
      throw BountyError.io("disk on fire")
    }
    let dispatcher = Dispatcher(store: app.store, registry: Registry(commands: [failing]))
    #expect(dispatcher.call("test.halfway") == .failure(.io("disk on fire")))
    #expect(try app.store.fugitiveCount() == 0)
    #expect(try app.store.database.scalarInt("SELECT count(*) FROM note") == 0)
    #expect(try app.store.database.scalarInt("SELECT count(*) FROM history_step") == 0)
    // Nothing is left recording: SQLite's shared recorder row, PostgreSQL's transaction setting.
    let recording =
      engine == .sqlite
      ? "SELECT step_id FROM history_recorder"
      : "SELECT nullif(current_setting('bounty.step', true), '')"
    #expect(try app.store.database.scalarText(recording) == nil)
  }
}
