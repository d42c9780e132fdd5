import BountyCore
import Testing

/// A typed answer writes the same JSON text its value tree serializes to, byte for byte, so a
/// `--json` answer and a JSON-RPC result are the same whichever way they are written; the streamed
/// formats read the same members.
@Suite struct AnswerWritingTests {
  static func written(_ answer: some Answer) throws -> String {
    var bytes: [UInt8] = []
    var writer = JSONChunkWriter { piece in
      bytes += piece
      return true
    }
    try answer.writeJSON(to: &writer)
    let whole = writer.finish()
    #expect(whole)
    return String(decoding: bytes, as: UTF8.self)
  }

  static var bare: Fugitive {
    Fugitive(
      id: -7, name: "\"Quote\" \\ O'Brien\u{1}", bounty: Money(minorUnits: 0, currency: .usd),
      description: "", captured: false, capturedAt: nil, captureLocation: nil, lastSeen: nil,
      hasPhoto: false, position: 0, notes: [], createdAt: Timestamp(secondsSinceEpoch: 0),
      updatedAt: Timestamp(secondsSinceEpoch: 1))
  }

  @Test(arguments: ["USD", "JPY", "BHD"])
  func aFugitiveWritesWhatItsTreeSerializesTo(code: String) throws {
    let currency = try #require(Currency.named(code))
    for fugitive in [AnswerReadingTests.everything(in: currency), Self.bare] {
      #expect(try Self.written(fugitive) == fugitive.json.serialized)
    }
  }

  @Test func aFugitiveKeepsTheContractsMemberOrder() throws {
    let keys = AnswerReadingTests.everything(in: .usd).json.objectValue?.keys ?? []
    #expect(
      keys == [
        "id", "name", "bounty", "description", "captured", "capturedAt", "captureLocation",
        "lastSeen", "hasPhoto", "position", "notes", "createdAt", "updatedAt", "bond",
        "descriptors", "aliases", "expenses", "closedAt",
      ])
  }

  @Test func everyMemberReadsAsTheTreeHasIt() throws {
    let fugitive = AnswerReadingTests.everything(in: try #require(Currency.named("BHD")))
    let members = try #require(fugitive.json.objectValue?.members)
    for (key, value) in members { #expect(fugitive.member(key) == value, "\(key)") }
    #expect(fugitive.member("nonsense") == nil)
  }

  @Test func aPageWritesItsRowOnlyWhenOneWasLookedFor() throws {
    let items = [AnswerReadingTests.everything(in: .usd), Self.bare]
    let pages = [
      FugitivePage(items: items, total: 2),
      FugitivePage(items: items, total: 9, row: 4),
      FugitivePage(items: [], total: 0, row: nil, located: true),
    ]
    for page in pages {
      let text = try Self.written(page)
      #expect(text == page.json.serialized)
      #expect(text.contains(#""row":"#) == page.located)
      #expect(try FugitivePage(json: page.json, currency: .usd) == page)
    }
  }

  @Test func aJSONValueWritesItself() throws {
    let value = JSON.object(["a": .array([.int(1), .null, .string("é\n")]), "b": .bool(true)])
    #expect(try Self.written(value) == value.serialized)
    #expect(value.member("b") == .bool(true))
  }
}
