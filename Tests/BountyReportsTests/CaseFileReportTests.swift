import BountyApp
import BountyCore
import BountyStore
import BountyTestSupport
import Testing

/// Expenses and net in the report, splits, the redacted dossier and the map, checked against
/// computations made here from the digits.
@Suite(.onTestThreads) struct CaseFileReportTests {
  /// Minor units from an amount's text, digit by digit: `"1234.50"` → 123450 (the text has the
  /// currency's decimals; a leading `-` is a negative amount).
  static func minor(_ json: JSON?) -> Int128 {
    guard var text = json?.stringValue else { return -999_999_999 }
    let negative = text.hasPrefix("-")
    if negative { text.removeFirst() }
    var value: Int128 = 0
    for character in text where character != "." {
      guard let digit = character.wholeNumberValue else { return -999_999_999 }
      value = value * 10 + Int128(digit)
    }
    return negative ? -value : value
  }

  /// A random amount with `scale` decimals as text: `"4821.07"`, `"12"`, `"0.005"`.
  static func amountText(_ generator: inout SplitMix, scale: Int, maxWhole: Int64) -> String {
    let whole = Int64.random(in: 0...maxWhole, using: &generator)
    guard scale > 0 else { return String(whole) }
    let fraction = (0..<scale).map { _ in String(Int.random(in: 0...9, using: &generator)) }
    return "\(whole).\(fraction.joined())"
  }

