/// Dates as people type them: `now`, `today`, `yesterday`, `3 days ago`, a weekday name (the most
/// recent one, today included). Every word but `now` names a whole local day, like a bare date.
///
/// The fronts only recognise the words (`ArgumentValue.timeText`); the dispatcher resolves them
/// against the store's clock (so `BOUNTY_NOW` fixes them too) and the local zone (TZ honoured).
public enum RelativeDate {
  static let weekdays = [
    "thursday", "friday", "saturday", "sunday", "monday", "tuesday", "wednesday",
  ]

  /// The words, for JSON Schema (matched without regard to case, around spaces trimmed).
  public static let pattern =
    "^(now|today|yesterday|[0-9]{1,5} days? ago|" + weekdays.joined(separator: "|") + ")$"

  /// True when `text` is one of the words.
  public static func recognizes(_ text: String) -> Bool {
    resolve(text, now: Timestamp(secondsSinceEpoch: 0), utcOffset: { _ in 0 }) != nil
  }

  /// The moment `text` names, seen from `now`; `utcOffset` gives the local zone's offset from UTC
  /// in seconds at a moment. Nil when `text` is not one of the words.
  public static func resolve(
    _ text: String, now: Timestamp, utcOffset: (Timestamp) -> Int64
  ) -> (timestamp: Timestamp, isDateOnly: Bool)? {
    let words = text.trimmingASCIIWhitespace().lowercased().split(separator: " ")
    guard let first = words.first else { return nil }
    let daysBack: Int64
    switch (words.count, String(first)) {
    case (1, "now"): return (now, false)
    case (1, "today"): daysBack = 0
    case (1, "yesterday"): daysBack = 1
    case (1, let name):
      guard let weekday = weekdays.firstIndex(of: name) else { return nil }
      // Day 0 of the epoch (1970-01-01) was a Thursday, the first of `weekdays`.
      let today = localDay(of: now, utcOffset).floorModulo(7)
      daysBack = (today - Int64(weekday)).floorModulo(7)
    case (3, _):
      guard ["day", "days"].contains(words[1]), words[2] == "ago", first.count <= 5,
        let count = Int64(first), count >= 0
      else { return nil }
      daysBack = count
    default: return nil
    }
    let day = localDay(of: now, utcOffset) - daysBack
    let localMidnight = day * 86_400
    let guess = Timestamp(secondsSinceEpoch: localMidnight - utcOffset(now))
    return (Timestamp(secondsSinceEpoch: localMidnight - utcOffset(guess)), true)
  }

  /// The local calendar day of `moment`, counted from 1970-01-01.
  static func localDay(of moment: Timestamp, _ utcOffset: (Timestamp) -> Int64) -> Int64 {
    (moment.secondsSinceEpoch + utcOffset(moment)).floorDivided(by: 86_400)
  }
}

extension Int64 {
  /// The remainder of division rounding toward negative infinity: never negative for a positive
  /// divisor.
  func floorModulo(_ divisor: Int64) -> Int64 {
    self - floorDivided(by: divisor) * divisor
  }
}
