import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import RPCFront

/// A program author can validate every reply against what `rpc.discover` publishes: every method
/// runs on the sample roster through the JSON-RPC handler, and a real JSON Schema validator
/// (Python's `jsonschema`, installed by .ci/run) checks each result against the method's schema.
@Suite(.onTestThreads) struct ResultSchemaTests {
  /// Calls covering every JSON-RPC method, and each shape a method can answer.
  static let calls: [(String, String)] = [
    ("sample.load", "{}"),
    ("fugitives.list", #"{"sort":"bounty","desc":true,"limit":3}"#),
    ("fugitives.list", #"{"all":true}"#),
    ("fugitives.get", #"{"id":57750}"#),
    ("fugitives.add", #"{"id":100001,"name":"Cass Delgado","bounty":"$12,500.50"}"#),
    ("fugitives.update", #"{"id":100001,"bounty":13000}"#),
    ("fugitives.move", #"{"id":100001,"to":1}"#),
    ("fugitives.capture", #"{"id":100001,"at":"yesterday","lat":36.17,"lon":-115.14}"#),
    ("captured.list", #"{"limit":2}"#),
    ("captured.get", #"{"id":100001}"#),
    ("captured.release", #"{"id":100001}"#),
    ("fugitives.seen", #"{"id":100001,"lat":40.7128,"lon":-74.006,"description":"Penn Station"}"#),
    ("fugitives.photo", #"{"id":100001,"image":"iVBORw0KGgo="}"#),
    ("fugitives.photo", #"{"id":100001}"#),
    ("fugitives.photo", #"{"id":100001,"clear":true}"#),
    ("notes.add", #"{"id":100001,"text":"Drives a green pickup"}"#),
    ("notes.list", #"{"id":100001}"#),
    ("notes.update", #"{"id":100001,"note":"NOTE","text":"Drives a green Ford pickup"}"#),
    ("notes.move", #"{"id":100001,"note":"NOTE","to":1}"#),
    ("notes.delete", #"{"id":100001,"note":"NOTE"}"#),
    (
      "fugitives.bond",
      #"{"id":100001,"amount":"50000","court":"Clark County District Court","case":"C-26-4011","fta":"3 days ago","forfeiture":"yesterday"}"#
    ),
    ("fugitives.bond", #"{"id":48445,"amount":25000,"forfeiture":"today"}"#),
    (
      "fugitives.describe",
      #"{"id":100001,"dob":"1988-02-29","height":"5'10\"","weight":"82 kg","eyes":"brown"}"#
    ),
    ("aliases.add", #"{"id":100001,"name":"Cassie D."}"#),
    ("aliases.add", #"{"id":100001,"name":"C. Delgado"}"#),
    ("aliases.delete", #"{"id":100001,"name":"C. Delgado"}"#),
    (
      "expenses.add",
      #"{"id":100001,"amount":"120.50","memo":"Motel, two nights","date":"yesterday"}"#
    ),
    ("expenses.update", #"{"id":100001,"expense":"EXPENSE","amount":"130.50"}"#),
    ("expenses.add", #"{"id":100001,"amount":"45","memo":"Fuel"}"#),
    ("expenses.move", #"{"id":100001,"expense":"EXPENSE","to":1}"#),
    ("expenses.delete", #"{"id":100001,"expense":"EXPENSE"}"#),
    ("expenses.split", #"{"amount":"300","memo":"Skip trace","ids":[100001,48445],"by":"bond"}"#),
    ("expenses.list", #"{"id":100001}"#),
    ("fugitives.deadlines", #"{"within":30}"#),
    ("fugitives.deadlines", "{}"),
    ("expenses.add", #"{"id":57750,"amount":"9000","memo":"Extradition flights"}"#),
    ("fugitives.close", #"{"id":57750}"#),
    ("fugitives.reopen", #"{"id":57750}"#),
    ("fugitives.delete", #"{"id":100001}"#),
    ("history.list", "{}"),
    ("history.undo", "{}"),
    ("history.redo", "{}"),
    ("settings.list", "{}"),
    ("settings.get", #"{"key":"commission.rate"}"#),
    ("settings.set", #"{"key":"hunter.name","value":"Dana Reyes"}"#),
    ("settings.reset", #"{"key":"hunter.name"}"#),
    ("report.generate", #"{"format":"json"}"#),
    ("report.generate", #"{"format":"csv","from":"2026-10-01","to":"today"}"#),
    ("dossier.generate", #"{"id":57750,"format":"markdown"}"#),
    ("data.export", #"{"format":"json"}"#),
    ("data.export", #"{"format":"csv"}"#),
    ("data.import", #"{"content":"id,name,bounty\n900001,Ann Lee,100","format":"csv"}"#),
    ("db.info", "{}"),
    ("rpc.discover", "{}"),
  ]

  /// The methods whose result lists a new item last: its id replaces a placeholder (`"NOTE"`,
  /// `"EXPENSE"`) in the calls after it.
  static let idsToCapture = [
    "notes.add": ("NOTE", "notes"), "expenses.add": ("EXPENSE", "expenses"),
  ]

  /// The results of `calls` on a fresh sample roster, and the document `rpc.discover` publishes.
  static func run() throws -> (document: JSON, replies: [JSON]) {
    let app = try TestApp()
    let handler = RPCHandler(dispatcher: app.dispatcher)
    var replies: [JSON] = []
    var capturedIDs: [String: String] = [:]
    for (index, (method, params)) in calls.enumerated() {
      let given = capturedIDs.reduce(params) {
        $0.replacingOccurrences(of: "\"\($1.key)\"", with: $1.value)
      }
      let request = #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(given),"id":\#(index)}"#
      let response = try JSONParser.parse(handler.handle(line: Array(request.utf8)) ?? "")
      let result = try #require(response["result"], "\(method) \(given): \(response.serialized)")
      if let (placeholder, list) = idsToCapture[method],
        case .number(let id)? = result[list]?.arrayValue?.last?["id"]
      {
        capturedIDs[placeholder] = id
      }
      replies.append(.object(["method": .string(method), "result": result]))
    }
    return (try app.call("rpc.discover"), replies)
  }

  /// Validates each reply against its method's published result schema with `jsonschema`
  /// (draft 2020-12, formats checked); prints one line per failure.
  static let validator = """
    import json, sys
    from jsonschema import Draft202012Validator
    document, replies = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
    schemas = {m["name"]: m["result"]["schema"] for m in document["methods"]}
    failures = 0
    for reply in replies:
        root = {"components": document["components"], "allOf": [schemas[reply["method"]]]}
        Draft202012Validator.check_schema(root)
        validator = Draft202012Validator(root, format_checker=Draft202012Validator.FORMAT_CHECKER)
        for error in validator.iter_errors(reply["result"]):
            failures += 1
            print(reply["method"], list(error.absolute_path), error.message[:300])
    print("validated", len(replies), "replies;", failures, "failures")
    sys.exit(1 if failures else 0)
    """

  /// Runs the validator over `replies`: its exit status and what it printed.
  static func validate(_ document: JSON, _ replies: [JSON]) throws -> (Int32, String) {
    let folder = try TemporaryFolder()
    let documentFile = folder.file("openrpc.json")
    let repliesFile = folder.file("replies.json")
    let scriptFile = folder.file("validate.py")
    try document.serialized.write(toFile: documentFile, atomically: true, encoding: .utf8)
    try JSON.array(replies).serialized.write(toFile: repliesFile, atomically: true, encoding: .utf8)
    try validator.write(toFile: scriptFile, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [scriptFile, documentFile, repliesFile]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  @Test func everyReplyMatchesThePublishedSchema() throws {
    let (document, replies) = try Self.run()
    let (status, output) = try Self.validate(document, replies)
    #expect(status == 0, "\(output)")
    #expect(output.contains("validated \(replies.count) replies; 0 failures"), "\(output)")
  }

  @Test func theCallsReachTheCaseFileShapes() throws {
    let replies = try Self.run().replies
    func results(_ method: String) -> [JSON] {
      replies.filter { $0["method"]?.stringValue == method }.compactMap { $0["result"] }
    }
    let report = try #require(results("report.generate").first { $0["deadlines"] != nil })
    #expect(report["deadlines"]?["lines"]?.arrayValue?.isEmpty == false)
    let nets = (report["lines"]?.arrayValue ?? []).compactMap { $0["net"]?.stringValue }
    #expect(nets.contains { $0.hasPrefix("-") }, "no captured line nets below zero")
    let overdue = results("fugitives.deadlines").flatMap { $0["items"]?.arrayValue ?? [] }
    #expect(overdue.contains { $0["bond"]?["daysLeft"] == .int(-1) })
    let described = results("fugitives.describe").first
    #expect(described?["descriptors"]?["height"] == "5 ft 10 in")
    #expect(results("expenses.list").first?["expenses"]?.arrayValue?.count == 2)
    #expect(results("fugitives.close").first?["closedAt"]?.stringValue != nil)
  }

  @Test func aReplyOfTheWrongShapeFails() throws {
    let app = try TestApp()
    var fugitive =
      try app.call("fugitives.add", ["name": "Ann Lee", "bounty": "5"]).objectValue ?? [:]
    fugitive["bounty"] = .number("5")
    fugitive["nickname"] = "Annie"
    let reply: JSON = .object(["method": "fugitives.get", "result": .object(fugitive)])
    let (status, output) = try Self.validate(try app.call("rpc.discover"), [reply])
    #expect(status == 1)
    #expect(output.contains("2 failures"), "\(output)")
  }

  @Test func everyMethodIsCalledAndDeclaresItsResult() throws {
    let document = try TestApp().call("rpc.discover")
    let methods = document["methods"]?.arrayValue ?? []
    let called = Set(Self.calls.map(\.0))
    #expect(methods.count > 20)
    for method in methods {
      let name = method["name"]?.stringValue ?? ""
      #expect(called.contains(name), "\(name) is not validated")
      #expect(method["result"]?["schema"] != .object([:]), "\(name) declares no result schema")
    }
    #expect(document["components"]?["schemas"]?["Fugitive"] != nil)
  }

  @Test func bigIntegerBoundsKeepTheirDigits() throws {
    let text = try TestApp().call("rpc.discover").serialized
    #expect(text.contains(#""maximum":9223372036854775807"#))
    #expect(!text.contains("9223372036854776000"))
  }
}
