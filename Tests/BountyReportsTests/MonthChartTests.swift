import BountyApp
import BountyCore
import BountyTestSupport
import Testing

@testable import BountyReports

/// The month chart cannot mislead: each series is scaled on the figure printed on its bars, from
/// zero, with round ticks, and says in words and a table what it shows.
@Suite(.onTestThreads) struct MonthChartTests {
  @Test(arguments: [
    (Int64(1), Int64(4)), (3, 4), (4, 4), (5, 8), (9, 20), (11, 20), (25, 40), (900_000, 1_000_000),
    (1_430_00, 200_000), (7_500_00, 800_000), (Int64.max, Int64.max),
  ])
  func axisTopIsRoundAndJustAboveTheLargest(largest: Int64, top: Int64) {
    #expect(MonthChart.axisTop(largest) == top)
    #expect(MonthChart.axisTop(largest) >= largest)
  }

  @Test(arguments: TestEngine.allCases)
  func barsAreScaledOnTheirOwnLabels(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    // Two months with the same number of captures but very different commission.
    for (index, (bounty, day)) in [("100", "2026-10-02"), ("90000", "2026-11-03")].enumerated() {
      try app.add("F\(index)", bounty: bounty, id: Int64(index + 1))
      try app.call("fugitives.capture", ["id": .int(Int64(index + 1)), "at": .string(day)])
    }
    let html = try app.call("report.generate", ["format": "html"])["content"]?.stringValue ?? ""
    let captures = try #require(
      html.range(of: "<svg[^>]*captures-title.*?</svg>", options: .regularExpression))
    let commission = try #require(
      html.range(of: "<svg[^>]*commission-title.*?</svg>", options: .regularExpression))
    let heights = { (svg: Substring) in
      svg.matches(of: /<rect [^>]*height="(\d+)"/).map { Int($0.1) ?? -1 }
    }
    // One capture each on an axis to 4: equal bars. Commission $10 against $9,000 on an axis to
    // $10,000: bars in that proportion.
    #expect(heights(html[captures]) == [40, 40])
    #expect(heights(html[commission]) == [0, 144])
    #expect(html[captures].contains("<title id=\"captures-title\">Captures per month</title>"))
    #expect(html[commission].contains("2026-11: $9,000.00</desc>"))
    #expect(html.contains("Commission (USD)"))
    #expect(
      html.contains(
        "<td>2026-11</td><td class=\"n\">1</td><td class=\"n\">$90,000.00</td><td class=\"n\">$9,000.00</td>"
      ))
  }

  /// Verdana Bold, the widest common sans-serif, averages under 0.72 em a character: a text that
  /// fits at that width fits in any font the reader has.
  static let wideFontEm = 0.72

  /// One month (the narrowest chart) with a commission whose tick labels are long: each title's
  /// box, and each tick label's, lies inside its SVG at 11px in the wide font.
  @Test func titlesAndLabelsFitAtAWideFont() throws {
    let app = try TestApp(engine: .sqlite)
    try app.add("F", bounty: "9000000", id: 1)
    try app.call("fugitives.capture", ["id": 1, "at": "2026-10-02"])
    let html = try app.call("report.generate", ["format": "html"])["content"]?.stringValue ?? ""
    let charts = html.matches(of: /<svg [^>]*width="(\d+)" height="(\d+)"[^>]*>.*?<\/svg>/)
    try #require(charts.count == 2)
    for chart in charts {
      let width = try #require(Double(chart.1))
      let svg = chart.0
      let title = try #require(
        svg.firstMatch(of: /<text class="title" x="(\d+)" y="(\d+)"[^>]*>([^<]*)</))
      let x = try #require(Double(title.1))
      let titleWidth = Double(title.3.count) * 11 * Self.wideFontEm
      #expect(x >= 0 && x + titleWidth <= width, "\(title.3): \(x) + \(titleWidth) > \(width)")
      #expect(try #require(Double(title.2)) >= 11, "the title's top is inside")
      for label in svg.matches(of: /<text x="(\d+)" y="\d+" text-anchor="end">([^<]*)</) {
        let right = try #require(Double(label.1))
        #expect(
          right - Double(label.2.count) * 11 * Self.wideFontEm >= 16,
          "\(label.2) clear of the axis label")
      }
    }
    #expect(html.contains(">Commission per month</text>"))
    #expect(html.contains("$900,000.00"))
  }
}
