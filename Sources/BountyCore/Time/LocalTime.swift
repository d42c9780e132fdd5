import Glibc

/// Local time, as the C library knows it: the `TZ` of the process, else the system's zone. Used
/// for what people type (a bare `2026-11-29` is a local day) and what the terminal shows.
public enum LocalTime {
  /// The moment a local wall-clock time names (`mktime`; a time skipped by a DST change moves
  /// forward, a repeated one takes the first), or nil when the C library cannot say.
  static func moment(year: Int64, month: Int64, day: Int64, seconds: Int64) -> Int64? {
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(seconds / 3600)
    parts.tm_min = Int32(seconds / 60 % 60)
    parts.tm_sec = Int32(seconds % 60)
    parts.tm_isdst = -1
    parts.tm_wday = -1
    let result = mktime(&parts)
    // -1 is also a real moment (1969-12-31T23:59:59Z); mktime then leaves tm_wday set.
    if result == -1 && parts.tm_wday < 0 { return nil }
    return Int64(result)
  }

  /// The broken-down local time of `timestamp` and its offset from UTC in seconds.
  static func parts(of timestamp: Timestamp) -> (parts: tm, offset: Int64) {
    var seconds = time_t(timestamp.secondsSinceEpoch)
    var parts = tm()
    localtime_r(&seconds, &parts)
    return (parts, Int64(parts.tm_gmtoff))
  }

  /// `2026-11-30 10:00` in local time, followed by the offset (`2026-11-28 19:00 -05:00`) unless
  /// local time is UTC: the offset says which day is meant when the zones disagree.
  public static func display(_ timestamp: Timestamp) -> String {
    let (parts, offset) = parts(of: timestamp)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let text =
      "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min))"
    guard offset != 0 else { return text }
    let minutes = abs(offset) / 60
    return text
      + " \(offset < 0 ? "-" : "+")\(two(Int32(minutes / 60))):\(two(Int32(minutes % 60)))"
  }

  /// The last second of the local day that begins at `start` (a local midnight): one second before
  /// the next local midnight, whether the day has 23, 24 or 25 hours.
  public static func endOfDay(startingAt start: Timestamp) -> Timestamp {
    let (parts, _) = parts(of: start)
    let next = moment(
      year: Int64(parts.tm_year) + 1900, month: Int64(parts.tm_mon) + 1,
      day: Int64(parts.tm_mday) + 1, seconds: 0)
    return Timestamp(secondsSinceEpoch: (next ?? start.secondsSinceEpoch + 86_400) - 1)
  }
}
