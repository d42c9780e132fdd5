import BountyCore
import Glibc

extension Store {
  /// Today's date in the local time zone (`TZ` honoured): the day deadlines count from.
  public var localToday: CalendarDate { Store.localDate(of: now) }

  /// The local calendar date of `moment`, by the C library's zone rules (daylight saving included).
  public static func localDate(of moment: Timestamp) -> CalendarDate {
    tzset()
    var seconds = time_t(moment.secondsSinceEpoch)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else {
      return CalendarDate(daysSinceEpoch: moment.secondsSinceEpoch / 86_400)
    }
    return CalendarDate(
      year: Int64(parts.tm_year) + 1900, month: Int64(parts.tm_mon) + 1, day: Int64(parts.tm_mday))
  }
}
