import BountyApp
import BountyCore
import BountyStore
import BountyTestSupport
import Testing

/// A model test of undo and redo through the dispatcher: thousands of random operations drawn from
/// every change command (valid and invalid ones), then every step undone and every step redone.
/// After each undo the database must equal, row for row, what it was before that step; after each
/// redo what it was after it; and a command that failed must have changed nothing.
@Suite(.onTestThreads) struct UndoRedoModelTests {
  /// Every row of every user table, in key order, exactly: two snapshots are equal only when the
  /// data is. On PostgreSQL a fugitive's `row_version` counts every change, undo included (that is
  /// how a hunter's undo sees another's edit), so it is the one column undo does not restore.
  static func snapshot(_ store: Store) throws -> String {
    try [
      ("fugitive", "id"), ("note", "id"), ("photo", "fugitive_id"), ("setting", "key"),
      ("fugitive_tally", "captured"), ("fugitive_id_run", "first"),
    ].map { table, order in
      let rows = try TableSnapshot.rows(
        store.database, table, order: order, except: ["row_version"])
      return table + "\n" + rows.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// Deleting many fugitives scattered through the manual order records only them: their
  /// places stay empty and no later row is rewritten (deleting 150 of 300 one by one once
  /// recorded some 11,000 row images, and renumbering after them still 300). Undo gives back
  /// every row exactly.
  @Test(arguments: TestEngine.allCases)
  func deletingManyRecordsOnlyTheDeleted(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let csv = "name,bounty\n" + (1...300).map { "Person \($0),\($0)\n" }.joined()
    try app.call("data.import", ["content": .string(csv), "format": "csv"])
    let before = try Self.snapshot(app.store)
    let manual = try app.call("fugitives.list", ["all": true, "sort": "manual", "limit": 300])
    let everyOther = TestApp.ids(manual).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    let recorded = try app.store.database.scalarInt("SELECT count(*) FROM history_entry") ?? 0
    try app.call("fugitives.delete", ["ids": .array(everyOther.map { .int($0) })])
    let entries = try app.store.database.scalarInt("SELECT count(*) FROM history_entry") ?? 0
    #expect(entries - recorded == 150, "\(entries - recorded) history entries")
    let positions = try app.store.database.query("SELECT position FROM fugitive ORDER BY position")
    {
      $0.int(0)
    }
    #expect(positions == Array(stride(from: 2, through: 300, by: 2)))
    try app.call("history.undo")
    #expect(try Self.snapshot(app.store) == before)
  }

  struct Generator {
    var random: SplitMix
    var names = ["Hank", "Zoë", "王伟", "O'Brien", "Nguyễn Văn An", "Émile", "A,B \"quoted\""]

    mutating func pick<T>(_ items: [T]) -> T {
      items[Int.random(in: 0..<items.count, using: &random)]
    }
    mutating func chance(_ percent: Int) -> Bool {
      Int.random(in: 0..<100, using: &random) < percent
    }
    mutating func id() -> Int64 { Int64.random(in: 1...40, using: &random) }
    mutating func money() -> String {
      pick(["1", "12,500.50", "$0.05", "99999.99", "0", "-5", "1.001", "abc"])
    }
    mutating func degrees() -> JSON {
      .number(pick(["36.1699", "-115.1398", "0", "89.99999999999999", "-0.5"]))
    }

    /// One change request: a method and its params (sometimes invalid on purpose).
    mutating func operation() -> (String, JSONObject) {
      let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + (0..<Int.random(in: 0...40, using: &random)).map { UInt8($0) }
      switch Int.random(in: 0..<15, using: &random) {
      case 0, 1:
        var params: JSONObject = ["name": .string(pick(names)), "bounty": .string(money())]
        if chance(60) { params["id"] = .int(id()) }
        if chance(40) { params["description"] = .string(pick(["", "armed", "a\nb", "tab\there"])) }
        return ("fugitives.add", params)
      case 2:
        var params: JSONObject = ["id": .int(id())]
        if chance(50) { params["name"] = .string(pick(names)) }
        if chance(50) { params["bounty"] = .string(money()) }
        if chance(30) { params["description"] = .string(pick(["x", "", "long text"])) }
        if chance(10) { params["newId"] = .int(id()) }
        return ("fugitives.update", params)
      case 3: return ("fugitives.delete", ["id": .int(id())])
      case 4:
        return (
          "fugitives.move",
          ["id": .int(id()), "to": .int(Int64.random(in: 1...30, using: &random))]
        )
      case 5:
        var params: JSONObject = ["id": .int(id())]
        if chance(50) { params["lat"] = degrees(); params["lon"] = degrees() }
        if chance(50) {
          params["at"] = .string(
            pick(["2026-01-01T00:00:00Z", "1990-05-05", "2026-11-30T09:59:59Z"]))
        }
        return ("fugitives.capture", params)
      case 6:
        var params: JSONObject = ["id": .int(id())]
        if chance(60) { params["lat"] = degrees(); params["lon"] = degrees() }
        if chance(60) { params["description"] = .string(pick(["by the river", "bar", ""])) }
        if chance(15) { params = ["id": params["id"] ?? .int(1), "clear": .bool(true)] }
        return ("fugitives.seen", params)
      case 7:
        if chance(30) { return ("fugitives.photo", ["id": .int(id()), "clear": .bool(true)]) }
        return ("fugitives.photo", ["id": .int(id()), "image": .string(Base64.encode(png))])
      case 8: return ("captured.release", ["id": .int(id())])
      case 9:
        return (
          "notes.add",
          ["id": .int(id()), "text": .string(pick(["seen at the bar", "x", "multi\nline"]))]
        )
      case 10:
        return (
          "notes.update",
          [
            "id": .int(id()), "note": .int(Int64.random(in: 1...60, using: &random)),
            "text": .string("edited"),
          ]
        )
      case 11:
        return (
          "notes.delete",
          ["id": .int(id()), "note": .int(Int64.random(in: 1...60, using: &random))]
        )
      case 12:
        return (
          "notes.move",
          [
            "id": .int(id()), "note": .int(Int64.random(in: 1...60, using: &random)),
            "to": .int(Int64.random(in: 1...4, using: &random)),
          ]
        )
      case 13:
        let key = pick([
          "hunter.name", "agency.name", "commission.rate", "rounding", "currency", "fugitives.sort",
        ])
        let value: String
        switch key {
        case "commission.rate": value = pick(["10", "12.5", "0", "101"])
        case "rounding": value = pick(["half-even", "half-up", "sideways"])
        case "currency": value = pick(["USD", "EUR", "JPY", "BHD", "XXX"])
        case "fugitives.sort": value = pick(["name", "bounty", "manual"])
        default: value = pick(["Dana", "", "Reno Bail & Bonds"])
        }
        if chance(20) { return ("settings.reset", ["key": .string(key)]) }
        return ("settings.set", ["key": .string(key), "value": .string(value)])
      default:
        let rows = (0..<Int.random(in: 1...4, using: &random)).map { _ in
          "\(chance(50) ? String(id()) : ""),\(pick(names).replacing("\"", with: "\"\"").replacing(",", with: " ")),\(Int.random(in: 1...500, using: &random))"
        }
        return (
          "data.import",
          [
            "content": .string("id,name,bounty\n" + rows.joined(separator: "\n") + "\n"),
            "format": "csv", "replace": .bool(chance(50)),
          ]
        )
      }
    }
  }

