import BountyApp
import BountyCore
import BountyStore
import BountyTestSupport
import Testing

/// Over thousands of random rosters, rates and both roundings: each commission is bounty × rate
/// rounded once, and every printed total is exactly the sum of the printed lines it totals.
@Suite(.onTestThreads) struct ReportExactnessTests {

  /// Commission of `minor` at `rate` percent, computed from the decimal digits: the exact product
  /// as a fraction, then the rounding rule applied to the fraction's remainder.
  static func expectedCommission(_ minor: Int64, rate: String, mode: String) -> Int64 {
    let parts = rate.split(separator: ".")
    let decimals = parts.count == 2 ? parts[1].count : 0
    let significand = Int128(parts.joined())!
    var denominator: Int128 = 100
    for _ in 0..<decimals { denominator *= 10 }
    let product = Int128(minor) * significand
    let quotient = product / denominator
    let remainder = product - quotient * denominator
    if remainder * 2 > denominator { return Int64(quotient + 1) }
    if remainder * 2 < denominator { return Int64(quotient) }
    return Int64(mode == "half-up" || quotient % 2 == 1 ? quotient + 1 : quotient)
  }

  static func minor(_ json: JSON?) -> Int64 {
    guard let text = json?.stringValue, case .success(let money) = Money.parse(text, currency: .usd)
    else { return -1 }
    return money.minorUnits
  }

  @Test(arguments: TestEngine.allCases)
  func totalsAreTheSumsOfTheirLines(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    var generator = SplitMix(state: 1852)
    let rates = ["10", "12.5", "33.333", "0", "100", "7.25", "0.5"]
    var rostersChecked = 0
    var linesChecked = 0
    let rounds = engine.rounds(2000)
    for round in 0..<rounds {
      let rate = rates[round % rates.count]
      let mode = round % 2 == 0 ? "half-even" : "half-up"
      try app.store.database.transaction(write: true) {
        try app.store.database.execute("DELETE FROM fugitive")
        try app.store.storeSetting(.commissionRate, rate)
        try app.store.storeSetting(.rounding, mode)
        for id in 1...Int64.random(in: 1...25, using: &generator) {
          let bounty =
            Int64.random(in: 0...10_000_000, using: &generator)
            * (Bool.random(using: &generator) ? 1 : 5)
          let captured = Bool.random(using: &generator)
          let month = Int.random(in: 1...12, using: &generator)
          let day = Int.random(in: 1...28, using: &generator)
          try app.store.insertFugitive(
            FugitiveFields(
              id: id, name: "F\(id)", bountyMinor: bounty, description: "", captured: captured,
              capturedAt: captured
                ? Timestamp(parsing: String(format: "2026-%02d-%02dT12:00:00Z", month, day)) : nil))
        }
      }
      let report = try app.call("report.generate", ["format": "json"])
      let lines = report["lines"]?.arrayValue ?? []
      var total: Int64 = 0
      var commission: Int64 = 0
      var months: [String: (Int64, Int64, Int64)] = [:]
      for line in lines {
        let bounty = Self.minor(line["bounty"])
        let lineCommission = Self.minor(line["commission"])
        #expect(lineCommission == Self.expectedCommission(bounty, rate: rate, mode: mode))
        total += bounty
        commission += lineCommission
        let month = String(line["capturedAt"]?.stringValue?.prefix(7) ?? "")
        let sums = months[month] ?? (0, 0, 0)
        months[month] = (sums.0 + 1, sums.1 + bounty, sums.2 + lineCommission)
      }
      #expect(Self.minor(report["captured"]?["total"]) == total)
      #expect(Self.minor(report["captured"]?["commission"]) == commission)
      #expect(report["captured"]?["count"] == .int(lines.count))
      let outstanding = report["outstandingLines"]?.arrayValue ?? []
      #expect(
        Self.minor(report["outstanding"]?["total"])
          == outstanding.reduce(0) { $0 + Self.minor($1["bounty"]) })
      for month in report["byMonth"]?.arrayValue ?? [] {
        let expected = months[month["month"]?.stringValue ?? ""] ?? (0, 0, 0)
        #expect(month["count"] == .int(expected.0))
        #expect(Self.minor(month["total"]) == expected.1)
        #expect(Self.minor(month["commission"]) == expected.2)
      }
      #expect(report["byMonth"]?.arrayValue?.count == months.count)
      rostersChecked += 1
      linesChecked += lines.count
    }
    #expect(rostersChecked == rounds && linesChecked > rounds * 5)
  }
}
