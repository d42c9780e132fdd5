import BountyCore
import BountyStore

/// What a report is about: who, which period, which money rules.
public struct ReportHeader: Sendable {
  public let hunter: String
  public let agency: String
  public let currency: Currency
  public let rate: ExactDecimal
  public let rounding: RoundingMode
  public let generatedAt: Timestamp
  /// Capture dates, inclusive; nil is open.
  public let from: Timestamp?
  public let to: Timestamp?

  public init(
    hunter: String, agency: String, currency: Currency, rate: ExactDecimal, rounding: RoundingMode,
    generatedAt: Timestamp, from: Timestamp?, to: Timestamp?
  ) {
    self.hunter = hunter
    self.agency = agency
    self.currency = currency
    self.rate = rate
    self.rounding = rounding
    self.generatedAt = generatedAt
    self.from = from
    self.to = to
  }

  /// Bounty × rate, rounded per line with the rounding setting.
  func commission(_ bountyMinor: Int64) throws(BountyError) -> Money {
    guard
      let money = Money(minorUnits: bountyMinor, currency: currency).percentage(
        rate, rounding: rounding)
    else { throw BountyError.refused("a commission is too large to compute") }
    return money
  }

  func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: currency) }

  /// What a capture leaves: bounty − commission (rounded per line) − expenses, exactly.
  func net(_ row: ReportRow) throws(BountyError) -> Money {
    guard
      let net = money(row.bountyMinor).subtracting(try commission(row.bountyMinor))?
        .subtracting(money(row.expensesMinor))
    else { throw BountyError.refused("a net amount is too large to compute") }
    return net
  }
}

/// One capture in the period.
public struct CapturedLine: Sendable {
  public let id: Int64
  public let name: String
  public let bounty: Money
  public let capturedAt: Timestamp
  public let commission: Money
  /// The case's expenses, and what is left: bounty − commission − expenses.
  public let expenses: Money
  public let net: Money
}

/// One fugitive still at large.
public struct OutstandingLine: Sendable {
  public let id: Int64
  public let name: String
  public let bounty: Money
}

/// The captures of one month of the period.
public struct MonthTotal: Sendable {
  public let month: String
  public var count: Int64 = 0
  public var totalMinor: Int64 = 0
  public var commissionMinor: Int64 = 0
  public var expensesMinor: Int64 = 0
  public var netMinor: Int64 = 0
}

/// Everything but the lines: computed in a first pass over the rows, so that the lines can then be
/// streamed. Every total is the exact sum of the (rounded) lines it totals.
public struct ReportSummary: Sendable {
  public let header: ReportHeader
  public var outstandingCount: Int64 = 0
  public var outstandingTotalMinor: Int64 = 0
  public var largestMinor: Int64?
  public var capturedCount: Int64 = 0
  public var capturedTotalMinor: Int64 = 0
  public var commissionTotalMinor: Int64 = 0
  public var expensesTotalMinor: Int64 = 0
  public var netTotalMinor: Int64 = 0
  /// Fugitives at large whose forfeiture deadline falls in the next 30 days (or is past).
  public var deadlines: [DeadlineLine] = []
  public var deadlineBondTotalMinor: Int64 = 0
  /// Capture places in the period and last-seen places at large (HTML only).
  var mapPins: [WorldMap.Pin] = []
  /// Seconds from being added to being captured, summed over the captures.
  var secondsToCapture: Int64 = 0
  public var months: [MonthTotal] = []
  /// The widest name, in terminal columns (text alignment).
  public var nameWidth = 4
  /// Whether `nameWidth` is needed (only the text format aligns columns).
  let measuresNames: Bool

  init(header: ReportHeader, measuresNames: Bool) {
    self.header = header
    self.measuresNames = measuresNames
  }

  mutating func addCaptured(_ row: ReportRow) throws(BountyError) {
    let commission = try header.commission(row.bountyMinor).minorUnits
    let net = try header.net(row).minorUnits
    capturedCount += 1
    capturedTotalMinor = try Self.checkedSum(capturedTotalMinor, row.bountyMinor)
    commissionTotalMinor = try Self.checkedSum(commissionTotalMinor, commission)
    expensesTotalMinor = try Self.checkedSum(expensesTotalMinor, row.expensesMinor)
    netTotalMinor = try Self.checkedSum(netTotalMinor, net)
    if let capturedAt = row.capturedAt {
      secondsToCapture &+= max(0, capturedAt.secondsSinceEpoch - row.createdAt.secondsSinceEpoch)
      let month = capturedAt.month
      if months.last?.month != month { months.append(MonthTotal(month: month)) }
      months[months.count - 1].count += 1
      months[months.count - 1].totalMinor = try Self.checkedSum(
        months[months.count - 1].totalMinor, row.bountyMinor)
      months[months.count - 1].commissionMinor = try Self.checkedSum(
        months[months.count - 1].commissionMinor, commission)
      months[months.count - 1].expensesMinor = try Self.checkedSum(
        months[months.count - 1].expensesMinor, row.expensesMinor)
      months[months.count - 1].netMinor = try Self.checkedSum(
        months[months.count - 1].netMinor, net)
    }
    if measuresNames { nameWidth = max(nameWidth, ReportText.width(row.name)) }
  }

  mutating func addOutstanding(_ row: ReportRow) throws(BountyError) {
    outstandingCount += 1
    outstandingTotalMinor = try Self.checkedSum(outstandingTotalMinor, row.bountyMinor)
    largestMinor = max(largestMinor ?? row.bountyMinor, row.bountyMinor)
    if measuresNames { nameWidth = max(nameWidth, ReportText.width(row.name)) }
  }

  static func checkedSum(_ a: Int64, _ b: Int64) throws(BountyError) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    if overflow { throw BountyError.refused("a report total is too large to add up exactly") }
    return sum
  }

  /// The average days from being added to being captured, to one decimal (half-up), or nil.
  public var averageDaysToCapture: String? {
    guard capturedCount > 0 else { return nil }
    let tenths = RoundingMode.halfUp.divide(
      Int128(secondsToCapture) * 10, by: Int128(capturedCount) * 86_400)
    return "\(tenths / 10).\(tenths % 10)"
  }
}
