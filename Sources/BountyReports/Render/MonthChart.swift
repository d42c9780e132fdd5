import BountyCore

/// The HTML report's month chart: two bar series side by side, captures (a count) and commission
/// (an amount), each on its own labelled axis starting at zero, each bar scaled on the very number
/// printed above it. The SVG has a `<title>` and `<desc>` for screen readers, and the figures are
/// also given as a table.
struct MonthChart {
  let summary: ReportSummary

  /// One series: what its bars measure, how a value is written, and the values by month.
  struct Series {
    let title: String
    let axisLabel: String
    let values: [Int64]
    let text: (Int64) -> String
    let color: String
  }

  static let plotHeight: Int64 = 160
  static let barWidth = 40
  static let gap = 14
  /// The least room left of the plot for the tick labels and the axis label.
  static let left = 84
  /// The text's font size in pixels (the report's style sets `svg text` to 11px).
  static let fontSize = 11
  /// A character's width, in ems, that no common sans-serif exceeds on average, bold included
  /// (Verdana Bold, the widest, averages about 0.7): the chart leaves this much room for text it
  /// cannot measure, since the reader's font decides the real width.
  static let wideCharacter = 0.75

  /// The width `text` may need at `fontSize` in the widest font the reader may have.
  static func roomFor(_ text: String) -> Int {
    Int((Double(text.count * fontSize) * wideCharacter).rounded(.up))
  }

  /// The `<figure>` with both charts, then the data table; empty when no month has a capture.
  func html() -> String {
    let months = summary.months
    guard !months.isEmpty else { return "" }
    let money = summary.header.money
    let captures = Series(
      title: "Captures per month", axisLabel: "Captures (number)", values: months.map(\.count),
      text: { String($0) }, color: "#8b5a2b")
    let commission = Series(
      title: "Commission per month",
      axisLabel: "Commission (\(summary.header.currency.code))",
      values: months.map(\.commissionMinor), text: { money($0).display }, color: "#2b5d8b")
    var html = "<h2>Captures by month</h2>\n<figure class=\"chart\">"
    html += svg(captures, id: "captures") + svg(commission, id: "commission")
    html +=
      "<figcaption>Left: how many fugitives were captured each month. Right: the commission "
      + "earned on them. Each bar's height is proportional to the number written above it; "
      + "both axes start at zero.</figcaption></figure>\n"
    // The table follows the figure: HTML lets a figcaption be only a figure's first or last child.
    html += "<table class=\"chart-data\"><caption>Figures of the charts</caption>"
    html +=
      "<thead><tr><th>Month</th><th class=\"n\">Captures</th><th class=\"n\">Bounty</th>"
      + "<th class=\"n\">Commission</th></tr></thead><tbody>"
    for month in months {
      html +=
        "<tr><td>\(month.month)</td><td class=\"n\">\(month.count)</td>"
        + "<td class=\"n\">\(money(month.totalMinor).display)</td>"
        + "<td class=\"n\">\(money(month.commissionMinor).display)</td></tr>"
    }
    return html + "</tbody></table>\n"
  }

  /// One series as an SVG bar chart with a y axis of round ticks from zero.
  func svg(_ series: Series, id: String) -> String {
    let months = summary.months
    let top = Self.axisTop(series.values.max() ?? 0)
    let ticks = (0...Self.tickCount).map { top / Int64(Self.tickCount) * Int64($0) }
    // Room for the widest tick label right-aligned at `left - 8`, after the axis label's column.
    let left = max(Self.left, 32 + (ticks.map { Self.roomFor(series.text($0)) }.max() ?? 0))
    // The title stands alone above the plot, from the left edge: the chart is at least as wide.
    let plotWidth = left + months.count * (Self.barWidth + Self.gap) + Self.gap
    let width = max(plotWidth, 8 + Self.roomFor(series.title))
    let height = Int(Self.plotHeight) + 70
    let baseline = 30 + Int(Self.plotHeight)
    let described = zip(months, series.values).map { "\($0.month): \(series.text($1))" }
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" "
      + "width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">"
    svg += "<title id=\"\(id)-title\">\(series.title)</title>"
    svg += "<desc id=\"\(id)-desc\">\(described.joined(separator: "; "))</desc>"
    svg +=
      "<text class=\"title\" x=\"4\" y=\"14\" font-weight=\"bold\">\(series.title)</text>"
    for (step, value) in ticks.enumerated() {
      let y = baseline - Int(Self.scaled(value, top))
      svg +=
        "<line x1=\"\(left - 4)\" x2=\"\(plotWidth - Self.gap / 2)\" y1=\"\(y)\" y2=\"\(y)\" "
        + "stroke=\"\(step == 0 ? "#333" : "#ddd")\"/>"
      svg +=
        "<text x=\"\(left - 8)\" y=\"\(y + 4)\" text-anchor=\"end\">\(series.text(value))</text>"
    }
    svg +=
      "<line x1=\"\(left - 4)\" x2=\"\(left - 4)\" y1=\"30\" y2=\"\(baseline)\" stroke=\"#333\"/>"
    svg +=
      "<text transform=\"translate(12 \(baseline - Int(Self.plotHeight) / 2)) rotate(-90)\" "
      + "text-anchor=\"middle\">\(series.axisLabel)</text>"
    for (index, (month, value)) in zip(months, series.values).enumerated() {
      let barHeight = Int(Self.scaled(value, top))
      let x = left + Self.gap + index * (Self.barWidth + Self.gap)
      let middle = x + Self.barWidth / 2
      svg +=
        "<rect x=\"\(x)\" y=\"\(baseline - barHeight)\" width=\"\(Self.barWidth)\" "
        + "height=\"\(barHeight)\" fill=\"\(series.color)\"><title>\(month.month): "
        + "\(series.text(value))</title></rect>"
      svg +=
        "<text x=\"\(middle)\" y=\"\(baseline - barHeight - 4)\" text-anchor=\"middle\">"
        + "\(series.text(value))</text>"
      svg +=
        "<text x=\"\(middle)\" y=\"\(baseline + 16)\" text-anchor=\"middle\">\(month.month)</text>"
    }
    return svg + "</svg>"
  }

  static let tickCount = 4

  /// The bar height of `value` on an axis from 0 to `top`, exact in whole numbers.
  static func scaled(_ value: Int64, _ top: Int64) -> Int64 {
    Int64(Int128(value) * Int128(plotHeight) / Int128(max(1, top)))
  }

  /// The axis' top: `tickCount` round steps (1, 2, 2.5 or 5 × 10ⁿ) that just reach `largest`, so
  /// every tick is a round number and the tallest bar fills most of the height.
  static func axisTop(_ largest: Int64) -> Int64 {
    guard largest > 0 else { return Int64(tickCount) }
    var magnitude: Int64 = 1
    while true {
      // In tenths of the magnitude: 2.5 only once it is a whole number.
      for tenths: Int64 in magnitude >= 10 ? [10, 20, 25, 50] : [10, 20, 50] {
        let (scaled, overflow) = magnitude.multipliedReportingOverflow(by: tenths)
        if overflow { return largest }
        let step = scaled / 10
        let needed = largest / Int64(tickCount) + (largest % Int64(tickCount) == 0 ? 0 : 1)
        if step >= needed {
          let (top, overflow) = step.multipliedReportingOverflow(by: Int64(tickCount))
          return overflow ? largest : top
        }
      }
      let (next, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      if overflow { return largest }
      magnitude = next
    }
  }
}
