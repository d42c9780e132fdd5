import BountyCore
import BountyStore

/// The HTML report: one self-contained, printable file (inline CSS, no script, nothing fetched),
/// with inline SVG bar charts of captures and commission by month (`MonthChart`). Every string from the database is
/// escaped.
struct HTMLReport: ReportFormatter {
  static let style = """
    body{font:14px/1.4 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#1d1d1f;max-width:60rem;margin:2rem auto;padding:0 1rem}
    h1{font-size:1.6rem;margin:0 0 .2rem}h2{font-size:1.1rem;margin:2rem 0 .5rem;border-bottom:2px solid #8b5a2b;padding-bottom:.2rem}
    .meta{color:#555;margin:0 0 1rem}table{border-collapse:collapse;width:100%}th,td{padding:.25rem .5rem;border-bottom:1px solid #ddd;text-align:left}
    td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}tfoot td{font-weight:600;border-top:2px solid #333;border-bottom:none}
    .cards{display:flex;gap:1rem;flex-wrap:wrap}.card{flex:1;min-width:14rem;border:1px solid #ddd;border-radius:6px;padding:.75rem 1rem;background:#faf7f2}
    .card b{display:block;font-size:1.4rem}svg text{font:11px sans-serif;fill:#333}svg{max-width:100%;height:auto}
    figure.chart{margin:0;display:flex;flex-wrap:wrap;gap:1rem}figure.chart figcaption{flex-basis:100%;color:#555}table.chart-data{font-size:.9rem}
    @media print{body{margin:0;max-width:none}h2{break-after:avoid}tr{break-inside:avoid}}
    @media (max-width:40rem){body{margin:1rem auto;padding:0 .5rem}table{font-size:.8rem;display:block;overflow-x:auto}th,td{padding:.2rem .3rem}}
    """

  func begin(_ summary: ReportSummary, _ sink: OutputSink) {
    let header = summary.header
    let money = header.money
    var html =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Bounty report</title>"
    html += "<style>\(Self.style)</style></head><body>\n<h1>Bounty report</h1>\n<p class=\"meta\">"
    var meta: [String] = []
    if !header.hunter.isEmpty { meta.append("Hunter: " + ReportText.htmlIsolated(header.hunter)) }
    if !header.agency.isEmpty { meta.append("Agency: " + ReportText.htmlIsolated(header.agency)) }
    meta.append("Period: " + ReportText.period(header))
    meta.append(
      "Commission \(ReportText.percent(header.rate)) of each bounty, rounded \(header.rounding.rawValue) per line"
    )
    meta.append("\(header.currency.code) · generated \(header.generatedAt.iso8601)")
    html += meta.joined(separator: "<br>") + "</p>\n<div class=\"cards\">"
    html +=
      "<div class=\"card\">At large<b>\(summary.outstandingCount)</b>\(money(summary.outstandingTotalMinor).display) in bounties"
    if let largest = summary.largestMinor { html += ", largest \(money(largest).display)" }
    html += "</div><div class=\"card\">Captured in the period<b>\(summary.capturedCount)</b>"
    html +=
      "\(money(summary.capturedTotalMinor).display) in bounties, \(money(summary.commissionTotalMinor).display) commission"
    html +=
      "<br>net \(money(summary.netTotalMinor).display) after \(money(summary.expensesTotalMinor).display) expenses"
    if let average = summary.averageDaysToCapture {
      html += "<br>average \(average) days to capture"
    }
    html += "</div></div>\n"
    html += MonthChart(summary: summary).html()
    let map = WorldMap.svg(summary.mapPins, title: "Captures in the period and last sightings")
    if !map.isEmpty { html += "<h2>Where captured and last seen</h2>\n\(map)\n" }
    html +=
      "<h2>Captured in the period</h2>\n<table><thead><tr><th>Captured</th><th class=\"n\">ID#</th><th>Name</th>"
    html +=
      "<th class=\"n\">Bounty</th><th class=\"n\">Commission</th><th class=\"n\">Expenses</th><th class=\"n\">Net</th></tr></thead><tbody>\n"
    sink.write(html)
  }

  func captured(_ line: CapturedLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink) {
    sink.write(
      "<tr><td>\(line.capturedAt.iso8601)</td><td class=\"n\">\(line.id)</td><td>\(ReportText.htmlIsolated(line.name))</td>"
        + "<td class=\"n\">\(line.bounty.display)</td><td class=\"n\">\(line.commission.display)</td>"
        + "<td class=\"n\">\(line.expenses.display)</td><td class=\"n\">\(line.net.display)</td></tr>\n"
    )
  }

  func endCaptured(_ summary: ReportSummary, _ sink: OutputSink) {
    let money = summary.header.money
    sink.write(
      "</tbody><tfoot><tr><td colspan=\"3\">Total</td><td class=\"n\">\(money(summary.capturedTotalMinor).display)</td>"
        + "<td class=\"n\">\(money(summary.commissionTotalMinor).display)</td>"
        + "<td class=\"n\">\(money(summary.expensesTotalMinor).display)</td><td class=\"n\">\(money(summary.netTotalMinor).display)</td></tr></tfoot></table>\n"
        + "<h2>Outstanding (largest bounty first)</h2>\n<table><thead><tr><th class=\"n\">ID#</th><th>Name</th>"
        + "<th class=\"n\">Bounty</th></tr></thead><tbody>\n")
  }

  func outstanding(
    _ line: OutstandingLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink
  ) {
    sink.write(
      "<tr><td class=\"n\">\(line.id)</td><td>\(ReportText.htmlIsolated(line.name))</td><td class=\"n\">\(line.bounty.display)</td></tr>\n"
    )
  }

  func end(_ summary: ReportSummary, _ sink: OutputSink) {
    let money = summary.header.money
    var html =
      "</tbody><tfoot><tr><td colspan=\"2\">Total</td><td class=\"n\">\(money(summary.outstandingTotalMinor).display)</td></tr></tfoot></table>\n"
    html +=
      "<h2>By month</h2>\n<table><thead><tr><th>Month</th><th class=\"n\">Captures</th><th class=\"n\">Bounty</th><th class=\"n\">Commission</th><th class=\"n\">Expenses</th><th class=\"n\">Net</th></tr></thead><tbody>\n"
    for month in summary.months {
      html +=
        "<tr><td>\(month.month)</td><td class=\"n\">\(month.count)</td><td class=\"n\">\(money(month.totalMinor).display)</td><td class=\"n\">\(money(month.commissionMinor).display)</td><td class=\"n\">\(money(month.expensesMinor).display)</td><td class=\"n\">\(money(month.netMinor).display)</td></tr>\n"
    }
    html +=
      "</tbody><tfoot><tr><td>Total</td><td class=\"n\">\(summary.capturedCount)</td><td class=\"n\">\(money(summary.capturedTotalMinor).display)</td><td class=\"n\">\(money(summary.commissionTotalMinor).display)</td><td class=\"n\">\(money(summary.expensesTotalMinor).display)</td><td class=\"n\">\(money(summary.netTotalMinor).display)</td></tr></tfoot></table>\n"
    html += DeadlineSection.html(summary) + "</body></html>\n"
    sink.write(html)
  }
}
