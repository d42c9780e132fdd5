import BountyCore
import Testing

/// Every typed answer a front reads is the exact inverse of the JSON the model writes: a fugitive
/// with every part set comes back equal, and a shape bounty did not write is refused by name.
@Suite struct AnswerReadingTests {
  static let time = Timestamp(secondsSinceEpoch: 1_795_000_000)

  static func everything(in currency: Currency) -> Fugitive {
    var fugitive = Fugitive(
      id: 48445, name: "Zoë Lindqvist  ", bounty: Money(minorUnits: 1_000_050, currency: currency),
      description: "Failure to appear\nand more", captured: true,
      capturedAt: time, captureLocation: GeoPoint(lat: 29.951, lon: -90.072),
      lastSeen: LastSeen(lat: 36.17, lon: nil, description: "Room 12", at: time),
      hasPhoto: true, position: 3,
      notes: [Note(id: 9, fugitiveID: 48445, text: "a note", createdAt: time)],
      createdAt: time, updatedAt: Timestamp(secondsSinceEpoch: 1_795_000_100))
    fugitive.caseFile = CaseFile(
      bond: Bond(
        amount: Money(minorUnits: 250_000, currency: currency), court: "Clark County",
        caseNumber: "C-1", ftaDate: CalendarDate(parsing: "2026-11-02"),
        forfeitureDate: CalendarDate(parsing: "2027-04-05"), daysLeft: 126),
      descriptors: Descriptors(
        dob: CalendarDate(parsing: "1990-01-31"), height: "5 ft 10 in", weight: nil, eyes: "brown",
        hair: nil, marks: "scar"),
      aliases: ["Zed", "Lind"],
      expenses: [
        Expense(
          id: 4, fugitiveID: 48445, date: CalendarDate(daysSinceEpoch: 20_000),
          amount: Money(minorUnits: 1_999, currency: currency), memo: "fuel")
      ],
      closedAt: time)
    return fugitive
  }

  @Test(arguments: ["USD", "JPY", "BHD"])
  func aFugitiveWithEveryPartReadsBackEqual(code: String) throws {
    let currency = try #require(Currency.named(code))
    let fugitive = Self.everything(in: currency)
    #expect(try Fugitive(json: fugitive.json, currency: currency) == fugitive)
  }

  /// The original app could store a latitude without a longitude: read back as it is.
  @Test func aHalfSetCapturePositionReadsBackAsItIs() throws {
    var fugitive = Self.everything(in: .usd)
    fugitive.capturePosition = Coordinates(lat: 36.17, lon: nil)
    let read = try Fugitive(json: fugitive.json, currency: .usd)
    #expect(read.capturePosition == Coordinates(lat: 36.17, lon: nil))
    #expect(read == fugitive)
  }

  @Test func aPageReadsItsRowsTotalAndLocatedRow() throws {
    let fugitive = Self.everything(in: .usd)
    let json = JSON.object([
      "items": .array([fugitive.json]), "total": .int(34), "row": .int(7),
    ])
    let page = try FugitivePage(json: json, currency: .usd)
    #expect(page == FugitivePage(items: [fugitive], total: 34, row: 7))
    let notLocated = try FugitivePage(
      json: .object(["items": .array([]), "total": 0, "row": .null]), currency: .usd)
    #expect(notLocated.row == nil)
  }

  @Test func aShapeBountyDidNotWriteIsRefusedByName() {
    var json = Self.everything(in: .usd).jsonObject
    json["bounty"] = .number("12.5")
    #expect(throws: BountyError.io("unreadable fugitive: bounty is not a string")) {
      try Fugitive(json: .object(json), currency: .usd)
    }
    #expect(throws: BountyError.io("unreadable list: expected an object, got array")) {
      try FugitivePage(json: .array([]), currency: .usd)
    }
    var tooPrecise = Self.everything(in: .usd).jsonObject
    tooPrecise["bounty"] = "1.005"
    #expect(throws: BountyError.io("unreadable fugitive: bounty is not an amount in USD")) {
      try Fugitive(json: .object(tooPrecise), currency: .usd)
    }
  }
}
