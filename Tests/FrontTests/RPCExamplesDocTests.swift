import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import RPCFront

/// docs/json-rpc.md shows one real request and response per method. They are produced here, on the
/// sample roster with a fixed clock, so the document cannot drift from the program.
@Suite(.onTestThreads) struct RPCExamplesDocTests {
  static let examples: [(String, String)] = [
    ("fugitives.list", #"{"sort":"bounty","desc":true,"limit":2}"#),
    ("fugitives.get", #"{"id":57750}"#),
    (
      "fugitives.add",
      #"{"name":"Dana Whitaker","bounty":"12500.50","description":"Parole violator"}"#
    ),
    ("fugitives.add", #"{"id":100001,"name":"Cass Delgado","bounty":12500}"#),
    ("fugitives.update", #"{"id":100001,"bounty":13000}"#),
    ("fugitives.move", #"{"id":100001,"to":1}"#),
    ("fugitives.capture", #"{"id":100001,"at":"2026-11-30T10:00:00Z","lat":36.17,"lon":-115.14}"#),
    ("captured.list", #"{"limit":1}"#),
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
    ("fugitives.delete", #"{"id":100001}"#),
    ("history.list", "{}"),
    ("history.undo", "{}"),
    ("history.redo", "{}"),
    ("settings.list", "{}"),
    ("settings.get", #"{"key":"commission.rate"}"#),
    ("settings.set", #"{"key":"rounding","value":"half-up"}"#),
    ("settings.reset", #"{"key":"rounding"}"#),
    ("sample.load", "{}"),
    ("db.info", "{}"),
    ("fugitives.get", #"{"id":404}"#),
    ("fugitives.add", #"{"name":"Too Precise","bounty":"1.005"}"#),
  ]

  static func generate() throws -> String {
    let app = try TestApp()
    try app.call("sample.load")
    let handler = RPCHandler(dispatcher: app.dispatcher)
    var text = ""
    var noteID = ""
    for (index, (method, params)) in examples.enumerated() {
      let request =
        #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params.replacingOccurrences(of: "\"NOTE\"", with: noteID)),"id":\#(index + 1)}"#
      var response = handler.handle(line: Array(request.utf8)) ?? ""
      if method == "notes.add", let parsed = try? JSONParser.parse(response),
        case .number(let id)? = parsed["result"]?["notes"]?.arrayValue?.last?["id"]
      {
        noteID = id
      }
      // The database lives in a temporary folder; show where it would be for a hunter.
      response = response.replacingOccurrences(
        of: app.folder.path, with: "/home/hunter/.local/share/bounty")
      if method == "settings.list" {
        response = String(response.prefix(300)) + " …"
      }
      text += "### `\(method)`\n\n```json\n\(request)\n\(response)\n```\n\n"
    }
    return text
  }

  @Test func examplesAreCurrent() throws {
    let url = GeneratedFile.root.appending(path: "docs/json-rpc.md")
    let document = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- examples:begin -->\n"
    let end = "<!-- examples:end -->"
    let start = try #require(document.range(of: begin))
    let stop = try #require(document.range(of: end))
    let regenerated =
      document[..<start.upperBound] + "\n" + (try Self.generate()) + document[stop.lowerBound...]
    #expect(
      GeneratedFile.staleness("docs/json-rpc.md", String(regenerated)) == nil,
      "stale: run scripts/update-generated")
  }
}
