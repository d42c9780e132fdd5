import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

@Suite(.onTestThreads) struct SettingsCommandTests {
  @Test(arguments: TestEngine.allCases)
  func listsEveryKeyWithDefaults(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let items = try app.call("settings.list")["items"]?.arrayValue ?? []
    #expect(items.compactMap { $0["key"]?.stringValue } == SettingKey.allCases.map(\.rawValue))
    #expect(try app.call("settings.get", ["key": "commission.rate"])["value"] == .string("10"))
    #expect(try app.call("settings.get", ["key": "confirm.delete"])["value"] == .bool(true))
  }

  @Test(
    arguments: [
      ("rounding", JSON.string("half-up"), JSON.string("half-up")),
      ("commission.rate", .string("12.50"), .string("12.5")),
      ("commission.rate", .number("33.333"), .string("33.333")),
      ("hunter.name", .string("  Dana Reyes "), .string("Dana Reyes")),
      ("confirm.delete", .bool(false), .bool(false)),
      ("history.limit", .number("5"), .number("5")),
      ("captured.sort", .string("BOUNTY"), .string("bounty")),
      ("color", .string("never"), .string("never")),
      ("currency", .string("eur"), .string("EUR")),
    ], TestEngine.allCases)
  func setsTypedValues(example: (String, JSON, JSON), engine: TestEngine) throws {
    let (key, value, stored) = example
    let app = try TestApp(engine: engine)
    #expect(try app.call("settings.set", ["key": .string(key), "value": value])["value"] == stored)
    #expect(try app.call("settings.get", ["key": .string(key)])["value"] == stored)
    let reset = try app.call("settings.reset", ["key": .string(key)])
    #expect(reset["isDefault"] == .bool(true))
  }

  @Test(
    arguments: [
      ("rounding", JSON.string("up")), ("commission.rate", .string("101")),
      ("commission.rate", .string("-1")), ("commission.rate", .string("ten")),
      ("currency", .string("XYZ")), ("history.limit", .number("0")),
      ("confirm.delete", .string("maybe")),
      ("fugitives.sort", .string("height")), ("hunter.name", .array([])),
    ], TestEngine.allCases)
  func refusesBadValuesNamingTheKey(example: (String, JSON), engine: TestEngine) throws {
    let (key, value) = example
    let app = try TestApp(engine: engine)
    guard
      case .invalid(let field, _)? = app.error(
        "settings.set", ["key": .string(key), "value": value])
    else {
      Issue.record("accepted \(key)=\(value)")
      return
    }
    #expect(field == key)
  }

  @Test(arguments: TestEngine.allCases)
  func unknownKeysAreInvalid(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    if case .invalidParameter(let f, _)? = app.error("settings.get", ["key": "nope"]) {
      #expect(f == "key")
    } else {
      Issue.record("nope")
    }
    if case .invalidParameter(let f, _)? = app.error("settings.set", ["key": "rounding"]) {
      #expect(f == "value")
    } else {
      Issue.record("no value")
    }
  }

  @Test(arguments: TestEngine.allCases)
  func currencyChangesKeepValuesAndRefuseToDropDigits(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Cents", bounty: "12500.50")
    guard case .refused? = app.error("settings.set", ["key": "currency", "value": "JPY"]) else {
      Issue.record("dropping cents was allowed")
      return
    }
    #expect(try app.call("fugitives.get", ["id": .int(id)])["bounty"] == .string("12500.50"))
    try app.call("settings.set", ["key": "currency", "value": "BHD"])
    #expect(try app.call("fugitives.get", ["id": .int(id)])["bounty"] == .string("12500.500"))
    try app.call("fugitives.update", ["id": .int(id), "bounty": "12500"])
    try app.call("settings.set", ["key": "currency", "value": "JPY"])
    #expect(try app.call("fugitives.get", ["id": .int(id)])["bounty"] == .string("12500"))
    try app.call("history.undo")
    #expect(try app.call("fugitives.get", ["id": .int(id)])["bounty"] == .string("12500.000"))
    #expect(try app.call("settings.get", ["key": "currency"])["value"] == .string("BHD"))
  }
}
