import BountyCore
import BountyStore

/// The plain-text report: aligned columns, money with symbol and grouping, totals under each column.
struct TextReport: ReportFormatter {
  func moneyWidth(_ summary: ReportSummary) -> Int {
    let header = summary.header
    let totals = [
      summary.capturedTotalMinor, summary.outstandingTotalMinor, summary.commissionTotalMinor,
      summary.expensesTotalMinor, summary.netTotalMinor, summary.deadlineBondTotalMinor,
    ]
    return max(10, totals.map { header.money($0).display.count }.max() ?? 0)
  }

  func begin(_ summary: ReportSummary, _ sink: OutputSink) {
    let header = summary.header
    let money = header.money
    var text = "BOUNTY REPORT\n"
    for fact in ReportText.headerFacts(header) {
      text += ReportText.pad(fact.label + ":", 13) + ReportText.plain(fact.value) + "\n"
    }
    text += "\n"
    text += "SUMMARY\n"
    text +=
      "At large:    \(counted(summary.outstandingCount, "fugitive", "fugitives")), \(money(summary.outstandingTotalMinor).display) in bounties"
    if let largest = summary.largestMinor { text += ", largest \(money(largest).display)" }
    text +=
      "\nCaptured:    \(summary.capturedCount) in the period, \(money(summary.capturedTotalMinor).display) in bounties, "
    text += "\(money(summary.commissionTotalMinor).display) commission\n"
    text +=
      "Net:         \(money(summary.netTotalMinor).display) after commission and "
      + "\(money(summary.expensesTotalMinor).display) expenses\n"
    if let average = summary.averageDaysToCapture {
      text += "Average:     \(average) days from added to captured\n"
    }
    text += "\nCAPTURED IN THE PERIOD (by capture time)\n"
    let width = moneyWidth(summary)
    text +=
      ReportText.pad("Captured", 20) + "  " + ReportText.pad("ID#", 10, right: true) + "  "
      + ReportText.pad("Name", summary.nameWidth) + "  "
      + ReportText.pad("Bounty", width, right: true) + "  "
      + ReportText.pad("Commission", width, right: true) + "  "
      + ReportText.pad("Expenses", width, right: true) + "  "
      + ReportText.pad("Net", width, right: true) + "\n"
    sink.write(text)
  }

  func captured(_ line: CapturedLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink) {
    let width = moneyWidth(summary)
    sink.write(
      ReportText.pad(line.capturedAt.iso8601, 20) + "  "
        + ReportText.pad(String(line.id), 10, right: true) + "  "
        + ReportText.pad(ReportText.plain(line.name), summary.nameWidth) + "  "
        + ReportText.pad(line.bounty.display, width, right: true) + "  "
        + ReportText.pad(line.commission.display, width, right: true) + "  "
        + ReportText.pad(line.expenses.display, width, right: true) + "  "
        + ReportText.pad(line.net.display, width, right: true) + "\n")
  }

  func endCaptured(_ summary: ReportSummary, _ sink: OutputSink) {
    let width = moneyWidth(summary)
    let money = summary.header.money
    let rule =
      String(repeating: " ", count: 36 + summary.nameWidth)
      + String(repeating: "-", count: width * 4 + 6)
    sink.write(
      rule + "\n" + ReportText.pad("Total", 36 + summary.nameWidth)
        + ReportText.pad(money(summary.capturedTotalMinor).display, width, right: true)
        + "  " + ReportText.pad(money(summary.commissionTotalMinor).display, width, right: true)
        + "  " + ReportText.pad(money(summary.expensesTotalMinor).display, width, right: true)
        + "  " + ReportText.pad(money(summary.netTotalMinor).display, width, right: true)
        + "\n\n"
        + "OUTSTANDING (largest bounty first)\n" + ReportText.pad("ID#", 10, right: true) + "  "
        + ReportText.pad("Name", summary.nameWidth) + "  "
        + ReportText.pad("Bounty", width, right: true) + "\n")
  }

  func outstanding(
    _ line: OutstandingLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink
  ) {
    sink.write(
      ReportText.pad(String(line.id), 10, right: true) + "  "
        + ReportText.pad(ReportText.plain(line.name), summary.nameWidth)
        + "  " + ReportText.pad(line.bounty.display, moneyWidth(summary), right: true) + "\n")
  }

  func end(_ summary: ReportSummary, _ sink: OutputSink) {
    let width = moneyWidth(summary)
    let money = summary.header.money
    var text =
      String(repeating: " ", count: 14 + summary.nameWidth) + String(repeating: "-", count: width)
      + "\n"
    text +=
      ReportText.pad("Total", 14 + summary.nameWidth)
      + ReportText.pad(money(summary.outstandingTotalMinor).display, width, right: true) + "\n\n"
    text += "BY MONTH (captures)\n"
    text +=
      "Month    " + ReportText.pad("Count", 7, right: true) + "  "
      + ReportText.pad("Bounty", width, right: true)
      + "  " + ReportText.pad("Commission", width, right: true) + "  "
      + ReportText.pad("Expenses", width, right: true) + "  "
      + ReportText.pad("Net", width, right: true) + "\n"
    for month in summary.months {
      text +=
        month.month + "  " + ReportText.pad(String(month.count), 7, right: true) + "  "
        + ReportText.pad(money(month.totalMinor).display, width, right: true) + "  "
        + ReportText.pad(money(month.commissionMinor).display, width, right: true) + "  "
        + ReportText.pad(money(month.expensesMinor).display, width, right: true) + "  "
        + ReportText.pad(money(month.netMinor).display, width, right: true) + "\n"
    }
    text +=
      "Total    " + ReportText.pad(String(summary.capturedCount), 7, right: true) + "  "
      + ReportText.pad(money(summary.capturedTotalMinor).display, width, right: true) + "  "
      + ReportText.pad(money(summary.commissionTotalMinor).display, width, right: true) + "  "
      + ReportText.pad(money(summary.expensesTotalMinor).display, width, right: true) + "  "
      + ReportText.pad(money(summary.netTotalMinor).display, width, right: true) + "\n"
    text += DeadlineSection.text(summary, width: width)
    sink.write(text)
  }
}