  @Test(arguments: [UInt64(1), 2], TestEngine.allCases)
  func undoAllThenRedoAllRetracesEveryStep(seed: UInt64, engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.call("settings.set", ["key": "history.limit", "value": "10000"])
    var generator = Generator(random: SplitMix(state: seed))
    var before: [String] = []
    var after: [String] = []
    var methods: Set<String> = []
    var current = try Self.snapshot(app.store)
    let initialSteps = try app.store.historySteps().filter { $0.stack == "undo" }.count
    let operations = engine.rounds(2_000)
    for step in 0..<operations {
      app.now = Timestamp(secondsSinceEpoch: app.now.secondsSinceEpoch + 1)
      let (method, params) = generator.operation()
      let stepsBefore = try app.store.historySteps().filter { $0.stack == "undo" }.count
      switch app.dispatcher.call(method, params: params) {
      case .success:
        let next = try Self.snapshot(app.store)
        let stepsAfter = try app.store.historySteps().filter { $0.stack == "undo" }.count
        if stepsAfter == stepsBefore + 1 {
          before.append(current)
          after.append(next)
          methods.insert(method)
        } else {
          // A change that recorded no step must have changed nothing.
          #expect(next == current, "step \(step): \(method) changed data without an undo step")
        }
        current = next
      case .failure:
        #expect(
          try Self.snapshot(app.store) == current, "step \(step): failed \(method) changed data")
      }
    }
    // A shorter run's share is smaller: its first operations, on an empty roster, fail more.
    #expect(
      before.count > operations * (engine == .sqlite ? 3 : 2) / 10,
      "only \(before.count) operations succeeded")
    #expect(methods.count >= 12, "only \(methods.sorted()) succeeded")
    for index in stride(from: before.count - 1, through: 0, by: -1) {
      try app.call("history.undo")
      let now = try Self.snapshot(app.store)
      #expect(now == before[index], "undo of step \(index) did not restore it")
      if now != before[index] { return }
    }
    #expect(try app.store.historySteps().filter { $0.stack == "undo" }.count == initialSteps)
    for index in 0..<after.count {
      try app.call("history.redo")
      let now = try Self.snapshot(app.store)
      #expect(now == after[index], "redo of step \(index) did not give it back")
      if now != after[index] { return }
    }
    #expect(app.error("history.redo") != nil, "more redo steps than operations")
  }
}
