/// A calendar date with no time of day or zone (`2027-04-05`): a court's failure-to-appear and
/// forfeiture dates, a date of birth, an expense's date.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01.
  public let daysSinceEpoch: Int64

  public init(daysSinceEpoch: Int64) {
    self.daysSinceEpoch = daysSinceEpoch
  }

  /// Parses exactly `YYYY-MM-DD` (a real day of a year bounty accepts); nil otherwise.
  public init?(parsing text: String) {
    guard text.utf8.count == 10, Timestamp.isDateOnly(text),
      let midnight = Timestamp(parsing: text)
    else { return nil }
    daysSinceEpoch = midnight.secondsSinceEpoch / 86_400
  }

  /// The date of `year`-`month`-`day` (a local date read from the C library).
  public init(year: Int64, month: Int64, day: Int64) {
    daysSinceEpoch = Timestamp.days(year: year, month: month, day: day)
  }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    lhs.daysSinceEpoch < rhs.daysSinceEpoch
  }

  public var year: Int64 { Timestamp.civilDate(fromDays: daysSinceEpoch).year }

  /// `2027-04-05`.
  public var description: String {
    Timestamp(secondsSinceEpoch: daysSinceEpoch * 86_400).civil.date
  }
}

/// The bond a fugitive skipped and the court that set it; every part optional.
public struct Bond: Equatable, Sendable {
  public var amount: Money?
  public var court: String?
  public var caseNumber: String?
  public var ftaDate: CalendarDate?
  public var forfeitureDate: CalendarDate?
  /// Local calendar days from today to the forfeiture date, negative when overdue; set when read.
  public var daysLeft: Int64?

  public init(
    amount: Money? = nil, court: String? = nil, caseNumber: String? = nil,
    ftaDate: CalendarDate? = nil, forfeitureDate: CalendarDate? = nil, daysLeft: Int64? = nil
  ) {
    self.amount = amount
    self.court = court
    self.caseNumber = caseNumber
    self.ftaDate = ftaDate
    self.forfeitureDate = forfeitureDate
    self.daysLeft = daysLeft
  }

  public var isEmpty: Bool {
    amount == nil && court == nil && caseNumber == nil && ftaDate == nil && forfeitureDate == nil
  }

  public var json: JSON {
    .object([
      "amount": .optional(amount?.plain),
      "court": .optional(court),
      "caseNumber": .optional(caseNumber),
      "ftaDate": .optional(ftaDate?.description),
      "forfeitureDate": .optional(forfeitureDate?.description),
      "daysLeft": daysLeft.map(JSON.int) ?? .null,
    ])
  }
}

/// How a fugitive looks and who they are; every part optional, each checked when set.
public struct Descriptors: Equatable, Sendable {
  public var dob: CalendarDate?
  public var height: String?
  public var weight: String?
  public var eyes: String?
  public var hair: String?
  public var marks: String?

  public init(
    dob: CalendarDate? = nil, height: String? = nil, weight: String? = nil, eyes: String? = nil,
    hair: String? = nil, marks: String? = nil
  ) {
    self.dob = dob
    self.height = height
    self.weight = weight
    self.eyes = eyes
    self.hair = hair
    self.marks = marks
  }

  public var isEmpty: Bool {
    dob == nil && height == nil && weight == nil && eyes == nil && hair == nil && marks == nil
  }

  public var json: JSON {
    .object([
      "dob": .optional(dob?.description), "height": .optional(height),
      "weight": .optional(weight), "eyes": .optional(eyes), "hair": .optional(hair),
      "marks": .optional(marks),
    ])
  }

  /// `5 ft 10 in`, `178 cm`, `1.78 m`, `70 in` (also `5'10"`): a height must say its unit.
  public static func checkedHeight(_ text: String) -> String? {
    measure(text, units: ["cm", "m", "in", "ft"], feetAndInches: true)
  }

  /// `82 kg`, `180 lb` (`lbs` too).
  public static func checkedWeight(_ text: String) -> String? {
    measure(text, units: ["kg", "lb", "lbs"], feetAndInches: false)
  }

