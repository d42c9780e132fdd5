import BountyCore
import BountyStore
import BountyTestSupport
import Foundation
import Testing

/// A big import into an empty roster takes the bulk path (`BulkLoad`): on PostgreSQL, as the
/// tables' owner, with the search, tally and ID# run triggers disabled and their work done once at
/// the end, the plain rows' search entries written by bounty (`PlainSearchText`) and the rows
/// streamed through one COPY; as an agency admin, with every trigger and row policy in force.
/// Afterwards everything must read as if the rows had been added one by one.
@Suite(.onTestThreads) struct AgencyBulkImportTests {
  /// The ID#s of `roster()`: 1 to 300 but 150.
  static let ids = (1...300).filter { $0 != 150 }
  static func isCaptured(_ id: Int) -> Bool { id % 5 < 2 }

  /// 299 rows, over `Importer.bulkLoadBytesIntoEmpty`: plain ASCII names, accented ones, notes, an
  /// alias with a bond (written outside the batch), captures, and no ID# 150.
  static func roster() -> String {
    var items: [String] = []
    for id in ids {
      var fields = [
        #""id":\#(id)"#,
        id % 3 == 0 ? #""name":"Ünïcödé Ñame \#(id)""# : #""name":"Plain NAME \#(id)""#,
        #""bounty":"\#(id).50""#,
        #""description":"\#(id == 42 ? "Counterfeit DOUBLOONS" : "Rum smuggling, wanted in three ports")""#,
      ]
      if isCaptured(id) { fields.append(#""captured":true,"capturedAt":"2026-10-01T12:00:00Z""#) }
      if id == 5 { fields.append(#""notes":[{"text":"Hidden LAIR by the docks"}]"#) }
      if id == 7 { fields.append(#""aliases":["Shadowfax Jones"],"bond":{"court":"Reno"}"#) }
      items.append("{" + fields.joined(separator: ",") + "}")
    }
    return "[" + items.joined(separator: ",\n") + "]"
  }

  static func total(_ app: TestApp, search: String) throws -> JSON? {
    try app.call("fugitives.list", ["search": .string(search), "all": true])["total"]
  }

  /// The tally `serverState` should show for `roster()`.
  static let tally =
    "tally 0:\(ids.filter { !isCaptured($0) }.count) 1:\(ids.filter(isCaptured).count)"

  /// What the triggers keep, as the server holds it: search entries that differ from the view,
  /// the tally, the ID# runs, the disabled triggers and the indexes.
  static func serverState(_ app: TestApp) throws -> [String] {
    let database = app.store.database
    return try database.query(
      """
      SELECT 'stale search entries ' || count(*) FROM (
        (SELECT id, text FROM fugitive_search EXCEPT SELECT id, text FROM fugitive_search_text)
        UNION ALL
        (SELECT id, text FROM fugitive_search_text EXCEPT SELECT id, text FROM fugitive_search)) AS d
      UNION ALL SELECT 'tally ' || string_agg(captured || ':' || count, ' ' ORDER BY captured)
        FROM fugitive_tally
      UNION ALL SELECT 'runs ' || coalesce(string_agg(first || '-' || last, ' ' ORDER BY first), '')
        FROM fugitive_id_run
      UNION ALL SELECT 'disabled ' || count(*) FROM pg_trigger WHERE tgenabled = 'D'
      UNION ALL SELECT 'indexes ' || string_agg(indexname, ' ' ORDER BY indexname) FROM pg_indexes
        WHERE tablename IN ('fugitive', 'fugitive_search')
      """
    ) { $0.text(0) }
  }

  /// What a load must leave on the server: no stale search entry, the tally and ID# runs of the
  /// roster, every trigger enabled, and the indexes of `before` (a `serverState`).
  static func expectLoadedState(
    _ app: TestApp, indexesAsIn before: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let state = try serverState(app)
    #expect(state[0] == "stale search entries 0", sourceLocation: sourceLocation)
    #expect(state[1] == tally, sourceLocation: sourceLocation)
    #expect(state[2] == "runs 1-149 151-300", sourceLocation: sourceLocation)
    #expect(state[3] == "disabled 0", sourceLocation: sourceLocation)
    #expect(state[4] == before[4], sourceLocation: sourceLocation)
  }

  @Test(arguments: TestEngine.allCases)
  func aBigImportIntoAnEmptyRosterReadsAsIfAddedOneByOne(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let before = engine == .postgresql ? try Self.serverState(app) : []
    let result = try app.call("data.import", ["content": .string(Self.roster()), "format": "json"])
    #expect(result["imported"] == .int(Int64(Self.ids.count)))
    let accented = Int64(Self.ids.filter { $0 % 3 == 0 }.count)
    #expect(try Self.total(app, search: "plain name") == .int(Int64(Self.ids.count) - accented))
    #expect(try Self.total(app, search: "ünïcödé") == .int(accented))
    #expect(try Self.total(app, search: "doubloons") == 1)
    #expect(try Self.total(app, search: "lair") == 1)
    #expect(try Self.total(app, search: "shadowfax") == 1)
    if engine == .postgresql { try Self.expectLoadedState(app, indexesAsIn: before) }
    // The ID# runs give the next ID#; the triggers are back for the next change.
    #expect(try app.add("After Import") == Int64(Self.ids.last! + 1))
    #expect(try Self.total(app, search: "after import") == 1)

    try app.call("history.undo")
    try app.call("history.undo")
    #expect(try app.store.fugitiveCount() == 0)
    #expect(try Self.total(app, search: "plain") == 0)
    if engine == .postgresql {
      #expect(try Self.serverState(app) == before)
    }
  }

  /// Into a roster much smaller than the file the owner's load still rebuilds once; a replaced
  /// row (its new alias, its old note) is indexed again, and undo restores it.
  @Test(arguments: TestEngine.allCases)
  func aBigReplacingImportIntoASmallRosterKeepsSearchAndUndo(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    #expect(try app.add("Old Name", id: 7) == 7)
    try app.call("notes.add", ["id": 7, "text": "Old NOTE kept"])
    let before = engine == .postgresql ? try Self.serverState(app) : []
    let result = try app.call(
      "data.import", ["content": .string(Self.roster()), "format": "json", "replace": true])
    #expect(result["imported"] == .int(Int64(Self.ids.count - 1)))
    #expect(result["replaced"] == 1)
    #expect(try Self.total(app, search: "shadowfax") == 1)
    #expect(try Self.total(app, search: "old name") == 0)
    #expect(try Self.total(app, search: "old note") == 1)
    #expect(try Self.total(app, search: "lair") == 1)
    if engine == .postgresql { try Self.expectLoadedState(app, indexesAsIn: before) }
    try app.call("history.undo")
    #expect(try Self.total(app, search: "old name") == 1)
    #expect(try Self.total(app, search: "shadowfax") == 0)
    if engine == .postgresql {
      #expect(try Self.serverState(app) == before)
    }
  }

  /// An agency admin is not the tables' owner: nothing is disabled, the rows go through a
  /// temporary table past the row policies, and the result is the same.
  @Test func anAgencyAdminImportsABigRosterWithEveryTriggerInForce() throws {
    let app = try TestApp(engine: .postgresql)
    let server = try PostgresTestServer.shared
    _ = try app.dispatcher.call("db.initAgency", front: .terminal).get()
    let role = "a_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let url = app.store.path
    _ = try server.psql(url, "CREATE ROLE \(role) LOGIN IN ROLE agency_admin")
    defer { _ = try? server.psql(url, "DROP OWNED BY \(role); DROP ROLE \(role)") }
    let file = app.folder.file("roster.json")
    try Self.roster().write(toFile: file, atomically: true, encoding: .utf8)

    let admin = BinaryRunner(database: try PostgresTestServer.url(url, as: role))
    let outcome = try admin.run(["import", file])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(try server.psql(url, "SELECT count(*) FROM fugitive") == "\(Self.ids.count)")
    #expect(try server.psql(url, "SELECT count(DISTINCT created_by) FROM fugitive") == "1")
    let state = try Self.serverState(app)
    #expect(state[0] == "stale search entries 0")
    #expect(state[1] == Self.tally)
    #expect(state[2] == "runs 1-149 151-300")
    #expect(try Self.total(app, search: "lair") == 1)
  }
}
