import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

/// `Dispatcher.forEachItem`, what `--format csv|tsv|ndjson` prints: every match, in the page's
/// order and with the page's items (notes and case files included), across the store's batches and
/// past the page cap, on both engines.
@Suite(.onTestThreads) struct StreamedListTests {
  /// Every item `method` hands over with `params`, as the terminal would ask.
  func streamed(_ app: TestApp, _ method: String, _ params: JSONObject) throws -> [JSON] {
    let spec = try #require(app.dispatcher.registry.command(named: method)?.spec)
    let arguments = try spec.arguments(fromJSON: params, front: .terminal)
    var items: [JSON] = []
    try app.dispatcher.forEachItem(spec, arguments, listKey: "items") {
      items.append($0.json)
      return true
    }.get()
    return items
  }

  @Test(arguments: TestEngine.allCases)
  func everyMatchComesAsThePagesHoldIt(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    var csv = "id,name,bounty,captured,capturedAt\n"
    for id in 1...700 {
      let captured = id % 7 == 0
      csv +=
        "\(id),Name \(id % 50) row \(id),\(id % 90).25,\(captured),"
        + (captured ? "2026-10-\(10 + id % 9)T10:00:00Z" : "") + "\n"
    }
    try app.call("data.import", ["content": .string(csv), "format": "csv"])
    for id in [3, 260, 513, 699] {
      try app.call("notes.add", ["id": .int(Int64(id)), "text": .string("note on \(id)")])
      try app.call("aliases.add", ["id": .int(Int64(id)), "name": .string("Alias \(id)")])
    }
    let cases: [(String, JSONObject)] = [
      ("fugitives.list", [:]), ("fugitives.list", ["all": true, "sort": "bounty", "desc": true]),
      ("fugitives.list", ["search": "row 1", "minBounty": "40"]),
      ("fugitives.list", ["all": true, "sort": "id", "offset": 250, "limit": 300]),
      ("captured.list", [:]), ("captured.list", ["search": "name 1"]),
    ]
    for (method, params) in cases {
      var page = params
      if page["limit"] == nil { page["limit"] = 10_000 }
      let expected = try app.call(method, page)
      let items = try streamed(app, method, params)
      #expect(items == expected["items"]?.arrayValue, "\(method) \(params)")
      #expect(.int(Int64(items.count)) == expected["total"] || params["limit"] != nil)
    }
    #expect(try streamed(app, "fugitives.list", ["all": true]).count == 700)
    #expect(
      try streamed(app, "fugitives.list", ["all": true]).contains {
        $0["aliases"] == .array(["Alias 513"]) && $0["notes"]?.arrayValue?.count == 1
      })
    // The caller stops the stream by answering false: nothing more is read.
    let spec = try #require(app.dispatcher.registry.command(named: "fugitives.list")?.spec)
    var seen = 0
    try app.dispatcher.forEachItem(spec, Arguments(), listKey: "items") { _ in
      seen += 1
      return seen < 10
    }.get()
    #expect(seen == 10)
  }
}
