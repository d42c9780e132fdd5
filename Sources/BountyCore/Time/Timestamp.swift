/// A moment in UTC, to the second: what bounty stores for capture, sighting, creation and edit
/// times. Stored and sent as ISO 8601 / RFC 3339 text, `2026-11-30T10:00:00Z`.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z.
  public let secondsSinceEpoch: Int64

  public init(secondsSinceEpoch: Int64) {
    self.secondsSinceEpoch = secondsSinceEpoch
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
  }

  /// `2026-11-30T10:00:00Z`.
  public var description: String { iso8601 }

  public var iso8601: String {
    // Written digit by digit into the string's own storage: an import or an export formats two or
    // three of these per row.
    let text = String(unsafeUninitializedCapacity: 20) { writeDigits(into: $0) }
    return text.isEmpty ? wideYearText : text
  }

  /// Appends `iso8601` to `bytes` without building a String (an export writes three a row).
  public func writeISO8601(to bytes: inout [UInt8]) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes on the stack
    let written = withUnsafeMutableBytes(of: &digits) { raw in
      let buffer = raw.bindMemory(to: UInt8.self)
      let count = writeDigits(into: buffer)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
      return count
    }
    if written == 0 { bytes.append(contentsOf: wideYearText.utf8) }
  }

  /// Writes the 20 bytes of `YYYY-MM-DDTHH:MM:SSZ` into `bytes` (at least 20 long) and returns 20,
  /// or 0 for a year outside 0...9999 (`wideYearText`).
  private func writeDigits(into bytes: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let days = secondsSinceEpoch.floorDivided(by: 86_400)
    let seconds = secondsSinceEpoch - days * 86_400
    let (year, month, day) = Self.civilDate(fromDays: days)
    guard (0...9999).contains(year) else { return 0 }
    func put(_ value: Int64, at index: Int, width: Int) {
      var rest = value
      for offset in stride(from: width - 1, through: 0, by: -1) {
        bytes[index + offset] = UInt8(48 + rest % 10)
        rest /= 10
      }
    }
    put(year, at: 0, width: 4)
    bytes[4] = UInt8(ascii: "-")
    put(month, at: 5, width: 2)
    bytes[7] = UInt8(ascii: "-")
    put(day, at: 8, width: 2)
    bytes[10] = UInt8(ascii: "T")
    put(seconds / 3600, at: 11, width: 2)
    bytes[13] = UInt8(ascii: ":")
    put(seconds / 60 % 60, at: 14, width: 2)
    bytes[16] = UInt8(ascii: ":")
    put(seconds % 60, at: 17, width: 2)
    bytes[19] = UInt8(ascii: "Z")
    return 20
  }

  /// `iso8601` of a moment whose year does not have four digits.
  private var wideYearText: String {
    let seconds = secondsSinceEpoch - secondsSinceEpoch.floorDivided(by: 86_400) * 86_400
    return
      "\(civil.date)T\(Self.pad(seconds / 3600)):\(Self.pad(seconds / 60 % 60)):\(Self.pad(seconds % 60))Z"
  }

  /// The calendar date `YYYY-MM-DD` (UTC) and the seconds into that day.
  public var civil: (date: String, secondsOfDay: Int64) {
    let days = secondsSinceEpoch.floorDivided(by: 86_400)
    let (year, month, day) = Self.civilDate(fromDays: days)
    return (
      "\(year)-\(Self.pad(Int64(month)))-\(Self.pad(Int64(day)))",
      secondsSinceEpoch - days * 86_400
    )
  }

  /// `YYYY-MM` of this moment in UTC.
  public var month: String { String(civil.date.prefix(7)) }

  /// Parses `2026-11-30` (midnight UTC), `2026-11-30T10:00`, `2026-11-30T10:00:00Z`,
  /// `2026-11-30 10:00:00+02:00`, fractions of a second (dropped). A time without a zone is UTC:
  /// this is how files (imports, the database) are read. What a person types is read with
  /// `init(parsingLocal:)`. The moment, once the zone is applied, must lie in `supported`.
  public init?(parsing text: String) {
    if let canonical = Self.canonical(text) {
      self.init(secondsSinceEpoch: canonical)
      return
    }
    guard let seconds = Self.parse(text, bareIsLocal: false) else { return nil }
    self.init(secondsSinceEpoch: seconds)
  }

  /// Like `init(parsing:)`, but a date or time without a zone is *local* time (the `TZ` of the
  /// process, else the system's zone): `2026-11-29` typed in New York is midnight in New York.
  public init?(parsingLocal text: String) {
    guard let seconds = Self.parse(text, bareIsLocal: true) else { return nil }
    self.init(secondsSinceEpoch: seconds)
  }

  /// The one range of moments bounty accepts, stores and reports on, whatever zone they were
  /// written in: 1900-01-01T00:00:00Z through 9999-12-31T23:59:59Z.
  public static let supported: ClosedRange<Timestamp> =
    Timestamp(
      secondsSinceEpoch: days(year: 1900, month: 1, day: 1) * 86_400)...Timestamp(
      secondsSinceEpoch: days(year: 10_000, month: 1, day: 1) * 86_400 - 1)

  /// The earliest supported moment (a report's default lower bound).
  public static var earliest: Timestamp { supported.lowerBound }
  /// The latest supported moment (a report's default upper bound).
  public static var latest: Timestamp { supported.upperBound }

  private static func parse(_ text: String, bareIsLocal: Bool) -> Int64? {
    let bytes = Array(text.trimmingASCIIWhitespace().utf8)
    var reader = DigitReader(bytes: bytes)
    guard let year = reader.number(4), reader.expect("-"), let month = reader.number(2),
      reader.expect("-"), let day = reader.number(2),
      (1...12).contains(month), (1...Self.daysInMonth(year: year, month: month)).contains(day)
    else { return nil }
    var secondsOfDay: Int64 = 0
    var offset: Int64? = nil
    if !reader.atEnd {
      guard reader.expect("T") || reader.expect("t") || reader.expect(" "),
        let hour = reader.number(2), reader.expect(":"), let minute = reader.number(2),
        hour < 24, minute < 60
      else { return nil }
      secondsOfDay += hour * 3600 + minute * 60
      if reader.expect(":") {
        guard let second = reader.number(2), second < 60 else { return nil }
        secondsOfDay += second
        if reader.expect(".") {
          guard reader.skipDigits() > 0 else { return nil }
        }
      }
      if reader.expect("Z") || reader.expect("z") {
        offset = 0
      } else if let sign = reader.sign() {
        guard let offsetHours = reader.number(2), reader.expect(":") || true,
          let offsetMinutes = reader.number(2), offsetHours < 24, offsetMinutes < 60
        else { return nil }
        offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
      }
      guard reader.atEnd else { return nil }
    }
    let civil = Self.days(year: year, month: month, day: day) * 86_400 + secondsOfDay
    let seconds: Int64
    if let offset {
      seconds = civil - offset
    } else if bareIsLocal {
      guard let local = LocalTime.moment(year: year, month: month, day: day, seconds: secondsOfDay)
      else { return nil }
      seconds = local
    } else {
      seconds = civil
    }
    guard Self.supported.contains(Timestamp(secondsSinceEpoch: seconds)) else { return nil }
    return seconds
  }

  /// The moment of UTF-8 `bytes` in the form bounty stores, `YYYY-MM-DDTHH:MM:SSZ`, read in place
  /// (a reader hands SQLite's own bytes); nil for any other form, which `init(parsing:)` reads.
  public init?(canonicalUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let seconds = Self.canonical(bytes) else { return nil }
    self.init(secondsSinceEpoch: seconds)
  }

  /// The seconds of `YYYY-MM-DDTHH:MM:SSZ`, the form bounty stores, read without copying the
  /// text; nil for any other form (which the general parser reads).
  private static func canonical(_ text: String) -> Int64? {
    guard text.utf8.count == 20 else { return nil }
    var text = text
    return text.withUTF8 { canonical($0) }
  }

  private static func canonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ start: Int, _ width: Int) -> Int64? {
      var value: Int64 = 0
      for index in start..<start + width {
        let digit = bytes[index] &- 48
        guard digit <= 9 else { return nil }
        value = value * 10 + Int64(digit)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      (1900...9999).contains(year), (1...12).contains(month),
      (1...daysInMonth(year: year, month: month)).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    return days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// True when `text` names a whole day (`2026-11-30`) rather than a moment.
  public static func isDateOnly(_ text: String) -> Bool {
    text.trimmingASCIIWhitespace().utf8.count == 10
  }

  private static func pad(_ value: Int64) -> String {
    value < 10 ? "0\(value)" : String(value)
  }

  static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 to the given date (Howard Hinnant's `days_from_civil`).
  static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = y.floorDivided(by: 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The inverse of `days(year:month:day:)` (Howard Hinnant's `civil_from_days`).
  static func civilDate(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = z.floorDivided(by: 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Int64 {
  /// Division rounding toward negative infinity.
  func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}

/// Reads fixed-width ASCII numbers and punctuation off the front of a byte array.
private struct DigitReader {
  let bytes: [UInt8]
  var index = 0

  var atEnd: Bool { index == bytes.count }

  mutating func number(_ width: Int) -> Int64? {
    guard index + width <= bytes.count else { return nil }
    var value: Int64 = 0
    for byte in bytes[index..<index + width] {
      guard byte >= 48 && byte <= 57 else { return nil }
      value = value * 10 + Int64(byte - 48)
    }
    index += width
    return value
  }

  mutating func expect(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  mutating func sign() -> Int64? {
    if expect("+") { return 1 }
    if expect("-") { return -1 }
    return nil
  }

  mutating func skipDigits() -> Int {
    let start = index
    while index < bytes.count && bytes[index] >= 48 && bytes[index] <= 57 { index += 1 }
    return index - start
  }
}

extension Timestamp {
  /// This moment, or `.invalid(field, "is in the future")` when it is after `now`: captures and
  /// sightings have happened already.
  public func notInFuture(now: Timestamp, field: String) throws(BountyError) -> Timestamp {
    guard self <= now else {
      throw BountyError.invalid(field: field, reason: "\(iso8601) is in the future")
    }
    return self
  }
}
