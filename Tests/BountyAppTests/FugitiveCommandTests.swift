import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

@Suite(.onTestThreads) struct FugitiveCommandTests {
  @Test(arguments: TestEngine.allCases)
  func addsWithExactMoneyAndTheNextFreeID(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let added = try app.call(
      "fugitives.add",
      ["name": "Hank Morrow", "bounty": "$12,500.50", "description": "Parole violator"])
    #expect(added["id"] == .number("1"))
    #expect(added["bounty"] == .string("12500.50"))
    #expect(added["captured"] == .bool(false))
    #expect(added["position"] == .number("1"))
    #expect(added["createdAt"] == .string("2026-11-30T10:00:00Z"))
    #expect(try app.add("Given", id: 100) == 100)
    #expect(try app.add("Next") == 101)
    // A JSON number is read from its digits: 0.1 is exactly ten cents.
    let number = try app.call("fugitives.add", ["name": "N", "bounty": .number("0.1")])
    #expect(number["bounty"] == .string("0.10"))
  }

  @Test(
    arguments: [
      (["bounty": "1"], "name"),
      (["name": "   ", "bounty": "1"], "name"),
      (["name": .string(String(repeating: "x", count: 201)), "bounty": "1"], "name"),
      (["name": 5, "bounty": "1"], "name"),
      (["name": "A"], "bounty"),
      (["name": "A", "bounty": "-5"], "bounty"),
      (["name": "A", "bounty": "0.001"], "bounty"),
      (["name": "A", "bounty": .number("1e3")], "bounty"),
      (["name": "A", "bounty": "92233720368547758.08"], "bounty"),
      (["name": "A", "bounty": true], "bounty"),
      (["name": "A", "bounty": "1", "id": -2_147_483_649], "id"),
      (["name": "A", "bounty": "1", "id": 2_147_483_648], "id"),
      (["name": "A", "bounty": "1", "id": "7"], "id"),
      (["name": "A", "bounty": "1", "bogus": 1], "bogus"),
    ] as [(JSONObject, String)], TestEngine.allCases)
  func refusesBadValuesNamingTheField(example: (JSONObject, String), engine: TestEngine) throws {
    let (params, field) = example
    let app = try TestApp(engine: engine)
    guard case .invalidParameter(let named, _)? = app.error("fugitives.add", params) else {
      Issue.record("expected invalid \(field)")
      return
    }
    #expect(named == field)
    #expect(try app.store.fugitiveCount() == 0)
  }

  @Test(arguments: TestEngine.allCases)
  func keepsAnyUnicodeName(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    for name in ["王伟", "Алексей Морозов", "Zoë 🦊"] {
      let id = try app.add(name)
      #expect(try app.call("fugitives.get", ["id": .int(id)])["name"] == .string(name))
    }
  }

  @Test(arguments: TestEngine.allCases)
  func namesDescriptionsAndNotesAreTrimmed(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add(" Jolene Pruitt \t")
    try app.call("fugitives.update", ["id": .int(id), "description": "\n Skipped bail  "])
    let fugitive = try app.call("notes.add", ["id": .int(id), "text": "  Seen in Elko\n"])
    #expect(fugitive["name"] == "Jolene Pruitt")
    #expect(fugitive["description"] == "Skipped bail")
    #expect(fugitive["notes"]?.arrayValue?.last?["text"] == "Seen in Elko")
    #expect(app.error("fugitives.add", ["name": "  ", "bounty": "1"]) != nil)
  }

