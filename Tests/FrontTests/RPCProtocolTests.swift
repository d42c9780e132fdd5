import BountyApp
import BountyCore
import BountyTestSupport
import Testing

@testable import RPCFront

/// The JSON-RPC 2.0 specification's own examples (section 7), adapted to bounty's methods, and every
/// error code of docs/contract.md.
@Suite(.onTestThreads) struct RPCProtocolTests {
  let app: TestApp
  let handler: RPCHandler

  init() throws {
    app = try TestApp()
    handler = RPCHandler(dispatcher: app.dispatcher)
    try app.add("Hank Morrow", bounty: "12500", id: 7)
  }

  func answer(_ line: String) -> String? { handler.handle(line: Array(line.utf8)) }

  func parsed(_ line: String) throws -> JSON {
    try JSONParser.parse(try #require(answer(line)))
  }

  @Test func aValidCallEchoesTheID() throws {
    let response = try parsed(
      #"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":7},"id":1}"#)
    #expect(response["jsonrpc"] == "2.0")
    #expect(response["result"]?["name"] == "Hank Morrow")
    #expect(response["id"] == 1)
    #expect(
      try parsed(#"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":7},"id":"abc"}"#)["id"]
        == "abc")
    #expect(
      try parsed(#"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":7},"id":null}"#)["id"]
        == .null)
    #expect(
      try parsed(#"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":7},"id":1.50}"#)["id"]
        == .number("1.50"))
    #expect(
      answer(#"{"jsonrpc":"2.0","method":"settings.list","id":2}"#)?.hasPrefix(
        #"{"jsonrpc":"2.0","result":{"items":"#) == true)
  }

  @Test func aNotificationGetsNoResponseButIsCarriedOut() throws {
    #expect(
      answer(
        #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"name":"Quiet","bounty":"1","id":8}}"#
      ) == nil)
    #expect(try app.store.fugitiveExists(id: 8))
    #expect(answer(#"{"jsonrpc":"2.0","method":"no.such.method"}"#) == nil)
  }

  @Test func anUnknownMethodIs32601() throws {
    let response = try parsed(#"{"jsonrpc":"2.0","method":"foobar","id":"1"}"#)
    #expect(response["error"]?["code"] == -32601)
    #expect(response["id"] == "1")
  }

  @Test func invalidJSONIs32700WithANullID() throws {
    let response = try parsed(#"{"jsonrpc":"2.0","method":"foobar,"params":"bar","baz]"#)
    #expect(response["error"]?["code"] == -32700)
    #expect(response["id"] == .null)
    #expect(try parsed("\u{FF}")["error"]?["code"] == -32700)
    #expect(handler.handle(line: [0x7B, 0xC3, 0x28, 0x7D])?.contains("-32700") == true)
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(try parsed(deep)["error"]?["code"] == -32700)
  }

  @Test(arguments: [
    #"{"jsonrpc":"2.0","method":1,"params":"bar"}"#,
    #"{"jsonrpc":"1.0","method":"fugitives.get","params":{"id":7},"id":1}"#,
    #"{"method":"fugitives.get","params":{"id":7},"id":1}"#,
    #"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":7},"id":{"a":1}}"#,
    #"{"jsonrpc":"2.0","method":"fugitives.get","params":7,"id":1}"#,
    #""just a string""#,
    "42",
  ])
  func anInvalidRequestIs32600(line: String) throws {
    #expect(try parsed(line)["error"]?["code"] == -32600)
  }

  @Test func positionalParamsAre32602() throws {
    let response = try parsed(#"{"jsonrpc":"2.0","method":"fugitives.get","params":[7],"id":3}"#)
    #expect(response["error"]?["code"] == -32602)
    #expect(response["id"] == 3)
  }

  @Test func batches() throws {
    // A batch with invalid JSON: one parse error.
    let broken = try parsed(
      #"[{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":7},"id":"1"},{"jsonrpc":"2.0","method""#
    )
    #expect(broken["error"]?["code"] == -32700)
    // The empty batch: one invalid request, not an array.
    let empty = try parsed("[]")
    #expect(empty["error"]?["code"] == -32600)
    // Invalid members: one error each.
    #expect(try parsed("[1]").arrayValue?.count == 1)
    let three = try parsed("[1,2,3]").arrayValue ?? []
    #expect(three.count == 3 && three.allSatisfy { $0["error"]?["code"] == -32600 })
    // A mixed batch: responses for requests, none for notifications, in order.
    let mixed = try parsed(
      """
      [{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":7},"id":"1"},
       {"jsonrpc":"2.0","method":"fugitives.add","params":{"name":"N","bounty":"1"}},
       {"jsonrpc":"2.0","method":"fugitives.list","params":{},"id":"2"},
       {"foo":"boo"},
       {"jsonrpc":"2.0","method":"foo.get","params":{"name":"myself"},"id":"5"},
       {"jsonrpc":"2.0","method":"fugitives.get","params":{"id":999},"id":"9"}]
      """.replacingOccurrences(of: "\n", with: ""))
    let members = mixed.arrayValue ?? []
    #expect(members.map { $0["id"] ?? "missing" } == ["1", "2", .null, "5", "9"])
    #expect(
      members.map { $0["error"]?["code"] ?? .null } == [.null, .null, -32600, -32601, -32001])
    // All notifications: nothing at all.
    #expect(
      answer(
        #"[{"jsonrpc":"2.0","method":"fugitives.list"},{"jsonrpc":"2.0","method":"settings.list"}]"#
      ) == nil)
  }

  @Test func applicationErrorCodes() throws {
    func code(_ line: String) throws -> JSON? { try parsed(line)["error"]?["code"] }
    #expect(
      try code(#"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":404},"id":1}"#) == -32001)
    #expect(
      try code(
        #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"name":"Dup","bounty":"1","id":7},"id":1}"#
      ) == -32002)
    // A malformed amount is the caller's mistake (-32602); a value the store refuses is -32003.
    let malformed = try parsed(
      #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"name":"X","bounty":"12.345"},"id":1}"#)
    #expect(malformed["error"]?["code"] == -32602)
    #expect(malformed["error"]?["data"]?["field"] == "bounty")
    let refused = try parsed(
      #"{"jsonrpc":"2.0","method":"fugitives.photo","params":{"id":7,"image":"aGVsbG8="},"id":1}"#)
    #expect(refused["error"]?["code"] == -32003)
    #expect(refused["error"]?["data"]?["field"] == "image")
    try app.call("fugitives.update", ["id": 7, "bounty": "12500.50"])
    #expect(
      try code(
        #"{"jsonrpc":"2.0","method":"settings.set","params":{"key":"currency","value":"JPY"},"id":1}"#
      ) == -32004)
    let wrongType = try parsed(
      #"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":"seven"},"id":1}"#)
    #expect(wrongType["error"]?["code"] == -32602)
    #expect(wrongType["error"]?["data"]?["field"] == "id")
    let missing = try parsed(
      #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"bounty":"1"},"id":1}"#)
    #expect(missing["error"]?["code"] == -32602)
    #expect(missing["error"]?["data"]?["field"] == "name")
    let unknown = try parsed(
      #"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":7,"extra":1},"id":1}"#)
    #expect(unknown["error"]?["data"]?["field"] == "extra")
    // A terminal-only option is not a JSON-RPC param.
    #expect(
      try code(
        #"{"jsonrpc":"2.0","method":"fugitives.photo","params":{"id":7,"export":"/tmp/x"},"id":1}"#)
        == -32602)
  }

  @Test func bountiesAreReadFromTheirDigits() throws {
    func add(_ bounty: String) throws -> JSON {
      try parsed(
        #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"name":"N","bounty":\#(bounty)},"id":1}"#
      )
    }
    #expect(try add("0.1")["result"]?["bounty"] == "0.10")
    #expect(try add("12345678901234.99")["result"]?["bounty"] == "12345678901234.99")
    #expect(try add("92233720368547758.07")["result"]?["bounty"] == "92233720368547758.07")
    for bad in ["1e400", "0.001", "-1", "1E2", "92233720368547758.08"] {
      let response = try add(bad)
      #expect(response["error"]?["code"] == -32602, "\(bad)")
      #expect(response["error"]?["data"]?["field"] == "bounty")
    }
  }

  @Test func discoverDescribesEveryMethod() throws {
    let document = try parsed(#"{"jsonrpc":"2.0","method":"rpc.discover","id":1}"#)["result"]
    #expect(document?["openrpc"] == "1.3.2")
    let methods = document?["methods"]?.arrayValue ?? []
    let add = try #require(methods.first { $0["name"] == "fugitives.add" })
    let params = add["params"]?.arrayValue ?? []
    #expect(
      params.compactMap { $0["name"]?.stringValue } == ["name", "id", "bounty", "description"])
    #expect(params.first?["required"] == true)
    #expect(params.first?["schema"]?["type"] == "string")
    #expect(add["errors"]?.arrayValue?.isEmpty == false)
    #expect(!methods.contains { $0["name"] == "db.backup" })
  }
}
