import BountyCore
import BountyStore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyApp

/// Import and export carry the case file: nested in JSON, flat columns in CSV; a round trip gives
/// back the same roster, and bad case-file values are refused naming their field.
@Suite(.onTestThreads) struct CaseFileImportExportTests {
  static func caseRoster(_ app: TestApp) throws {
    try app.add("Ann \"Annie\" Lee, Jr.", bounty: "12500.50", id: 3)
    try app.add("Bo Rey", bounty: "90", id: 4)
    try app.add("Plain", id: 5)
    try app.call(
      "fugitives.bond",
      [
        "id": 3, "amount": "50000", "court": "Court, \"B\"", "case": "C-1", "fta": "2026-10-02",
        "forfeiture": "2027-04-05",
      ])
    try app.call("fugitives.bond", ["id": 4, "forfeiture": "2026-12-01"])
    try app.call(
      "fugitives.describe",
      [
        "id": 3, "dob": "1984-03-02", "height": "178 cm", "weight": "180 lb", "eyes": "grey",
        "hair": "red", "marks": "scar; \"rose\" tattoo",
      ])
    try app.call("aliases.add", ["id": 3, "name": "Ann, the Fox"])
    try app.call("aliases.add", ["id": 3, "name": "Zoë"])
    try app.call("expenses.add", ["id": 3, "amount": "0.10", "memo": "Coffee, \"large\""])
    try app.call(
      "expenses.add", ["id": 3, "amount": "125.50", "memo": "Motel", "date": "2026-11-02"])
    try app.call("expenses.add", ["id": 4, "amount": "7", "memo": "=SUM(A1)"])
    try app.call("fugitives.capture", ["id": 4])
    try app.call("fugitives.close", ["id": 4])
  }

  /// The roster as the API shows it, without note and expense ids (a new database numbers them).
  static func roster(_ app: TestApp) throws -> String {
    try app.call("fugitives.list", ["all": true, "sort": "manual"]).serialized
      .replacing(/\{"id":\d+,"date"/) { _ in "{\"date\"" }
  }

  @Test(arguments: ["csv", "json"], TestEngine.allCases)
  func aRoundTripKeepsTheCaseFile(format: String, engine: TestEngine) throws {
    let source = try TestApp(engine: engine)
    try Self.caseRoster(source)
    // CSV comes back as its text; JSON as the roster itself (`fugitives`).
    func export(_ app: TestApp) throws -> String {
      let answer = try app.call("data.export", ["format": .string(format)])
      return answer["content"]?.stringValue ?? answer["fugitives"]?.serialized ?? ""
    }
    let exported = try export(source)
    let target = try TestApp(engine: engine)
    try target.call("data.import", ["content": .string(exported), "format": .string(format)])
    let before = try Self.roster(source)
    #expect(before.contains("\"closedAt\":\"2026-11-30T10:00:00Z\""))
    #expect(before.contains("\"forfeitureDate\":\"2027-04-05\""))
    #expect(try Self.roster(target) == before)
    // Exported again, the file is the same bytes.
    let again = try export(target)
    #expect(
      again.replacing(/"id":\d+,"date"/) { _ in "" }
        == exported.replacing(/"id":\d+,"date"/) { _ in "" })
  }

  @Test(arguments: TestEngine.allCases)
  func csvHasAFlatColumnPerCaseFileField(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try Self.caseRoster(app)
    let csv = try app.call("data.export", ["format": "csv"])["content"]?.stringValue ?? ""
    let header = csv.split(separator: "\r\n").first.map(String.init) ?? ""
    #expect(
      header.hasSuffix(
        "bond,court,caseNumber,ftaDate,forfeitureDate,dob,height,weight,eyes,hair,marks,aliases,expenses,closedAt"
      ))
  }

  @Test(
    arguments: [
      (#"{"id":1,"name":"A","bounty":"1","bond":{"amount":"1.001"}}"#, "bond.amount"),
      (
        #"{"id":1,"name":"A","bounty":"1","bond":{"forfeitureDate":"2026-13-01"}}"#,
        "bond.forfeitureDate"
      ),
      (#"{"id":1,"name":"A","bounty":"1","descriptors":{"dob":"2030-01-01"}}"#, "descriptors.dob"),
      (#"{"id":1,"name":"A","bounty":"1","descriptors":{"height":"tall"}}"#, "descriptors.height"),
      (#"{"id":1,"name":"A","bounty":"1","aliases":[""]}"#, "aliases[0]"),
      (#"{"id":1,"name":"A","bounty":"1","expenses":[{"amount":"1","memo":"m"}]}"#, "expenses[0]"),
      (#"{"id":1,"name":"A","bounty":"1","closedAt":"soon"}"#, "closedAt"),
    ], TestEngine.allCases)
  func aBadCaseFileValueImportsNothing(example: (String, String), engine: TestEngine) throws {
    let (item, field) = example
    let app = try TestApp(engine: engine)
    guard
      case .invalidRows(let named, _, _)? = app.error(
        "data.import", ["content": .string("[\(item)]"), "format": "json"])
    else {
      Issue.record("accepted \(item)")
      return
    }
    #expect(named == field)
    #expect(try app.store.fugitiveCount() == 0)
  }

  @Test(arguments: TestEngine.allCases)
  func aReplacingImportReplacesTheCaseFileWhole(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try Self.caseRoster(app)
    let item =
      #"[{"id":3,"name":"Ann Lee","bounty":"1","aliases":["Nan"],"bond":{"court":"Reno"}}]"#
    try app.call("data.import", ["content": .string(item), "format": "json", "replace": true])
    let ann = try app.call("fugitives.get", ["id": 3])
    #expect(ann["aliases"] == ["Nan"])
    #expect(ann["bond"]?["court"] == "Reno" && ann["bond"]?["amount"] == .null)
    #expect(ann["descriptors"] == .null && ann["expenses"] == [])
    // One undo step brings the old case file back.
    try app.call("history.undo")
    #expect(try app.call("fugitives.get", ["id": 3])["aliases"] == ["Ann, the Fox", "Zoë"])
  }
}
