import Testing

@testable import BountyCore

/// The independently computed vectors of shared/vectors: parse, percentage in both roundings,
/// allocation by ratios.
@Suite struct MoneyVectorTests {
  @Test func parsesEveryUSDVector() throws {
    let rows = try VectorFiles.rows("parse_usd.csv")
    #expect(rows.count > 2000)
    for row in rows {
      let result = Money.parse(row[0], currency: .usd)
      if row[1] == "ERROR" {
        #expect(throws: MoneyParseError.self, "\(row[0]) must be refused") { try result.get() }
      } else {
        #expect(try result.get().minorUnits == Int64(row[1]), "\(row[0])")
      }
    }
  }

  @Test func percentageMatchesEveryVector() throws {
    let rows = try VectorFiles.rows("percentage.csv")
    #expect(rows.count >= 20_000)
    var halfEven = 0
    var halfUp = 0
    for row in rows {
      let scale = try #require(Int(row[1]))
      let currency = Currency(code: "T\(scale)", scale: scale, symbol: "")
      let amount = Money(minorUnits: try #require(Int64(row[0])), currency: currency)
      let rate = try #require(ExactDecimal(row[2]), "rate \(row[2])")
      let mode = try #require(RoundingMode(rawValue: row[3]))
      if mode == .halfEven { halfEven += 1 } else { halfUp += 1 }
      let result = try #require(amount.percentage(rate, rounding: mode))
      #expect(result.minorUnits == Int64(row[4]), "\(row)")
    }
    #expect(halfEven >= 5000 && halfUp >= 5000)
  }

  @Test func allocationMatchesEveryVector() throws {
    let rows = try VectorFiles.rows("allocation.csv")
    #expect(rows.count >= 5000)
    var exactTies = 0
    for row in rows {
      let total = Money(minorUnits: try #require(Int64(row[0])), currency: .usd)
      let ratios = row[1].split(separator: " ").compactMap { Int64($0) }
      let expected = row[2].split(separator: " ").compactMap { Int64($0) }
      let parts = try #require(total.allocated(byRatios: ratios)).map(\.minorUnits)
      #expect(parts.reduce(0, +) == total.minorUnits)
      if parts != expected {
        // The vectors were computed with 28-digit decimals, which break an exact tie in favour of
        // the part with the smaller whole share. Where they differ from us, the remainders must
        // tie exactly, and we follow their README's rule: ties go to the earlier part.
        let sum = ratios.reduce(Int128(0)) { $0 + Int128($1) }
        let remainders = ratios.map { Int128(total.minorUnits) * Int128($0) % sum }
        let differing = parts.indices.filter { parts[$0] != expected[$0] }
        #expect(Set(differing.map { remainders[$0] }).count == 1, "not a tie: \(row)")
        let first = try #require(differing.first)
        #expect(parts[first] == expected[first] + 1, "the earlier part takes the tie: \(row)")
        exactTies += 1
      }
    }
    #expect(exactTies * 200 < rows.count, "only exact ties may differ, and they are rare")
  }
}
