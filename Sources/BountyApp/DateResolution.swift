import BountyCore
internal import BountyStore
import Glibc

extension Dispatcher {
  /// Turns every date typed in words (`yesterday`, `3 days ago`) into a time, from the store's
  /// clock (the one `BOUNTY_NOW` fixes) in the local zone (`TZ` honoured), as amounts are turned
  /// into money before the handler runs.
  func resolvingRelativeDates(_ spec: CommandSpec, _ arguments: Arguments) -> Arguments {
    var resolved = arguments
    for param in spec.params where param.type == .timestamp {
      guard case .timeText(let text)? = arguments.value(named: param.name),
        let (time, dateOnly) = RelativeDate.resolve(
          text, now: store.now, utcOffset: LocalZone.utcOffset(at:))
      else { continue }
      resolved.set(param.name, .timestamp(time, dateOnly: dateOnly))
    }
    return resolved
  }
}

/// The local time zone, as the C library reads it from `TZ` and /etc/localtime.
enum LocalZone {
  /// Seconds east of UTC at `moment`.
  static func utcOffset(at moment: Timestamp) -> Int64 {
    var seconds = time_t(moment.secondsSinceEpoch)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return 0 }
    return Int64(parts.tm_gmtoff)
  }
}