  /// The measurement normalised to `NUMBER UNIT` (`5 ft 10 in` for feet and inches), or nil when
  /// `text` is not a positive number followed by one of `units`.
  static func measure(_ text: String, units: [String], feetAndInches: Bool) -> String? {
    let words = measurementWords(text.lowercased())
    if words.count == 2, isPositiveNumber(words[0]), units.contains(words[1]) {
      return "\(words[0]) \(words[1])"
    }
    if feetAndInches, words.count == 4, isPositiveNumber(words[0]), words[1] == "ft",
      isPositiveNumber(words[2]), words[3] == "in"
    {
      return "\(words[0]) ft \(words[2]) in"
    }
    return nil
  }

  /// `5'10"` → `5 ft 10 in`, `178cm` → `178 cm`: numbers and unit words split apart.
  static func measurementWords(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var currentIsNumber = false
    func finish() {
      if !current.isEmpty { words.append(current) }
      current = ""
    }
    for character in text {
      if character == "'" || character == "\"" {
        finish()
        words.append(character == "'" ? "ft" : "in")
      } else if character == " " {
        finish()
      } else {
        let isNumber = character.isASCII && (character.isNumber || character == ".")
        if !current.isEmpty && isNumber != currentIsNumber { finish() }
        currentIsNumber = isNumber
        current.append(character)
      }
    }
    finish()
    return words
  }

  /// Digits with at most one decimal point, not zero.
  static func isPositiveNumber(_ word: String) -> Bool {
    let parts = word.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return false }
    for part in parts where part.isEmpty || !part.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return false
    }
    return word.contains { $0 != "0" && $0 != "." }
  }
}

/// One cost of a case: ordered per fugitive like case notes.
public struct Expense: Equatable, Sendable {
  public let id: Int64
  public let fugitiveID: Int64
  public var date: CalendarDate
  public var amount: Money
  public var memo: String

  public init(id: Int64, fugitiveID: Int64, date: CalendarDate, amount: Money, memo: String) {
    self.id = id
    self.fugitiveID = fugitiveID
    self.date = date
    self.amount = amount
    self.memo = memo
  }

  public var json: JSON {
    .object([
      "id": .int(id), "date": .string(date.description), "amount": .string(amount.plain),
      "memo": .string(memo),
    ])
  }
}

/// The case-file parts of a fugitive (issue 16), read beside the fugitive's row.
public struct CaseFile: Equatable, Sendable {
  public var bond: Bond?
  public var descriptors: Descriptors?
  public var aliases: [String]
  public var expenses: [Expense]
  /// When the case was closed (the bounty paid); a closed case refuses changes until reopened.
  public var closedAt: Timestamp?

  public init(
    bond: Bond? = nil, descriptors: Descriptors? = nil, aliases: [String] = [],
    expenses: [Expense] = [], closedAt: Timestamp? = nil
  ) {
    self.bond = bond
    self.descriptors = descriptors
    self.aliases = aliases
    self.expenses = expenses
    self.closedAt = closedAt
  }

  /// The JSON members the case file adds to a fugitive, in order (`jsonMember(_:)` by index).
  public static let jsonMemberNames = ["bond", "descriptors", "aliases", "expenses", "closedAt"]

  /// The value of the member `jsonMemberNames[index]`.
  public func jsonMember(_ index: Int) -> JSON {
    switch index {
    case 0: bond?.json ?? .null
    case 1: descriptors?.json ?? .null
    case 2: .array(aliases.map(JSON.string))
    case 3: .array(expenses.map(\.json))
    default: .optional(closedAt?.iso8601)
    }
  }

  /// The JSON members the case file adds to a fugitive.
  public var jsonMembers: [(String, JSON)] {
    Self.jsonMemberNames.indices.map { (Self.jsonMemberNames[$0], jsonMember($0)) }
  }

  /// The message every change to a closed case is refused with.
  public static func closedMessage(_ id: Int64) -> String {
    "case \(id) is closed; reopen it first"
  }
}