  /// Net, expenses and their totals over random rosters in currencies of 0, 2 and 3 decimals and
  /// both roundings: each line's net is bounty − commission − its expenses, and each total (per
  /// month and in the summary) is the sum of its printed lines.
  @Test(arguments: [("JPY", 0), ("USD", 2), ("BHD", 3)], TestEngine.allCases)
  func netAndExpensesAddUpExactly(example: (String, Int), engine: TestEngine) throws {
    let (currency, scale) = example
    let app = try TestApp(engine: engine)
    try app.call("settings.set", ["key": "currency", "value": .string(currency)])
    var generator = SplitMix(state: 16 + UInt64(scale))
    let rates = ["10", "12.5", "33.333", "0", "17.75"]
    var linesChecked = 0
    let rounds = engine.rounds(60)
    for round in 0..<rounds {
      let rate = rates[round % rates.count]
      let mode = round % 2 == 0 ? "half-even" : "half-up"
      try app.call("settings.set", ["key": "commission.rate", "value": .string(rate)])
      try app.call("settings.set", ["key": "rounding", "value": .string(mode)])
      try app.store.database.transaction(write: true) {
        try app.store.database.execute("DELETE FROM fugitive")
      }
      var expectedExpenses: [Int64: Int128] = [:]
      for id in 1...Int64.random(in: 1...12, using: &generator) {
        let captured = Bool.random(using: &generator)
        try app.call(
          "fugitives.add",
          [
            "id": .int(id), "name": .string("F\(id)"),
            "bounty": .string(Self.amountText(&generator, scale: scale, maxWhole: 200_000)),
          ])
        if captured {
          let day = Int.random(in: 1...28, using: &generator)
          let month = Int.random(in: 1...11, using: &generator)
          let date = "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
          try app.call("fugitives.capture", ["id": .int(id), "at": .string(date + "T12:00:00Z")])
        }
        var sum: Int128 = 0
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
          let amount = Self.amountText(&generator, scale: scale, maxWhole: 3_000)
          try app.call("expenses.add", ["id": .int(id), "amount": .string(amount), "memo": "e"])
          sum += Self.minor(.string(amount))
        }
        expectedExpenses[id] = sum
      }
      let report = try app.call("report.generate", ["format": "json"])
      var totals: (bounty: Int128, commission: Int128, expenses: Int128, net: Int128) = (0, 0, 0, 0)
      var months: [String: (Int128, Int128)] = [:]
      for line in report["lines"]?.arrayValue ?? [] {
        guard case .number(let idText)? = line["id"], let id = Int64(idText) else {
          Issue.record("a line without an id")
          continue
        }
        let bounty = Self.minor(line["bounty"])
        let commission = Self.minor(line["commission"])
        #expect(
          commission
            == Int128(
              ReportExactnessTests.expectedCommission(Int64(bounty), rate: rate, mode: mode)))
        #expect(Self.minor(line["expenses"]) == expectedExpenses[id])
        #expect(Self.minor(line["net"]) == bounty - commission - (expectedExpenses[id] ?? 0))
        totals.bounty += bounty
        totals.commission += commission
        totals.expenses += Self.minor(line["expenses"])
        totals.net += Self.minor(line["net"])
        let month = String(line["capturedAt"]?.stringValue?.prefix(7) ?? "")
        let sums = months[month] ?? (0, 0)
        months[month] = (sums.0 + Self.minor(line["expenses"]), sums.1 + Self.minor(line["net"]))
        linesChecked += 1
      }
      #expect(Self.minor(report["captured"]?["expenses"]) == totals.expenses)
      #expect(Self.minor(report["captured"]?["net"]) == totals.net)
      #expect(totals.net == totals.bounty - totals.commission - totals.expenses)
      for month in report["byMonth"]?.arrayValue ?? [] {
        let expected = months[month["month"]?.stringValue ?? ""] ?? (-1, -1)
        #expect(Self.minor(month["expenses"]) == expected.0)
        #expect(Self.minor(month["net"]) == expected.1)
      }
    }
    #expect(linesChecked > rounds * 5 / 3)
  }

  /// The largest-remainder split, computed here from the exact fractions: every part is the floor
  /// of its share or one more, the extra units go to the largest remainders (ties to the earlier
  /// case), and the parts add up to the amount.
  static func expectedSplit(_ amount: Int128, _ ratios: [Int128]) -> [Int128] {
    let total = ratios.reduce(0, +)
    var parts = ratios.map { amount * $0 / total }
    let remainders = ratios.map { amount * $0 % total }
    var left = amount - parts.reduce(0, +)
    for index in ratios.indices.sorted(by: {
      remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1
    }) where left > 0 {
      parts[index] += 1
      left -= 1
    }
    return parts
  }

  @Test(arguments: [("JPY", 0), ("USD", 2), ("BHD", 3)], TestEngine.allCases)
  func splitsAddUpToTheLastMinorUnit(example: (String, Int), engine: TestEngine) throws {
    let (currency, scale) = example
    let app = try TestApp(engine: engine)
    try app.call("settings.set", ["key": "currency", "value": .string(currency)])
    var generator = SplitMix(state: 99 + UInt64(scale))
    for id in Int64(1)...8 {
      try app.add("F\(id)", id: id)
      try app.call(
        "fugitives.bond",
        [
          "id": .int(id),
          "amount": .string("1" + Self.amountText(&generator, scale: scale, maxWhole: 90_000)),
        ])
    }
    var splits = 0
    for round in 0..<200 {
      let ids = Array(
        (Int64(1)...8).shuffled(using: &generator).prefix(Int.random(in: 2...8, using: &generator)))
      let amount = Self.amountText(&generator, scale: scale, maxWhole: 50_000)
      let byBond = round % 2 == 0
      let result = try app.call(
        "expenses.split",
        [
          "amount": .string(amount), "memo": "shared", "ids": .array(ids.map(JSON.int)),
          "by": byBond ? "bond" : "even",
        ])
      let ratios: [Int128] =
        byBond
        ? try ids.map { id in
          Self.minor(try app.call("fugitives.get", ["id": .int(id)])["bond"]?["amount"])
        } : ids.map { _ in 1 }
      let parts = (result["parts"]?.arrayValue ?? []).map { Self.minor($0["amount"]) }
      #expect(parts == Self.expectedSplit(Self.minor(.string(amount)), ratios))
      #expect(parts.reduce(0, +) == Self.minor(.string(amount)))
      splits += 1
    }
    #expect(splits == 200)
  }
}
