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

  @Test func settingsWriteTheirValuesTypedByKey() throws {
    let settings = ItemList([
      Setting(key: .confirmDelete, value: "false", file: "/home/ada/.config/bounty/config"),
      Setting(key: .historyLimit, value: "200"),
      Setting(key: .hunterName, value: "", file: "/ignored/for/a/roster/setting"),
    ])
    let text = try Self.written(settings)
    #expect(text == settings.json.serialized)
    #expect(
      text.hasPrefix(
        #"{"items":[{"key":"confirm.delete","value":false,"default":true,"isDefault":false,"#
          + #""help":"Ask before deleting in the shell","scope":"personal","#
          + #""file":"/home/ada/.config/bounty/config"},{"key":"history.limit","value":200,"#))
    #expect(text.hasSuffix(#""scope":"roster"}],"total":3}"#))
    #expect(settings.items[1].isDefault && !settings.items[0].isDefault)
    #expect(settings.items[2].file == nil && settings.items[2].shownValue == "(not set)")
    #expect(settings.items[0].member("value") == .bool(false))
    #expect(settings.items[0].member("nonsense") == nil)
  }

  @Test func historyWritesBothStacksNewestFirst() throws {
    let steps = [
      HistoryStep(
        id: 9, label: "fugitives edit 7", createdAt: Timestamp(secondsSinceEpoch: 60), stack: "redo"
      ),
      HistoryStep(
        id: 8, label: "settings set \"x\"", createdAt: Timestamp(secondsSinceEpoch: 0),
        stack: "undo", hunter: "Ada"),
      HistoryStep(
        id: 4, label: "fugitives add", createdAt: Timestamp(secondsSinceEpoch: 0), stack: "undo"),
    ]
    let history = History(steps)
    #expect(history.undo.map(\.id) == [8, 4] && history.redo.map(\.id) == [9])
    let text = try Self.written(history)
    #expect(text == history.json.serialized)
    #expect(text.contains(#""label":"settings set \"x\"","createdAt":"1970-01-01T00:00:00Z","#))
    #expect(text.contains(#""stack":"undo","hunter":"Ada"}"#))
    #expect(try Self.written(History([])) == #"{"undo":[],"redo":[]}"#)
  }

  @Test func aDocumentPassesJSONTextOnAsTheValueItIs() throws {
    let text = "{\"a\":[1,\n2.50,\"x\\ny\"],\n\"b\":null}\n"
    let report = Document.json(format: "json", member: nil, text: text)
    #expect(try Self.written(report) == #"{"a":[1,2.50,"x\ny"],"b":null}"#)
    #expect(try Self.written(report) == report.json.serialized)
    let export = Document.json(format: "json", member: "fugitives", text: "[\n{\"id\":1}\n]")
    #expect(try Self.written(export) == #"{"format":"json","fugitives":[{"id":1}]}"#)
    #expect(try Self.written(export) == export.json.serialized)
    let documents: [Document] = [
      .text(format: "csv", member: "content", text: "id,name\n1,\"Ada\"\n"),
      .written(format: "html", output: "/tmp/r.html", bytes: 1234),
      .written(format: "text", output: nil, bytes: 0),
    ]
    for document in documents {
      #expect(try Self.written(document) == document.json.serialized)
    }
    #expect(
      documents[1].json
        == .object(["format": "html", "output": "/tmp/r.html", "bytes": .int(1234)]))
  }

  @Test func caseNotesAndExpensesWriteTheirListsInOrder() throws {
    let notes = NoteList(
      id: 7,
      notes: [
        Note(
          id: 2, fugitiveID: 7, text: "Seen at \"the Dunes\"",
          createdAt: .init(secondsSinceEpoch: 0))
      ])
    #expect(try Self.written(notes) == notes.json.serialized)
    #expect(
      try Self.written(notes)
        == #"{"id":7,"notes":[{"id":2,"text":"Seen at \"the Dunes\"","createdAt":"1970-01-01T00:00:00Z"}]}"#
    )
    let yen = try #require(Currency.named("JPY"))
    let expense = Expense(
      id: 3, fugitiveID: 7, date: try #require(CalendarDate(parsing: "2026-11-30")),
      amount: Money(minorUnits: 1500, currency: yen), memo: "Bus fare")
    let ledger = ExpenseList(
      id: 7, name: "Ada", expenses: [expense, expense],
      total: Money(minorUnits: 3000, currency: yen))
    #expect(try Self.written(ledger) == ledger.json.serialized)
    #expect(try Self.written(ledger).hasSuffix(#""memo":"Bus fare"}],"total":"3000"}"#))
  }

  @Test func aPhotoCarriesItsBytesInBase64UnlessTheyWereWrittenOut() throws {
    let photo = Photo(mediaType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D])
    let carried = FugitivePhoto(id: 7, photo: photo)
    #expect(try Self.written(carried) == carried.json.serialized)
    #expect(
      try Self.written(carried)
        == #"{"id":7,"mediaType":"image/png","size":5,"data":"iVBORw0="}"#)
    let written = FugitivePhoto(id: 7, photo: photo, output: "-")
    #expect(
      try Self.written(written) == #"{"id":7,"mediaType":"image/png","size":5,"output":"-"}"#)
  }
}
