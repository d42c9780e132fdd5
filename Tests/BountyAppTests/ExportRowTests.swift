import BountyCore
import BountyTestSupport
import Testing

@testable import BountyApp

/// The export's row writer writes the same bytes as the definitions it stands for: `Fugitive.json`
/// (with the photo as the last member) and a CSV record of `DataFormat.csvColumns`, for fugitives
/// with and without every optional part, awkward text and every currency scale.
@Suite(.onTestThreads) struct ExportRowTests {
  static let at = Timestamp(parsing: "2026-11-30T10:00:00Z")!

  static var fugitives: [Fugitive] {
    let plain = Fugitive(
      id: 7, name: "Ada Morrow", bounty: Money(minorUnits: 25_000_00, currency: .usd),
      description: "Rum smuggling", captured: false, capturedAt: nil, captureLocation: nil,
      lastSeen: nil, hasPhoto: false, position: 1, notes: [], createdAt: at, updatedAt: at)
    var awkward = plain
    awkward.id = -2_147_483_648
    awkward.name = " Ann \"Annie\", Jr.\r\nZoë\u{1}\\ "
    awkward.description = "=SUM(A1),\ttab"
    awkward.bounty = Money(minorUnits: 5, currency: Currency.named("BHD")!)
    awkward.captured = true
    awkward.capturedAt = Timestamp(parsing: "1900-01-01T00:00:00Z")
    awkward.capturePosition = Coordinates(lat: 36.17, lon: nil)
    awkward.lastSeen = LastSeen(lat: -0.5, lon: 115.140625, description: "Dock, pier 9", at: at)
    awkward.hasPhoto = true
    awkward.position = 0
    awkward.notes = [
      Note(id: 3, fugitiveID: awkward.id, text: "Seen \"twice\",\nat night", createdAt: at),
      Note(id: 9, fugitiveID: awkward.id, text: "", createdAt: at),
    ]
    awkward.updatedAt = Timestamp(parsing: "9999-12-31T23:59:59Z")!
    var cased = plain
    cased.id = 4_000_000_000
    cased.bounty = Money(minorUnits: 1_234_567, currency: Currency.named("JPY")!)
    cased.caseFile = CaseFile(
      bond: Bond(
        amount: Money(minorUnits: 50_000_00, currency: .usd), court: "Court, \"B\"",
        forfeitureDate: CalendarDate(year: 2027, month: 4, day: 5), daysLeft: -3),
      descriptors: Descriptors(height: "178 cm", marks: "scar"),
      aliases: ["Ann, the Fox", "Zoë"],
      expenses: [
        Expense(
          id: 2, fugitiveID: cased.id, date: CalendarDate(year: 2026, month: 11, day: 2),
          amount: Money(minorUnits: 10, currency: .usd), memo: "Coffee, \"large\"")
      ],
      closedAt: at)
    var closedOnly = plain
    closedOnly.caseFile = CaseFile(closedAt: at)
    return [plain, awkward, cased, closedOnly]
  }

  @Test func jsonIsTheFugitivesJSON() {
    let photo = JSON.object(["mediaType": .string("image/png"), "data": .string("iVBO")])
    for fugitive in Self.fugitives {
      for photo: JSON? in [nil, photo] {
        var object = fugitive.jsonObject
        if let photo { object["photo"] = photo }
        var written: [UInt8] = []
        ExportRow.appendJSON(fugitive, photo: photo, to: &written)
        #expect(String(decoding: written, as: UTF8.self) == JSON.object(object).serialized)
      }
    }
  }

  @Test func csvIsARecordOfTheExportColumns() {
    for fugitive in Self.fugitives {
      func moment(_ value: Timestamp?) -> String { value?.iso8601 ?? "" }
      func number(_ value: Double?) -> String { value.map { JSON.coordinate($0).serialized } ?? "" }
      var fields: [String: String] = [
        "id": String(fugitive.id), "name": fugitive.name, "bounty": fugitive.bounty.plain,
        "description": fugitive.description, "captured": fugitive.captured ? "true" : "false",
        "capturedAt": moment(fugitive.capturedAt), "lat": number(fugitive.capturePosition?.lat),
        "lon": number(fugitive.capturePosition?.lon),
        "lastSeenLat": number(fugitive.lastSeen?.lat),
        "lastSeenLon": number(fugitive.lastSeen?.lon),
        "lastSeenDescription": fugitive.lastSeen?.description ?? "",
        "lastSeenAt": moment(fugitive.lastSeen?.at), "createdAt": moment(fugitive.createdAt),
        "updatedAt": moment(fugitive.updatedAt), "notes": Exporter.notesField(fugitive.notes),
      ]
      for (column, value) in zip(CaseFileCSV.columns, CaseFileCSV.fields(fugitive.caseFile)) {
        fields[column] = value
      }
      let expected = CSVWriter.record(DataFormat.csvColumns.map { fields[$0] ?? "?" })
      var written: [UInt8] = []
      ExportRow.appendCSV(fugitive, caseFile: fugitive.caseFile, to: &written)
      #expect(String(decoding: written, as: UTF8.self) == expected)
    }
  }

  @Test func aTimestampWrittenAsBytesIsItsText() {
    for seconds: Int64 in [
      0, -1, 86_399, 1_764_496_800, -2_208_988_800, 253_402_300_799, -62_167_219_201,
    ] {
      let moment = Timestamp(secondsSinceEpoch: seconds)
      var written: [UInt8] = [0x2C]
      moment.writeISO8601(to: &written)
      #expect(String(decoding: written, as: UTF8.self) == "," + moment.iso8601)
    }
    #expect(Timestamp(secondsSinceEpoch: 0).iso8601 == "1970-01-01T00:00:00Z")
    #expect(Timestamp(secondsSinceEpoch: -62_167_219_201).iso8601 == "-1-12-31T23:59:59Z")
  }

  /// A row read its times from SQLite's own bytes when they are in the stored form; any other form
  /// another client wrote is still read as the moment it names.
  @Test func aTimeAnotherClientWroteIsReadAsItsMoment() throws {
    let app = try TestApp()
    let id = try app.add("Ada Morrow", bounty: "100")
    let written = try SQLiteShell.exec(
      app.folder.file("bounty.sqlite"),
      """
      UPDATE fugitive SET captured = 1, captured_at = '2026-11-29 12:00:00+02:00',
        last_seen_at = '2026-11-28', last_seen_desc = 'Dock', created_at = '2026-11-27T09:00:00Z',
        updated_at = 'not a time' WHERE id = \(id);
      """)
    #expect(written.status == 0, "\(written.stderr)")
    let fugitive = try app.call("fugitives.get", ["id": .int(id)])
    #expect(fugitive["capturedAt"] == .string("2026-11-29T10:00:00Z"))
    #expect(fugitive["lastSeen"]?["at"] == .string("2026-11-28T00:00:00Z"))
    #expect(fugitive["createdAt"] == .string("2026-11-27T09:00:00Z"))
    #expect(fugitive["updatedAt"] == .string("1970-01-01T00:00:00Z"))
  }

  @Test func integersAreTheirDigits() {
    for value: Int64 in [0, 7, -7, 10, 1_000_000, .max, .min] {
      var written: [UInt8] = []
      JSON.appendInteger(value, to: &written)
      #expect(String(decoding: written, as: UTF8.self) == String(value))
    }
  }
}