  @Test(arguments: TestEngine.allCases)
  func anEditOverAValueChangedSinceItWasSeenIsRefused(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Hank Morrow", bounty: "50")
    // Another hunter changes the bounty while a form still shows 50.00.
    try app.call("fugitives.update", ["id": .int(id), "bounty": "75"])
    let refused = app.error(
      "fugitives.update", ["id": .int(id), "bounty": "80", "wasBounty": "50.00"])
    if case .conflict(let message)? = refused {
      #expect(message.contains("bounty") && message.contains("now $75.00, was $50.00"))
    } else {
      Issue.record("expected a conflict, got \(String(describing: refused))")
    }
    #expect(try app.call("fugitives.get", ["id": .int(id)])["bounty"] == "75.00")
    // What was seen is still so: saved.
    let saved = try app.call(
      "fugitives.update",
      ["id": .int(id), "name": "Hank M.", "wasName": "Hank Morrow", "wasBounty": "75"])
    #expect(saved["name"] == "Hank M.")
    if case .conflict? = app.error(
      "fugitives.update", ["id": .int(id), "description": "x", "wasDescription": "old"])
    {
    } else {
      Issue.record("a stale description was saved over")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func conflictsAndNotFound(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("A", id: 7)
    #expect(
      app.error("fugitives.add", ["name": "B", "bounty": "1", "id": 7])
        == .conflict("a fugitive with ID# 7 already exists"))
    try app.add("B", id: 8)
    if case .conflict? = app.error("fugitives.update", ["id": 8, "newId": 7]) {
    } else {
      Issue.record("newId conflict")
    }
    for method in [
      "fugitives.get", "fugitives.update", "fugitives.delete", "fugitives.capture",
      "fugitives.seen", "fugitives.photo", "notes.list", "captured.get", "captured.release",
    ] {
      guard case .notFound? = app.error(method, ["id": 99]) else {
        Issue.record("\(method) of a missing fugitive must be notFound")
        continue
      }
    }
    if case .notFound? = app.error("fugitives.move", ["id": 99, "to": 1]) {
    } else {
      Issue.record("move")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func updatesFieldsAndCarriesNotesToANewID(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Old Name", bounty: "100")
    try app.call("notes.add", ["id": .int(id), "text": "first"])
    try app.call(
      "fugitives.photo", ["id": .int(id), "image": .string(Base64.encode(PhotoFixtures.png))])
    app.now = Timestamp(parsing: "2026-12-01T00:00:00Z")!
    let updated = try app.call(
      "fugitives.update",
      ["id": .int(id), "name": "New Name", "bounty": "250.5", "description": "d", "newId": 42])
    #expect(updated["id"] == .number("42"))
    #expect(updated["name"] == .string("New Name"))
    #expect(updated["bounty"] == .string("250.50"))
    #expect(updated["updatedAt"] == .string("2026-12-01T00:00:00Z"))
    #expect(updated["hasPhoto"] == .bool(true))
    #expect(updated["notes"]?.arrayValue?.count == 1)
    if case .notFound? = app.error("fugitives.get", ["id": .int(id)]) {
    } else {
      Issue.record("old id still there")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func deleteTakesNotesAndPhotoAndLeavesItsPlaceEmpty(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let ids = try (1...4).map { try app.add("F\($0)") }
    try app.call("notes.add", ["id": .int(ids[1]), "text": "gone with it"])
    try app.call(
      "fugitives.photo", ["id": .int(ids[1]), "image": .string(Base64.encode(PhotoFixtures.jpeg))])
    let deleted = try app.call("fugitives.delete", ["id": .int(ids[1])])
    #expect(deleted["name"] == .string("F2"))
    #expect(try app.store.database.scalarInt("SELECT count(*) FROM note") == 0)
    #expect(try app.store.database.scalarInt("SELECT count(*) FROM photo") == 0)
    let positions = try app.store.database.query("SELECT position FROM fugitive ORDER BY position")
    { $0.int(0) }
    #expect(positions == [1, 3, 4])
  }

  @Test(arguments: TestEngine.allCases)
  func moveKeepsTheManualOrderDense(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let ids = try (1...5).map { try app.add("F\($0)") }
    func manual() throws -> [Int64] {
      TestApp.ids(try app.call("fugitives.list", ["sort": "manual"]))
    }
    try app.call("fugitives.move", ["id": .int(ids[4]), "to": 1])
    #expect(try manual() == [ids[4], ids[0], ids[1], ids[2], ids[3]])
    try app.call("fugitives.move", ["id": .int(ids[4]), "to": 99])
    #expect(try manual() == ids)
    try app.call("fugitives.move", ["id": .int(ids[0]), "to": 3])
    #expect(try manual() == [ids[1], ids[2], ids[0], ids[3], ids[4]])
    let positions = try app.store.database.query("SELECT position FROM fugitive ORDER BY position")
    { $0.int(0) }
    #expect(positions == [1, 2, 3, 4, 5])
    guard
      case .invalidParameter(let field, _)? = app.error(
        "fugitives.move", ["id": .int(ids[0]), "to": 0])
    else {
      Issue.record("position 0")
      return
    }
    #expect(field == "to")
  }

  @Test(arguments: TestEngine.allCases)
  func captureMovesBetweenTabsAndReleaseClearsAllThree(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Runner")
    let captured = try app.call(
      "fugitives.capture",
      [
        "id": .int(id), "at": "2026-11-29T08:15:00Z", "lat": .number("36.17"),
        "lon": .number("-115.14"),
      ])
    #expect(captured["captured"] == .bool(true))
    #expect(captured["capturedAt"] == .string("2026-11-29T08:15:00Z"))
    #expect(
      captured["captureLocation"] == .object(["lat": .number("36.17"), "lon": .number("-115.14")]))
    #expect(TestApp.ids(try app.call("fugitives.list")) == [])
    #expect(TestApp.ids(try app.call("captured.list")) == [id])
    #expect(TestApp.ids(try app.call("fugitives.list", ["all": true])) == [id])
    if case .conflict? = app.error("fugitives.capture", ["id": .int(id)]) {
    } else {
      Issue.record("twice")
    }
    let released = try app.call("captured.release", ["id": .int(id)])
    #expect(released["captured"] == .bool(false))
    #expect(released["capturedAt"] == .null)
    #expect(released["captureLocation"] == .null)
    if case .notFound? = app.error("captured.get", ["id": .int(id)]) {
    } else {
      Issue.record("at large in Captured")
    }
    // Now, when no time is given.
    let now = try app.call("fugitives.capture", ["id": .int(id)])
    #expect(now["capturedAt"] == .string("2026-11-30T10:00:00Z"))
  }

  @Test(arguments: TestEngine.allCases)
  func locationNeedsBothHalvesInRange(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("X")
    guard
      case .invalidParameter(let field, _)? = app.error(
        "fugitives.capture", ["id": .int(id), "lat": 10])
    else {
      Issue.record("lat alone")
      return
    }
    #expect(field == "lon")
    if case .invalidParameter(let f, _)? = app.error(
      "fugitives.capture", ["id": .int(id), "lat": 91, "lon": 0])
    {
      #expect(f == "lat")
    } else {
      Issue.record("lat 91")
    }
    if case .invalidParameter(let f, _)? = app.error(
      "fugitives.capture", ["id": .int(id), "at": "the day before"])
    {
      #expect(f == "at")
    } else {
      Issue.record("bad date")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func seenRecordsTheLastKnownWhereabouts(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Ghost")
    let seen = try app.call(
      "fugitives.seen",
      [
        "id": .int(id), "lat": .number("40.7128"), "lon": .number("-74.006"),
        "description": "Penn Station",
      ])
    #expect(seen["lastSeen"]?["description"] == .string("Penn Station"))
    #expect(seen["lastSeen"]?["at"] == .string("2026-11-30T10:00:00Z"))
    #expect(seen["lastSeen"]?["lat"] == .number("40.7128"))
  }

  @Test(arguments: TestEngine.allCases)
  func photosAreCheckedByTheirBytes(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Face")
    if case .notFound? = app.error("fugitives.photo", ["id": .int(id)]) {
    } else {
      Issue.record("no photo yet")
    }
    let set = try app.call(
      "fugitives.photo", ["id": .int(id), "image": .string(Base64.encode(PhotoFixtures.png))])
    #expect(set["hasPhoto"] == .bool(true))
    let read = try app.call("fugitives.photo", ["id": .int(id)])
    #expect(read["mediaType"] == .string("image/png"))
    #expect(read["data"] == .string(Base64.encode(PhotoFixtures.png)))
    for bad in [Array("GIF89a".utf8), [], Array(repeating: 0xFF, count: 2)] {
      guard
        case .invalid(let field, _)? = app.error(
          "fugitives.photo", ["id": .int(id), "image": .string(Base64.encode(bad))])
      else {
        Issue.record("accepted \(bad)")
        continue
      }
      #expect(field == "image")
    }
    let huge = PhotoFixtures.png + [UInt8](repeating: 0, count: Limits.photoBytes)
    if case .invalid? = app.error(
      "fugitives.photo", ["id": .int(id), "image": .string(Base64.encode(huge))])
    {
    } else {
      Issue.record("11 MiB")
    }
    if case .invalidParameter(let f, _)? = app.error(
      "fugitives.photo", ["id": .int(id), "image": "not base64!"])
    {
      #expect(f == "image")
    } else {
      Issue.record("bad base64")
    }
    #expect(
      try app.call("fugitives.photo", ["id": .int(id)])["data"]
        == .string(Base64.encode(PhotoFixtures.png)))
    #expect(
      try app.call("fugitives.photo", ["id": .int(id), "clear": true])["hasPhoto"] == .bool(false))
    if case .notFound? = app.error("fugitives.photo", ["id": .int(id), "clear": true]) {
    } else {
      Issue.record("clear twice")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func notesStayOrderedAndDense(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Noted")
    for text in ["a", "b", "c", "d"] {
      try app.call("notes.add", ["id": .int(id), "text": .string(text)])
    }
    func texts() throws -> [String] {
      (try app.call("notes.list", ["id": .int(id)])["notes"]?.arrayValue ?? []).compactMap {
        $0["text"]?.stringValue
      }
    }
    let noteIDs = try app.store.notes(fugitiveID: id).map(\.id)
    try app.call("notes.move", ["id": .int(id), "note": .int(noteIDs[3]), "to": 1])
    #expect(try texts() == ["d", "a", "b", "c"])
    try app.call("notes.update", ["id": .int(id), "note": .int(noteIDs[0]), "text": "A"])
    try app.call("notes.delete", ["id": .int(id), "note": .int(noteIDs[1])])
    #expect(try texts() == ["d", "A", "c"])
    let positions = try app.store.database.query("SELECT position FROM note ORDER BY position") {
      $0.int(0)
    }
    #expect(positions == [1, 2, 3])
    if case .notFound? = app.error("notes.delete", ["id": .int(id), "note": 999]) {
    } else {
      Issue.record("missing note")
    }
    if case .invalidParameter(let f, _)? = app.error("notes.add", ["id": .int(id), "text": ""]) {
      #expect(f == "text")
    } else {
      Issue.record("empty note")
    }
    let other = try app.add("Other")
    if case .notFound? = app.error(
      "notes.update", ["id": .int(other), "note": .int(noteIDs[0]), "text": "x"])
    {
    } else {
      Issue.record("another's note")
    }
  }
}

/// The smallest PNG and JPEG signatures with a few bytes after them.
enum PhotoFixtures {
  static let png: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
  ]
  static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46]
}

/// Dates typed in words resolve against the store's clock wherever a date is accepted.
@Suite(.onTestThreads) struct RelativeDateCommandTests {
  @Test(arguments: TestEngine.allCases)
  func captureYesterdayIsTheStartOfYesterdayLocally(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Ann Lee")
    let captured = try app.call("fugitives.capture", ["id": .int(id), "at": "yesterday"])
    let at = try #require(captured["capturedAt"]?.stringValue.flatMap(Timestamp.init(parsing:)))
    let now = app.now.secondsSinceEpoch
    #expect(at.secondsSinceEpoch > now - 2 * 86_400 && at.secondsSinceEpoch <= now - 86_400)
    let seen = try app.call("fugitives.seen", ["id": .int(id), "description": "Elko", "at": "now"])
    #expect(seen["lastSeen"]?["at"] == .string(app.now.iso8601))
  }

  @Test(arguments: TestEngine.allCases)
  func aReportFromAWeekdayNamesThatDay(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let report = try app.call("report.generate", ["format": "json", "from": "3 days ago"])
    let from = try #require(
      report["period"]?["from"]?.stringValue.flatMap(Timestamp.init(parsing:)))
    let now = app.now.secondsSinceEpoch
    #expect(from.secondsSinceEpoch > now - 4 * 86_400 && from.secondsSinceEpoch <= now - 3 * 86_400)
  }
}
