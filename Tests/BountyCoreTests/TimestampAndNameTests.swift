import Testing

@testable import BountyCore

@Suite struct TimestampAndNameTests {
  @Test func parsesAndFormatsISO8601() throws {
    #expect(Timestamp(parsing: "1970-01-01")?.secondsSinceEpoch == 0)
    #expect(Timestamp(parsing: "2026-11-30T10:00:00Z")?.iso8601 == "2026-11-30T10:00:00Z")
    #expect(Timestamp(parsing: "2026-11-30 12:00:00+02:00")?.iso8601 == "2026-11-30T10:00:00Z")
    #expect(Timestamp(parsing: "2026-11-30T10:00")?.iso8601 == "2026-11-30T10:00:00Z")
    #expect(Timestamp(parsing: "2024-02-29T23:59:59.999Z")?.iso8601 == "2024-02-29T23:59:59Z")
    #expect(Timestamp(parsing: "1969-12-31T23:59:59Z")?.secondsSinceEpoch == -1)
    for bad in [
      "2026-02-30", "2026-13-01", "2026-11-30T24:00", "2026-11-30T10:00:00Q", "30/11/2026", "",
      "2026-11-30T",
    ] {
      #expect(Timestamp(parsing: bad) == nil, "\(bad)")
    }
  }

  @Test func roundTripsEveryDayForFourCenturies() {
    var seconds = Timestamp(parsing: "1900-01-01")!.secondsSinceEpoch
    let end = Timestamp(parsing: "2300-01-01")!.secondsSinceEpoch
    while seconds < end {
      let stamp = Timestamp(secondsSinceEpoch: seconds + 45_296)
      #expect(Timestamp(parsing: stamp.iso8601) == stamp)
      seconds += 86_400 * 13
    }
  }

  @Test func nameKeysIgnoreCaseAndDiacritics() {
    let names = ["Zoë", "Frank", "emma", "Émile", "Edgar", "ábel"]
    let sorted = names.sorted { nameSortKey($0) < nameSortKey($1) }
    #expect(sorted == ["ábel", "Edgar", "Émile", "emma", "Frank", "Zoë"])
    #expect(nameSortKey("ÉMILE") == nameSortKey("emile"))
  }
}
