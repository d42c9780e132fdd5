import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

@Suite(.onTestThreads) struct ImportExportTests {
  static let awkward = [
    "Quote \"Q\" O'Neil", "Comma, Jr.", "Line\nbreak", "Ünïcödé 王伟 🦊", "=1+2", "  spaced  ",
    "tab\there", "back\\slash",
  ]

  /// A roster with text every format finds awkward, notes, captures, sightings and a photo.
  static func awkwardRoster(_ app: TestApp) throws {
    for (index, name) in awkward.enumerated() {
      let id = Int64(index + 1)
      try app.call(
        "fugitives.add",
        [
          "id": .int(id), "name": .string(name), "bounty": .string("\(index * 1000).5\(index)"),
          "description": .string("desc, \"\(name)\"\n2nd line"),
        ])
      try app.call("notes.add", ["id": .int(id), "text": .string("note for \(name)")])
    }
    try app.call(
      "fugitives.capture",
      ["id": 2, "at": "2026-10-01T12:00:00Z", "lat": .number("36.17"), "lon": .number("-115.14")])
    try app.call(
      "fugitives.seen",
      [
        "id": 3, "lat": .number("-33.8688"), "lon": .number("151.2093"), "description": "Bondi",
        "at": "2026-11-01T00:00:00Z",
      ])
    try app.call(
      "fugitives.photo",
      ["id": 4, "image": .string(Base64.encode([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]))])
    try app.call("fugitives.move", ["id": 8, "to": 1])
  }

