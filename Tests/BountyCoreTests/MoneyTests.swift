import BountyTestSupport
import Testing

@testable import BountyCore

@Suite(.onTestThreads) struct MoneyTests {
  static let usd = Currency.usd
  static let jpy = Currency.named("JPY")!
  static let bhd = Currency.named("BHD")!

  @Test(
    arguments: [
      ("0", 0), ("0.01", 1), ("92233720368547758.07", Int64.max), ("12500", 1_250_000),
      ("12500.5", 1_250_050), ("12,500.50", 1_250_050), ("$12,500.50", 1_250_050),
      ("12500.50 USD", 1_250_050), ("$12,500.50 usd", 1_250_050), ("  7.25  ", 725),
      ("\t1\n", 100), ("1,000,000", 100_000_000),
    ] as [(String, Int64)])
  func acceptsWellFormedAmounts(text: String, minor: Int64) throws {
    #expect(try Money.parse(text, currency: Self.usd).get().minorUnits == minor)
  }

  @Test(arguments: [
    "92233720368547758.08", "1,5", "1.5abc", "1_000", "1.", "1e3", "-0", "0.001", "$", "",
    "   ", "١٢٣", "１２３", "-5", "+5", "NaN", "inf", ".5", "1..0", "12,50.00", ",100", "100,",
    "1,2345", "$$5", "5$", "0x10", "12500.50 EUR", "€5", "1 000", "99999999999999999999",
  ])
  func refusesEverythingElse(text: String) {
    #expect(throws: MoneyParseError.self) { try Money.parse(text, currency: Self.usd).get() }
  }

  @Test func scalesFollowTheCurrency() throws {
    #expect(try Money.parse("12500", currency: Self.jpy).get().minorUnits == 12_500)
    #expect(throws: MoneyParseError.self) { try Money.parse("12500.5", currency: Self.jpy).get() }
    #expect(try Money.parse("1.234", currency: Self.bhd).get().minorUnits == 1234)
    #expect(Money(minorUnits: 1234, currency: Self.bhd).plain == "1.234")
    #expect(Money(minorUnits: 1_234_567, currency: Self.jpy).display == "¥1,234,567")
  }

  @Test func negativesOnlyWhenAllowed() throws {
    #expect(
      try Money.parse("-$1,234.50", currency: Self.usd, allowNegative: true).get().minorUnits
        == -123_450)
    #expect(Money(minorUnits: -123_450, currency: Self.usd).display == "-$1,234.50")
    #expect(Money(minorUnits: -5, currency: Self.usd).plain == "-0.05")
  }

  /// Formatting, checked against an independent construction: insert the point into the digit
  /// string, and group by walking it from the right. Then parsing gives the amount back.
  @Test func formatsTenThousandAmounts() throws {
    var generator = SplitMix(state: 2026)
    for round in 0..<10_000 {
      let minor: Int64 =
        round % 3 == 0
        ? Int64.random(in: 0...999, using: &generator)
        : Int64.random(in: 0...Int64.max, using: &generator)
          >> Int64.random(in: 0...60, using: &generator)
      var digits = Array(String(minor))
      while digits.count < 3 { digits.insert("0", at: 0) }
      let whole = String(digits.dropLast(2))
      let fraction = String(digits.suffix(2))
      let money = Money(minorUnits: minor, currency: Self.usd)
      #expect(money.plain == "\(whole).\(fraction)")
      var grouped = ""
      for (offset, character) in whole.reversed().enumerated() {
        if offset > 0 && offset % 3 == 0 { grouped.append(",") }
        grouped.append(character)
      }
      #expect(money.display == "$" + String(grouped.reversed()) + "." + fraction)
      #expect(try Money.parse(money.display, currency: Self.usd).get() == money)
      #expect(try Money.parse(money.plain, currency: Self.usd).get() == money)
    }
  }

  /// Checked addition against Int128 arithmetic: exact when it fits, nil (never a wrap) otherwise.
  @Test func addsTenThousandPairs() {
    var generator = SplitMix(state: 7)
    var overflowed = 0
    for _ in 0..<10_000 {
      let a =
        Int64.random(in: 0...Int64.max, using: &generator)
        >> Int64.random(in: 0...2, using: &generator)
      let b =
        Int64.random(in: 0...Int64.max, using: &generator)
        >> Int64.random(in: 0...2, using: &generator)
      let exact = Int128(a) + Int128(b)
      let sum = Money(minorUnits: a, currency: Self.usd).adding(
        Money(minorUnits: b, currency: Self.usd))
      if exact > Int128(Int64.max) {
        overflowed += 1
        #expect(sum == nil)
      } else {
        #expect(sum?.minorUnits == Int64(exact))
      }
      let difference = Money(minorUnits: a, currency: Self.usd).subtracting(
        Money(minorUnits: b, currency: Self.usd))
      #expect(difference?.minorUnits == a - b)
    }
    #expect(overflowed > 100)
    let amounts = (0..<100).map { _ in Money(minorUnits: Int64.max / 50, currency: Self.usd) }
    #expect(Money.sum(amounts, currency: Self.usd) == nil)
    #expect(Money.sum(amounts.prefix(10), currency: Self.usd)?.minorUnits == Int64.max / 50 * 10)
  }

  @Test func roundingModesDifferOnlyOnTies() {
    let rate = ExactDecimal(significand: 50, scale: 0)
    func percent(_ minor: Int64, _ mode: RoundingMode) -> Int64? {
      Money(minorUnits: minor, currency: Self.usd).percentage(rate, rounding: mode)?.minorUnits
    }
    #expect(percent(5, .halfEven) == 2)
    #expect(percent(5, .halfUp) == 3)
    #expect(percent(7, .halfEven) == 4)
    #expect(percent(7, .halfUp) == 4)
    #expect(percent(Int64.max, .halfUp) == Int64.max / 2 + 1)
  }

  @Test func allocationEdgeCases() {
    let total = Money(minorUnits: 100, currency: Self.usd)
    #expect(total.allocated(into: 3)?.map(\.minorUnits) == [34, 33, 33])
    #expect(total.allocated(byRatios: []) == nil)
    #expect(total.allocated(byRatios: [0, 0]) == nil)
    #expect(total.allocated(byRatios: [1, -1]) == nil)
    #expect(
      Money(minorUnits: Int64.max, currency: Self.usd).allocated(into: 7)?.reduce(Int64(0)) {
        $0 + $1.minorUnits
      } == Int64.max)
  }

  @Test func exactDecimalsParseStrictly() {
    #expect(ExactDecimal("12.5")?.description == "12.5")
    #expect(ExactDecimal("10.000")?.description == "10")
    #expect(ExactDecimal("33.333") == ExactDecimal(significand: 33_333, scale: 3))
    for bad in ["", "-1", "1e2", "1.", ".5", "1,5", "abc", "0.0000000001"] {
      #expect(ExactDecimal(bad) == nil, "\(bad)")
    }
  }
}

@Suite(.onTestThreads) struct MoneyBytesTests {
  /// The byte writer reports use gives exactly `plain`, for every scale and sign.
  @Test func writePlainEqualsPlain() {
    for currency in [Currency.usd, Currency.named("JPY")!, Currency.named("BHD")!] {
      for minor: Int64 in [
        0, 1, 9, 10, 99, 100, 101, 12_345, -5, -12_345, Int64.max, Int64.min + 1,
      ] {
        let money = Money(minorUnits: minor, currency: currency)
        var bytes: [UInt8] = []
        money.writePlain(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == money.plain, "\(minor) \(currency.code)")
      }
    }
  }
}
