import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

/// The bail-enforcement case file (issue 16): bond and deadline, descriptors, aliases, expenses,
/// closing, through the dispatcher as a JSON-RPC client calls it.
@Suite(.onTestThreads) struct CaseFileTests {
  @Test(arguments: TestEngine.allCases)
  func bondIsNestedJSONWithDaysLeftFromTheLocalToday(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Ann Lee")
    #expect(try app.call("fugitives.get", ["id": .int(id)])["bond"] == .null)
    let saved = try app.call(
      "fugitives.bond",
      [
        "id": .int(id), "amount": "50000", "court": "Clark County", "case": "C-1",
        "fta": "2026-10-02", "forfeiture": "2027-04-05",
      ])
    #expect(
      saved["bond"]
        == .object([
          "amount": "50000.00", "court": "Clark County", "caseNumber": "C-1",
          "ftaDate": "2026-10-02", "forfeitureDate": "2027-04-05", "daysLeft": 126,
        ]))
    app.now = Timestamp(parsing: "2027-04-07T10:00:00Z")!
    #expect(try app.call("fugitives.get", ["id": .int(id)])["bond"]?["daysLeft"] == -2)
    // Changing one part keeps the others.
    let changed = try app.call("fugitives.bond", ["id": .int(id), "court": "Reno"])
    #expect(changed["bond"]?["caseNumber"] == "C-1")
    #expect(changed["bond"]?["court"] == "Reno")
    let cleared = try app.call("fugitives.bond", ["id": .int(id), "clear": true])
    #expect(cleared["bond"] == .null)
  }

  @Test(
    arguments: [
      (["fta": "2026-10-02T10:00:00Z"], "fta"),
      (["forfeiture": "2026-02-30"], "forfeiture"),
      (["amount": "-5"], "amount"),
      (["amount": "1", "clear": true], "clear"),
    ] as [(JSONObject, String)], TestEngine.allCases)
  func refusesABadBondNamingTheField(example: (JSONObject, String), engine: TestEngine) throws {
    let (params, field) = example
    let app = try TestApp(engine: engine)
    let id = try app.add("Ann Lee")
    var call = params
    call["id"] = .int(id)
    guard case .invalidParameter(let named, _)? = app.error("fugitives.bond", call) else {
      Issue.record("expected invalid \(field)")
      return
    }
    #expect(named == field)
    #expect(try app.store.caseFile(fugitiveID: id) == CaseFile())
  }

  @Test(arguments: TestEngine.allCases)
  func forfeitureBeforeTheFTADateIsRefused(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Ann Lee")
    let error = app.error(
      "fugitives.bond", ["id": .int(id), "fta": "2026-10-02", "forfeiture": "2026-10-01"])
    #expect(error == .invalid(field: "forfeiture", reason: "is before the FTA date 2026-10-02"))
  }

  @Test(arguments: TestEngine.allCases)
  func descriptorsAreCheckedAndNormalised(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Ann Lee")
    let saved = try app.call(
      "fugitives.describe",
      [
        "id": .int(id), "dob": "1984-03-02", "height": "5'10\"", "weight": "82kg",
        "eyes": "brown", "hair": "black", "marks": "rose tattoo, left wrist",
      ])
    #expect(
      saved["descriptors"]
        == .object([
          "dob": "1984-03-02", "height": "5 ft 10 in", "weight": "82 kg", "eyes": "brown",
          "hair": "black", "marks": "rose tattoo, left wrist",
        ]))
    for (params, field) in [
      (["dob": "2026-11-30"], "dob"), (["dob": "2030-01-01"], "dob"),
      (["height": "178"], "height"), (["height": "tall"], "height"), (["height": "0 cm"], "height"),
      (["weight": "82"], "weight"), (["weight": "82 stone"], "weight"),
    ] as [(JSONObject, String)] {
      var call = params
      call["id"] = .int(id)
      guard case .invalid(let named, _)? = app.error("fugitives.describe", call) else {
        Issue.record("expected \(params) to be refused")
        continue
      }
      #expect(named == field)
    }
    #expect(try app.call("fugitives.get", ["id": .int(id)])["descriptors"] == saved["descriptors"])
    for (height, normal) in [("178cm", "178 cm"), ("1.78 m", "1.78 m"), ("70 in", "70 in")] {
      let result = try app.call("fugitives.describe", ["id": .int(id), "height": .string(height)])
      #expect(result["descriptors"]?["height"] == .string(normal))
    }
  }

  @Test(arguments: TestEngine.allCases)
  func searchFindsAFugitiveByAnAlias(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Edgar Whitlow")
    try app.add("Someone Else")
    try app.call("aliases.add", ["id": .int(id), "name": "Slim Jiménez"])
    #expect(TestApp.ids(try app.call("fugitives.list", ["search": "jimenez"])) == [id])
    #expect(TestApp.ids(try app.call("fugitives.list", ["search": "SLIM"])) == [id])
    #expect(TestApp.ids(try app.call("fugitives.list", ["search": "nobody"])) == [])
    #expect(
      try app.call("fugitives.get", ["id": .int(id)])["aliases"] == .array(["Slim Jiménez"]))
    #expect(
      app.error("aliases.add", ["id": .int(id), "name": "slim jimenez"])
        == .conflict("fugitive \(id) already has the alias slim jimenez"))
    try app.call("aliases.delete", ["id": .int(id), "name": "SLIM JIMÉNEZ"])
    #expect(TestApp.ids(try app.call("fugitives.list", ["search": "jimenez"])) == [])
    #expect(
      app.error("aliases.delete", ["id": .int(id), "name": "Slim"])
        == .notFound("fugitive \(id) has no alias Slim"))
  }

  /// Same dates order by the larger bond, then by ID#; overdue first; captured ones never.
  @Test(arguments: TestEngine.allCases)
  func deadlinesAreMostUrgentFirstWithTiesByBondThenID(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let rows: [(id: Int64, date: String, bond: String?)] = [
      (10, "2026-12-20", "100"), (11, "2026-12-05", "500"), (12, "2026-12-05", "900"),
      (13, "2026-12-05", "500"), (14, "2026-11-20", nil), (15, "2027-06-01", "1"),
    ]
    for row in rows {
      try app.add("F\(row.id)", id: row.id)
      var params: JSONObject = ["id": .int(row.id), "forfeiture": .string(row.date)]
      if let bond = row.bond { params["amount"] = .string(bond) }
      try app.call("fugitives.bond", params)
    }
    try app.add("No deadline", id: 16)
    try app.add("Captured", id: 17)
    try app.call("fugitives.bond", ["id": 17, "forfeiture": "2026-11-01"])
    try app.call("fugitives.capture", ["id": 17])
    let all = try app.call("fugitives.deadlines")
    #expect(TestApp.ids(all) == [14, 12, 11, 13, 10, 15])
    #expect(all["items"]?.arrayValue?.first?["bond"]?["daysLeft"] == -10)
    #expect(TestApp.ids(try app.call("fugitives.deadlines", ["within": 5])) == [14, 12, 11, 13])
    #expect(TestApp.ids(try app.call("fugitives.deadlines", ["within": 0])) == [14])
    let sorted = try app.call("fugitives.list", ["sort": "deadline"])
    #expect(TestApp.ids(sorted) == [14, 11, 12, 13, 10, 15, 16])
    let reversed = try app.call("fugitives.list", ["sort": "deadline", "desc": true])
    #expect(TestApp.ids(reversed) == [15, 10, 13, 12, 11, 14, 16])
  }

  @Test(arguments: TestEngine.allCases)
  func expensesAreAnOrderedLedger(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Ann Lee")
    for (amount, memo) in [("125.50", "Motel"), ("40", "Fuel"), ("9.99", "Maps")] {
      try app.call(
        "expenses.add",
        ["id": .int(id), "amount": .string(amount), "memo": .string(memo), "date": "2026-11-20"])
    }
    func memos() throws -> [String] {
      try app.call("expenses.list", ["id": .int(id)])["expenses"]?.arrayValue?.compactMap {
        $0["memo"]?.stringValue
      } ?? []
    }
    let listed = try app.call("expenses.list", ["id": .int(id)])
    #expect(listed["total"] == "175.49")
    let ids = try app.store.expenses(fugitiveID: id).map(\.id)
    try app.call("expenses.move", ["id": .int(id), "expense": .int(ids[2]), "to": 1])
    #expect(try memos() == ["Maps", "Motel", "Fuel"])
    try app.call(
      "expenses.update", ["id": .int(id), "expense": .int(ids[1]), "amount": "45", "memo": "Gas"])
    try app.call("expenses.delete", ["id": .int(id), "expense": .int(ids[0])])
    #expect(try memos() == ["Maps", "Gas"])
    #expect(try app.call("expenses.list", ["id": .int(id)])["total"] == "54.99")
    #expect(
      app.error("expenses.delete", ["id": .int(id), "expense": .int(ids[0])])
        == .notFound("expense \(ids[0]) of fugitive \(id) not found"))
    let positions = try app.store.database.query(
      "SELECT position FROM expense WHERE fugitive_id = ? ORDER BY position", [.integer(id)]
    ) { $0.int(0) }
    #expect(positions == [1, 2])
  }

  @Test(arguments: TestEngine.allCases)
  func aSplitAddsUpToTheCentByBondOrEvenly(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    for (id, bond) in [(1, "10000"), (2, "20000"), (3, "30000")] as [(Int64, String)] {
      try app.add("F\(id)", id: id)
      try app.call("fugitives.bond", ["id": .int(id), "amount": .string(bond)])
    }
    let even = try app.call(
      "expenses.split", ["amount": "100.00", "memo": "Van", "ids": [1, 2, 3]])
    #expect(even["parts"]?.arrayValue?.map { $0["amount"] } == ["33.34", "33.33", "33.33"])
    let byBond = try app.call(
      "expenses.split", ["amount": "100.00", "memo": "Plane", "ids": "3 1 2", "by": "bond"])
    #expect(byBond["parts"]?.arrayValue?.map { $0["amount"] } == ["50.00", "16.67", "33.33"])
    try app.add("No bond", id: 4)
    #expect(
      app.error("expenses.split", ["amount": "1", "memo": "x", "ids": [1, 4], "by": "bond"])
        == .invalid(field: "by", reason: "fugitive 4 has no bond amount; split --by even"))
    for ids: JSON in [[1], [1, 1], "1 x", [1, "2"]] {
      guard
        case .invalidParameter(let field, _)? = app.error(
          "expenses.split", ["amount": "1", "memo": "x", "ids": ids])
      else {
        Issue.record("expected \(ids) to be refused")
        continue
      }
      #expect(field == "ids")
    }
    #expect(try app.store.expenses(fugitiveID: 4).isEmpty)
  }

  @Test(arguments: TestEngine.allCases)
  func everyCaseFileChangeUndoesAndRedoes(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let history = HistoryTests()
    let id = try app.add("Ann Lee")
    let other = try app.add("Bo Rey")
    try history.checkUndoRedo(app, "bond") {
      try app.call("fugitives.bond", ["id": .int(id), "amount": "500", "forfeiture": "2027-01-01"])
    }
    try history.checkUndoRedo(app, "bond clear") {
      try app.call("fugitives.bond", ["id": .int(id), "clear": true])
    }
    try history.checkUndoRedo(app, "describe") {
      try app.call("fugitives.describe", ["id": .int(id), "height": "180 cm"])
    }
    try history.checkUndoRedo(app, "alias add") {
      try app.call("aliases.add", ["id": .int(id), "name": "Annie"])
    }
    try history.checkUndoRedo(app, "alias delete") {
      try app.call("aliases.delete", ["id": .int(id), "name": "Annie"])
    }
    try history.checkUndoRedo(app, "expense add") {
      try app.call("expenses.add", ["id": .int(id), "amount": "10", "memo": "a"])
    }
    try app.call("expenses.add", ["id": .int(id), "amount": "20", "memo": "b"])
    let expenses = try app.store.expenses(fugitiveID: id).map(\.id)
    try history.checkUndoRedo(app, "expense edit") {
      try app.call("expenses.update", ["id": .int(id), "expense": .int(expenses[0]), "memo": "c"])
    }
    try history.checkUndoRedo(app, "expense move") {
      try app.call("expenses.move", ["id": .int(id), "expense": .int(expenses[1]), "to": 1])
    }
    try history.checkUndoRedo(app, "expense delete") {
      try app.call("expenses.delete", ["id": .int(id), "expense": .int(expenses[0])])
    }
    try history.checkUndoRedo(app, "split") {
      try app.call("expenses.split", ["amount": "3", "memo": "s", "ids": [.int(id), .int(other)]])
    }
    // Redo leaves each change applied: the case is closed, then open again.
    try history.checkUndoRedo(app, "close") { try app.call("fugitives.close", ["id": .int(id)]) }
    try history.checkUndoRedo(app, "reopen") { try app.call("fugitives.reopen", ["id": .int(id)]) }
    // Deleting a fugitive takes its case file along, and undo brings it all back.
    try app.call("expenses.add", ["id": .int(id), "amount": "7", "memo": "kept"])
    try history.checkUndoRedo(app, "delete") {
      try app.call("fugitives.delete", ["id": .int(id)])
    }
  }

  @Test(arguments: TestEngine.allCases)
  func aNewIDCarriesTheCaseFileAlong(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Ann Lee")
    try app.call("fugitives.bond", ["id": .int(id), "amount": "5"])
    try app.call("aliases.add", ["id": .int(id), "name": "Annie"])
    try app.call("expenses.add", ["id": .int(id), "amount": "1", "memo": "m"])
    let moved = try app.call("fugitives.update", ["id": .int(id), "newId": 900])
    #expect(moved["bond"]?["amount"] == "5.00")
    #expect(moved["aliases"] == ["Annie"])
    #expect(moved["expenses"]?.arrayValue?.count == 1)
  }

  @Test(arguments: TestEngine.allCases)
  func theCurrencyRescalesBondsAndExpensesOrRefusesToDropDigits(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Ann Lee", bounty: "100")
    try app.call("fugitives.bond", ["id": .int(id), "amount": "50000.50"])
    try app.call("expenses.add", ["id": .int(id), "amount": "12.25", "memo": "m"])
    try app.call("settings.set", ["key": "currency", "value": "BHD"])
    let rescaled = try app.call("fugitives.get", ["id": .int(id)])
    #expect(rescaled["bond"]?["amount"] == "50000.500")
    #expect(rescaled["expenses"]?.arrayValue?.first?["amount"] == "12.250")
    #expect(
      app.error("settings.set", ["key": "currency", "value": "JPY"])
        == .refused(
          "changing the currency to JPY would drop digits from 1 bond (JPY has 0 decimals); "
            + "nothing was changed"))
    #expect(try app.call("fugitives.get", ["id": .int(id)]) == rescaled)
  }
}
