import BountyCore
import BountyStore

/// The CSV report (RFC 4180): one table whose first column says which section a row belongs to, so a
/// spreadsheet can filter it. Amounts are plain (`12500.00`); text a spreadsheet would run as a
/// formula is neutralised.
struct CSVReport: ReportFormatter {
  func row(_ fields: [String]) -> String {
    fields.joined(separator: ",") + "\r\n"
  }

  func begin(_ summary: ReportSummary, _ sink: OutputSink) {
    let header = summary.header
    let money = header.money
    var text = row([
      "section", "capturedAt", "id", "name", "count", "bounty", "commission", "expenses", "net",
    ])
    text += row([
      "header", header.generatedAt.iso8601, "",
      ReportText.csv(
        "hunter: \(header.hunter); agency: \(header.agency); \(ReportText.period(header)); commission \(ReportText.percent(header.rate)) \(header.rounding.rawValue); \(header.currency.code)"
      ), "", "", "", "", "",
    ])
    text += row([
      "summary-at-large", "", "", "", String(summary.outstandingCount),
      money(summary.outstandingTotalMinor).plain, "", "", "",
    ])
    text += row([
      "summary-captured", "", "", "", String(summary.capturedCount),
      money(summary.capturedTotalMinor).plain, money(summary.commissionTotalMinor).plain,
      money(summary.expensesTotalMinor).plain, money(summary.netTotalMinor).plain,
    ])
    sink.write(text)
  }

  func captured(_ line: CapturedLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink) {
    sink.write(
      row([
        "captured", line.capturedAt.iso8601, String(line.id), ReportText.csv(line.name), "1",
        line.bounty.plain, line.commission.plain, line.expenses.plain, line.net.plain,
      ]))
  }

  func endCaptured(_ summary: ReportSummary, _ sink: OutputSink) {
    let money = summary.header.money
    sink.write(
      row([
        "captured-total", "", "", "", String(summary.capturedCount),
        money(summary.capturedTotalMinor).plain, money(summary.commissionTotalMinor).plain,
        money(summary.expensesTotalMinor).plain, money(summary.netTotalMinor).plain,
      ]))
  }

  func outstanding(
    _ line: OutstandingLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink
  ) {
    sink.write(
      row([
        "outstanding", "", String(line.id), ReportText.csv(line.name), "1", line.bounty.plain, "",
        "", "",
      ]))
  }

  func end(_ summary: ReportSummary, _ sink: OutputSink) {
    let money = summary.header.money
    var text = row([
      "outstanding-total", "", "", "", String(summary.outstandingCount),
      money(summary.outstandingTotalMinor).plain, "", "", "",
    ])
    for month in summary.months {
      text += row([
        "month", month.month, "", "", String(month.count), money(month.totalMinor).plain,
        money(month.commissionMinor).plain, money(month.expensesMinor).plain,
        money(month.netMinor).plain,
      ])
    }
    text += DeadlineSection.csv(summary, row: row)
    sink.write(text)
  }
}
