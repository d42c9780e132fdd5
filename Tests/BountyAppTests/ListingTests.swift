import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

@Suite(.onTestThreads) struct ListingTests {
  func names(_ result: JSON) -> [String] {
    (result["items"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
  }

  @Test(arguments: TestEngine.allCases)
  func nameOrderIgnoresCaseAndDiacriticsWithTiesByID(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    for name in ["Zoë", "Frank", "emma", "Émile", "Edgar", "ábel"] { try app.add(name) }
    try app.add("Emile", id: 50)
    try app.add("emile", id: 40)
    let listed = names(try app.call("fugitives.list", ["sort": "name"]))
    #expect(listed == ["ábel", "Edgar", "Émile", "emile", "Emile", "emma", "Frank", "Zoë"])
    let reversed = names(try app.call("fugitives.list", ["sort": "name", "desc": true]))
    #expect(reversed == listed.reversed())
    // The order is an index walk, not a sort.
    let plan = try QueryPlan.lines(
      app.store.database,
      "SELECT id FROM fugitive WHERE captured = 0 ORDER BY name_key, id LIMIT 20")
    #expect(plan.contains { $0.contains("fugitive_by_status_name") }, "\(plan)")
    let sortStep = engine == .sqlite ? "TEMP B-TREE" : "Sort"
    #expect(!plan.contains { $0.contains(sortStep) }, "\(plan)")
  }

  @Test(arguments: TestEngine.allCases)
  func sortsByBountyIDAndFiltersWithPaging(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("Cheap", bounty: "250", id: 3)
    try app.add("Dear", bounty: "96000", id: 1)
    try app.add("Middle", bounty: "5000", id: 2)
    #expect(
      names(try app.call("fugitives.list", ["sort": "bounty", "desc": true])) == [
        "Dear", "Middle", "Cheap",
      ])
    #expect(names(try app.call("fugitives.list", ["sort": "id"])) == ["Dear", "Middle", "Cheap"])
    let page = try app.call("fugitives.list", ["sort": "bounty", "limit": 1, "offset": 1])
    #expect(names(page) == ["Middle"])
    #expect(page["total"] == .number("3"))
    let rich = try app.call("fugitives.list", ["minBounty": "$5,000"])
    #expect(Set(names(rich)) == ["Dear", "Middle"])
    #expect(rich["total"] == .number("2"))
    if case .invalidParameter(let f, _)? = app.error("fugitives.list", ["minBounty": "lots"]) {
      #expect(f == "minBounty")
    } else {
      Issue.record("minBounty")
    }
    if case .invalidParameter(let f, _)? = app.error("fugitives.list", ["sort": "height"]) {
      #expect(f == "sort")
    } else {
      Issue.record("sort")
    }
    if case .invalidParameter(let f, _)? = app.error("fugitives.list", ["limit": 0]) {
      #expect(f == "limit")
    } else {
      Issue.record("limit")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func searchIsLiteral(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("100% Pure")
    try app.add("Under_score")
    try app.add("Plain")
    try app.call(
      "fugitives.add", ["name": "Émile", "bounty": "1", "description": "Wanted in MARSEILLE"])
    #expect(names(try app.call("fugitives.list", ["search": "%"])) == ["100% Pure"])
    #expect(names(try app.call("fugitives.list", ["search": "_"])) == ["Under_score"])
    #expect(names(try app.call("fugitives.list", ["search": "emile"])) == ["Émile"])
    #expect(names(try app.call("fugitives.list", ["search": "marseille"])) == ["Émile"])
    #expect(names(try app.call("fugitives.list", ["search": "'; DROP TABLE fugitive; --"])) == [])
    #expect(try app.store.fugitiveCount() == 4)
  }

  @Test(arguments: TestEngine.allCases)
  func capturedListsNewestCaptureFirst(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    for (index, day) in ["2026-11-01", "2026-11-20", "2026-11-10"].enumerated() {
      let id = try app.add("C\(index)")
      try app.call("fugitives.capture", ["id": .int(id), "at": .string(day)])
    }
    try app.add("Free")
    #expect(names(try app.call("captured.list")) == ["C1", "C2", "C0"])
    // desc reverses the tab's own order (newest first), whatever the sort's direction; asc keeps it.
    #expect(names(try app.call("captured.list", ["desc": true])) == ["C0", "C2", "C1"])
    #expect(names(try app.call("captured.list", ["asc": true])) == ["C1", "C2", "C0"])
    #expect(names(try app.call("captured.list", ["desc": false])) == ["C1", "C2", "C0"])
    #expect(
      names(try app.call("captured.list", ["sort": "name", "desc": true])) == ["C2", "C1", "C0"])
    #expect(app.error("captured.list", ["desc": true, "asc": true]) != nil)
    #expect(names(try app.call("captured.list", ["sort": "name"])) == ["C0", "C1", "C2"])
    #expect(try app.call("captured.list")["total"] == .number("3"))
  }

  @Test(arguments: TestEngine.allCases)
  func listsFollowTheDefaultSortSettings(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("B", bounty: "1")
    try app.add("A", bounty: "2")
    #expect(names(try app.call("fugitives.list")) == ["A", "B"])
    try app.call("settings.set", ["key": "fugitives.sort", "value": "bounty"])
    #expect(names(try app.call("fugitives.list")) == ["B", "A"])
  }

  @Test(arguments: TestEngine.allCases)
  func sampleRosterLoadsOnceAndRefusesOverExistingIDs(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let loaded = try app.call("sample.load")
    #expect(loaded["loaded"] == .number("34"))
    let all = try app.call("fugitives.list", ["all": true])
    #expect(all["total"] == .number("34"))
    let captured = try app.call("captured.list")
    #expect((Int(captured["total"]?.serialized ?? "0") ?? 0) >= 3)
    let bounties = try app.store.database.query(
      "SELECT min(bounty_minor), max(bounty_minor) FROM fugitive"
    ) { [$0.int(0), $0.int(1)] }
    #expect(bounties == [[25_000, 9_600_000]])
    #expect(try app.store.database.scalarInt("SELECT count(*) FROM note")! > 0)
    if case .conflict? = app.error("sample.load") {} else { Issue.record("loaded twice") }
    #expect(try app.store.fugitiveCount() == 34)
  }

  /// `locate` answers the row a fugitive holds in the whole list, in every order and direction,
  /// with a filter, on either tab: the same row the list pages show it at.
  @Test(arguments: TestEngine.allCases)
  func locateAnswersTheRowTheListShowsAFugitiveAt(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.call("sample.load")
    // Deadlines for some (the order puts those without one last in either direction).
    for (id, date) in [
      (25772, "2026-12-20"), (48445, "2026-12-05"), (12328, "2026-12-20"), (15494, "2026-12-01"),
    ] {
      try app.call("fugitives.bond", ["id": .int(Int64(id)), "forfeiture": .string(date)])
    }
    var checked = 0
    for method in ["fugitives.list", "captured.list"] {
      for sort in FugitiveQuery.SortKey.allCases {
        for desc in [false, true] {
          for search in [nil, "fraud"] as [String?] {
            var params: JSONObject = ["sort": .string(sort.rawValue), "desc": .bool(desc)]
            if let search { params["search"] = .string(search) }
            let ids = (try app.call(method, params)["items"]?.arrayValue ?? []).compactMap {
              item -> Int64? in
              if case .number(let digits)? = item["id"] { Int64(digits) } else { nil }
            }
            for (row, id) in ids.enumerated() {
              params["limit"] = 1
              params["locate"] = .int(id)
              #expect(
                try app.call(method, params)["row"] == .int(Int64(row)),
                "\(method) \(sort) desc=\(desc) search=\(search ?? "-") id=\(id)")
              checked += 1
            }
            params["locate"] = 99_999
            #expect(try app.call(method, params)["row"] == .null)
          }
        }
      }
    }
    #expect(checked > 400)
  }
}