  /// The roster as the API shows it, without note ids (a new database numbers notes afresh), and
  /// the photos' bytes.
  static func roster(_ app: TestApp) throws -> (list: String, photos: [String]) {
    let list = try app.call("fugitives.list", ["all": true, "sort": "manual"]).serialized
      .replacing(/"notes":\[\{"id":\d+,/) { _ in "\"notes\":[{" }
    let photos = try app.store.database.query(
      "SELECT fugitive_id, bytes FROM photo ORDER BY fugitive_id"
    ) { "\($0.int(0)) \($0.blob(1))" }
    return (list, photos)
  }

  @Test(arguments: ["csv", "json"], TestEngine.allCases)
  func exportThenImportGivesBackTheSameRoster(format: String, engine: TestEngine) throws {
    let source = try TestApp(engine: engine)
    try Self.awkwardRoster(source)
    let reply = try source.call("data.export", ["format": .string(format)])
    // JSON comes back as values (`fugitives`), CSV as its text (`content`).
    let exported = reply["content"]?.stringValue ?? reply["fugitives"]?.serialized ?? ""
    let target = try TestApp(engine: engine)
    let result = try target.call(
      "data.import", ["content": .string(exported), "format": .string(format)])
    #expect(result["imported"] == .int(Self.awkward.count))
    let before = try Self.roster(source)
    let after = try Self.roster(target)
    if format == "json" {
      #expect(after.list == before.list)
      #expect(after.photos == before.photos && after.photos.count == 1)
    } else {
      // CSV has no photo column: everything but the photo comes back.
      #expect(
        after.list
          == before.list.replacingOccurrences(of: "\"hasPhoto\":true", with: "\"hasPhoto\":false"))
      #expect(after.photos.isEmpty)
    }
  }

  @Test(arguments: TestEngine.allCases)
  func aBadLastRowImportsNothing(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let csv = "id,name,bounty\n1,First,10\n2,Second,20\n3,Third,1.001\n"
    guard
      case .invalidRows(let field, let count, let details)? = app.error(
        "data.import", ["content": .string(csv), "format": "csv"])
    else {
      Issue.record("the import was accepted")
      return
    }
    #expect(field == "bounty" && count == 1)
    #expect(details == ["line 4, bounty: '1.001' has more decimals than USD allows (2)"])
    #expect(try app.store.fugitiveCount() == 0)
    #expect(try app.call("history.list")["undo"]?.arrayValue?.isEmpty == true)
  }

  /// Ctrl-C seen between rows (the check every 1,024 rows, not a statement SQLite interrupts) stops
  /// the import as interrupted: never counted as a bad row, which turned it into "1 row is invalid"
  /// and exit status 1.
  @Test(arguments: ["csv", "json"], TestEngine.allCases)
  func anInterruptionBetweenRowsIsNeverABadRow(format: String, engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("Kept", bounty: "1", id: 99_999)
    let rows = (1...3_000).map { (id: $0, name: "Name \($0)", bounty: "\($0).50") }
    let content =
      format == "csv"
      ? "id,name,bounty\n" + rows.map { "\($0.id),\($0.name),\($0.bounty)\n" }.joined()
      : "["
        + rows.map { #"{"id":\#($0.id),"name":"\#($0.name)","bounty":"\#($0.bounty)"}"# }
        .joined(separator: ",") + "]"
    var checks = 0
    app.store.isCancelled = {
      checks += 1
      return checks >= 2
    }
    let error = app.error("data.import", ["content": .string(content), "format": .string(format)])
    #expect(error == .interrupted, "\(String(describing: error))")
    #expect(checks == 2)
    app.store.isCancelled = { false }
    #expect(try app.store.fugitiveCount() == 1)
  }

  /// A command asked to stop before it began (Ctrl-C while the shell looked up its confirmation
  /// question) does not run: a short delete would otherwise commit before any check saw it.
  @Test(arguments: TestEngine.allCases)
  func aCommandAskedToStopBeforeItBeginsChangesNothing(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Kept", bounty: "1")
    app.store.isCancelled = { true }
    #expect(app.error("fugitives.delete", ["id": .int(id)]) == .interrupted)
    app.store.isCancelled = { false }
    #expect(try app.store.fugitiveCount() == 1)
    // A value seen is only compared, never stored: one that is blank is simply not the name now.
    guard
      case .conflict? = app.error(
        "fugitives.update", ["id": .int(id), "name": "New", "wasName": "\u{A0}"])
    else {
      Issue.record("a blank wasName was not a conflict")
      return
    }
  }

  @Test(arguments: TestEngine.allCases)
  func errorsNameTheLineAndFieldForTheFirstTwentyRows(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    var csv = "id,name,bounty,description\n"
    csv += "1,\"Multi\nline name\",5,ok\n"  // lines 2-3
    for index in 0..<30 { csv += "\(index + 10),Name \(index),-\(index),x\n" }  // lines 4-33
    guard
      case .invalidRows(_, let count, let details)? = app.error(
        "data.import", ["content": .string(csv), "format": "csv"])
    else {
      Issue.record("accepted")
      return
    }
    #expect(count == 30)
    #expect(details.count == 20)
    #expect(details.first == "line 4, bounty: '-0' is negative; amounts must be 0 or more")
    #expect(details.last?.hasPrefix("line 23, bounty:") == true)
    let json =
      #"[{"id":1,"name":"A","bounty":"1"},{"id":2,"name":"","bounty":"1"},{"id":1,"name":"Dup","bounty":"2"}]"#
    guard
      case .invalidRows(_, 2, let jsonDetails)? = app.error(
        "data.import", ["content": .string(json), "format": "json"])
    else {
      Issue.record("json accepted")
      return
    }
    #expect(
      jsonDetails == [
        "item 1, name: must be text of 1 to 200 characters",
        "item 2, id: ID# 1 appears earlier in the file",
      ])
  }

  /// A repeated ID# is found by the database (the primary key, as the rows go in), not by a set of
  /// every ID# read, and reported at the line that repeats it: into an empty roster, into one that
  /// has rows (a repeat of a row the roster had, replaced or not, too), after a bad row, and for an
  /// ID# an earlier row without one was given.
  @Test(arguments: TestEngine.allCases)
  func repeatedIDsAreReportedAtTheirLine(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    func details(_ csv: String, replace: Bool = false) throws -> [String] {
      var params: JSONObject = ["content": .string(csv), "format": "csv"]
      if replace { params["replace"] = true }
      guard case .invalidRows(_, _, let details)? = app.error("data.import", params) else {
        Issue.record("accepted: \(csv)")
        return []
      }
      return details
    }
    #expect(
      try details("id,name,bounty\n1,A,1\n2,B,1\n1,C,1\n3,D,-1\n2,E,1\n") == [
        "line 4, id: ID# 1 appears earlier in the file",
        "line 5, bounty: '-1' is negative; amounts must be 0 or more",
        "line 6, id: ID# 2 appears earlier in the file",
      ])
    #expect(
      try details("id,name,bounty\n,A,1\n1,B,1\n") == [
        "line 3, id: ID# 1 appears earlier in the file"
      ])
    #expect(try app.store.fugitiveCount() == 0)
    try app.add("Kept", bounty: "10", id: 5)
    #expect(
      try details("id,name,bounty\n5,A,1\n6,B,1\n6,C,1\n5,D,1\n", replace: true) == [
        "line 4, id: ID# 6 appears earlier in the file",
        "line 5, id: ID# 5 appears earlier in the file",
      ])
    #expect(
      try details("id,name,bounty\n5,A,1\n5,D,1\n") == [
        "id: ID# 5 already exists (--replace overwrites)",
        "line 3, id: ID# 5 appears earlier in the file",
      ])
    #expect(try app.call("fugitives.get", ["id": 5])["name"] == "Kept")
    #expect(try app.store.fugitiveCount() == 1)
  }

  @Test(arguments: TestEngine.allCases)
  func existingIDsNeedReplace(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("Original", bounty: "10", id: 5)
    try app.call("notes.add", ["id": 5, "text": "old note"])
    try app.add("Other", bounty: "1", id: 6)
    let csv = "id,name,bounty\n5,Replacement,99\n7,New,1\n"
    guard
      case .invalidRows(_, 1, let details)? = app.error(
        "data.import", ["content": .string(csv), "format": "csv"])
    else {
      Issue.record("overwrote without --replace")
      return
    }
    #expect(details.first?.contains("already exists") == true)
    let result = try app.call(
      "data.import", ["content": .string(csv), "format": "csv", "replace": true])
    #expect(result == .object(["imported": 1, "replaced": 1]))
    let replaced = try app.call("fugitives.get", ["id": 5])
    #expect(replaced["name"] == "Replacement" && replaced["bounty"] == "99.00")
    // The file has no notes column: the notes are kept.
    #expect(replaced["notes"]?.arrayValue?.count == 1)
    #expect(replaced["position"] == 1)
    // The whole import is one undo step.
    try app.call("history.undo")
    #expect(try app.call("fugitives.get", ["id": 5])["name"] == "Original")
    #expect(try !app.store.fugitiveExists(id: 7))
  }

  @Test(
    arguments: [
      ("", "file"), ("name,bounty", "file"), ("id,name\n1,A\n", "header"),
      ("id,name,bounty,colour\n", "header"),
      ("name,bounty\n\"unterminated,5\n", "file"), ("name,bounty\nA,1,extra\n", "row"),
    ], TestEngine.allCases)
  func malformedCSVIsRefused(example: (String, String), engine: TestEngine) throws {
    let (csv, field) = example
    let app = try TestApp(engine: engine)
    let error = app.error("data.import", ["content": .string(csv), "format": "csv"])
    switch error {
    case .invalid(let named, _)?: #expect(named == field, "\(String(describing: error))")
    case .invalidRows(let named, _, _)?: #expect(named == field, "\(String(describing: error))")
    default: if csv != "name,bounty" { Issue.record("accepted \(csv)") }
    }
    #expect(try app.store.fugitiveCount() == 0)
  }

  @Test(arguments: TestEngine.allCases)
  func csvWithoutIDsGetsTheNextFreeOnes(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("Existing", id: 10)
    let result = try app.call(
      "data.import", ["content": "name,bounty\nA,1\nB,2\n", "format": "csv"])
    #expect(result["imported"] == 2)
    #expect(TestApp.ids(try app.call("fugitives.list", ["sort": "id"])) == [10, 11, 12])
  }
}
