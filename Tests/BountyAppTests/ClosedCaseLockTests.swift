import BountyCommands
import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

/// A closed case is locked: every command that declares `locksOnClosedCase` is refused with the
/// same message (`refused`, JSON-RPC -32004) and changes nothing, until the case is reopened.
@Suite(.onTestThreads) struct ClosedCaseLockTests {
  static let closed: Int64 = 25772
  static let open: Int64 = 15156

  /// A valid call of each locked command on the closed case (whose first note and expense are
  /// `note` and `expense`): a command added to the registry with the lock must be added here (a
  /// test checks), so none escapes being tried.
  static func calls(note: Int64 = 1, expense: Int64 = 1) -> [String: JSONObject] {
    [
      "fugitives.update": ["id": .int(closed), "name": "New name"],
      "fugitives.delete": ["id": .int(closed)],
      "fugitives.move": ["id": .int(closed), "to": 1],
      "fugitives.capture": ["id": .int(closed)],
      "fugitives.seen": ["id": .int(closed), "description": "docks"],
      "fugitives.photo": ["id": .int(closed), "clear": true],
      "notes.add": ["id": .int(closed), "text": "more"],
      "notes.update": ["id": .int(closed), "note": .int(note), "text": "changed"],
      "notes.delete": ["id": .int(closed), "note": .int(note)],
      "notes.move": ["id": .int(closed), "note": .int(note), "to": 2],
      "captured.release": ["id": .int(closed)],
      "fugitives.bond": ["id": .int(closed), "amount": "1"],
      "fugitives.describe": ["id": .int(closed), "eyes": "grey"],
      "aliases.add": ["id": .int(closed), "name": "Other"],
      "aliases.delete": ["id": .int(closed), "name": "Slim"],
      "expenses.add": ["id": .int(closed), "amount": "1", "memo": "m"],
      "expenses.update": ["id": .int(closed), "expense": .int(expense), "memo": "n"],
      "expenses.delete": ["id": .int(closed), "expense": .int(expense)],
      "expenses.move": ["id": .int(closed), "expense": .int(expense), "to": 2],
      "expenses.split": ["amount": "10", "memo": "m", "ids": [.int(open), .int(closed)]],
    ]
  }

  /// Change commands over one fugitive that a closed case does not lock, and why.
  static let unlocked: Set<String> = [
    "fugitives.close",  // closing a closed case is its own conflict
    "fugitives.reopen",  // the way out
    "fugitives.add",  // its id names a new fugitive, with no case yet
  ]

  /// Everything stored, to show a refused call changed nothing.
  static func snapshot(_ app: TestApp) throws -> String {
    try ["fugitive", "note", "photo", "case_file", "expense", "alias", "history_step"].map {
      table in
      try TableSnapshot.rows(app.store.database, table, order: "1").joined(separator: "\n")
    }.joined(separator: "\n--\n")
  }

  static func closedCaseApp(on engine: TestEngine) throws -> TestApp {
    let app = try TestApp(engine: engine)
    try app.call("sample.load")
    let id = JSON.int(closed)
    try app.call("notes.add", ["id": id, "text": "first"])
    try app.call("notes.add", ["id": id, "text": "second"])
    try app.call("aliases.add", ["id": id, "name": "Slim"])
    try app.call("expenses.add", ["id": id, "amount": "5", "memo": "a"])
    try app.call("expenses.add", ["id": id, "amount": "6", "memo": "b"])
    try app.call("fugitives.close", ["id": id])
    return app
  }

  @Test func everyChangeCommandOverAFugitiveDeclaresTheLockOrSaysWhyNot() {
    for command in Registry.standard.commands {
      let spec = command.spec
      guard case .change = spec.effect else {
        #expect(spec.locksOnClosedCase.isEmpty, "\(spec.name) only reads")
        continue
      }
      let namesFugitive = spec.params.contains { $0.name == "id" || $0.name == "ids" }
      if namesFugitive && !Self.unlocked.contains(spec.name) {
        #expect(!spec.locksOnClosedCase.isEmpty, "\(spec.name) changes a case but is not locked")
      }
      if !spec.locksOnClosedCase.isEmpty {
        #expect(Self.calls()[spec.name] != nil, "\(spec.name) is locked but not tried here")
        for name in spec.locksOnClosedCase {
          #expect(spec.param(named: name) != nil, "\(spec.name) locks on unknown \(name)")
        }
      }
    }
  }

  @Test(
    arguments: Registry.standard.commands.filter { !$0.spec.locksOnClosedCase.isEmpty },
    TestEngine.allCases)
  func aClosedCaseRefusesTheCommandAndNothingChanges(command: Command, engine: TestEngine) throws {
    let app = try Self.closedCaseApp(on: engine)
    let note = try #require(try app.store.notes(fugitiveID: Self.closed).first?.id)
    let expense = try #require(try app.store.expenses(fugitiveID: Self.closed).first?.id)
    let params = try #require(Self.calls(note: note, expense: expense)[command.spec.name])
    let before = try Self.snapshot(app)
    let error = app.error(command.spec.name, params)
    #expect(error == .refused("case 25772 is closed; reopen it first"), "\(command.spec.name)")
    #expect(error?.rpcCode == -32004)
    #expect(try Self.snapshot(app) == before, "\(command.spec.name) changed something")
    // Reopened, the same call goes through.
    try app.call("fugitives.reopen", ["id": .int(Self.closed)])
    if command.spec.name == "captured.release" {
      try app.call("fugitives.capture", ["id": .int(Self.closed)])
    }
    if command.spec.name == "fugitives.photo" {
      try app.call(
        "fugitives.photo",
        ["id": .int(Self.closed), "image": .string(Base64.encode(PhotoFixtures.png))])
    }
    #expect(throws: Never.self, "\(command.spec.name) after reopening") {
      try app.call(command.spec.name, params)
    }
  }

  /// `import --replace` is a change like any other: a row naming a closed case (in CSV, or in JSON
  /// even with `closedAt: null`) refuses the whole import, and nothing changes.
  @Test(arguments: TestEngine.allCases)
  func anImportCannotReplaceOrReopenAClosedCase(engine: TestEngine) throws {
    let app = try Self.closedCaseApp(on: engine)
    let before = try Self.snapshot(app)
    let files: [(format: String, content: String, location: String)] = [
      ("csv", "id,name,bounty\n\(Self.open),Open Case,5\n\(Self.closed),Renamed,1\n", "line 3"),
      ("json", #"[{"id":\#(Self.closed),"name":"X","bounty":"2","closedAt":null}]"#, "item 0"),
    ]
    for file in files {
      let error = app.error(
        "data.import",
        ["content": .string(file.content), "format": .string(file.format), "replace": true])
      #expect(
        error
          == .invalidRows(
            field: "id", count: 1,
            details: ["\(file.location), id: case 25772 is closed; reopen it first"]),
        "\(file.format): \(String(describing: error))")
      #expect(try Self.snapshot(app) == before, "\(file.format) changed something")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func readingAClosedCaseIsNotLocked(engine: TestEngine) throws {
    let app = try Self.closedCaseApp(on: engine)
    let card = try app.call("fugitives.get", ["id": .int(Self.closed)])
    #expect(card["closedAt"] == "2026-11-30T10:00:00Z")
    #expect(try app.call("expenses.list", ["id": .int(Self.closed)])["total"] == "11.00")
    #expect(
      app.error("fugitives.close", ["id": .int(Self.closed)])
        == .conflict("case 25772 is already closed"))
    #expect(
      app.error("fugitives.reopen", ["id": .int(Self.open)])
        == .conflict("case 15156 is not closed"))
  }
}
