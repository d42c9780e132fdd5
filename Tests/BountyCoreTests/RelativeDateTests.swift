import BountyCore
import Testing

/// Dates in words resolve from a given clock and zone: whole local days, `now` a moment.
@Suite struct RelativeDateTests {
  /// Monday 2026-11-30 10:00 UTC.
  static let now = Timestamp(parsing: "2026-11-30T10:00:00Z") ?? Timestamp(secondsSinceEpoch: 0)

  static func resolve(_ text: String, offset: Int64 = 0) -> String? {
    RelativeDate.resolve(text, now: now, utcOffset: { _ in offset }).map {
      $0.timestamp.iso8601 + ($0.isDateOnly ? " day" : "")
    }
  }

  @Test(arguments: [
    ("now", "2026-11-30T10:00:00Z"),
    ("today", "2026-11-30T00:00:00Z day"),
    (" Yesterday ", "2026-11-29T00:00:00Z day"),
    ("3 days ago", "2026-11-27T00:00:00Z day"),
    ("1 day ago", "2026-11-29T00:00:00Z day"),
    ("0 days ago", "2026-11-30T00:00:00Z day"),
    ("monday", "2026-11-30T00:00:00Z day"),
    ("sunday", "2026-11-29T00:00:00Z day"),
    ("Tuesday", "2026-11-24T00:00:00Z day"),
    ("friday", "2026-11-27T00:00:00Z day"),
  ])
  func wordsInUTC(text: String, expected: String) {
    #expect(Self.resolve(text) == expected)
  }

  @Test func localDaysFollowTheZone() {
    // 10:00 UTC is 23:00 on 2026-11-30 in UTC+13: that day began at 2026-11-29T11:00Z.
    #expect(Self.resolve("today", offset: 13 * 3600) == "2026-11-29T11:00:00Z day")
    // In UTC-11 it is still 2026-11-29 at 23:00: yesterday began 2026-11-28 at 11:00Z.
    #expect(Self.resolve("yesterday", offset: -11 * 3600) == "2026-11-28T11:00:00Z day")
    // Monday in UTC+13 is today; in UTC-11 it is still Sunday, so monday is a week back.
    #expect(Self.resolve("monday", offset: -11 * 3600) == "2026-11-23T11:00:00Z day")
  }

  @Test(arguments: ["", "tomorrow", "3 days", "days ago", "-1 days ago", "999999 days ago", "mon"])
  func otherWordsAreNotDates(text: String) {
    #expect(Self.resolve(text) == nil)
    #expect(!RelativeDate.recognizes(text))
  }
}
