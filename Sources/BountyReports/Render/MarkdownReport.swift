import BountyCore
import BountyStore

/// The Markdown report: the same sections as the text report, as tables.
struct MarkdownReport: ReportFormatter {
  func begin(_ summary: ReportSummary, _ sink: OutputSink) {
    let header = summary.header
    let money = header.money
    var text = "# Bounty report\n\n"
    for fact in ReportText.headerFacts(header) {
      text += "- \(fact.label): \(ReportText.markdown(fact.value))\n"
    }
    text += "\n## Summary\n\n"
    text += "| | count | bounty | commission | expenses | net |\n|---|---:|---:|---:|---:|---:|\n"
    text +=
      "| At large | \(summary.outstandingCount) | \(money(summary.outstandingTotalMinor).display) | | | |\n"
    text +=
      "| Captured in the period | \(summary.capturedCount) | \(money(summary.capturedTotalMinor).display) | \(money(summary.commissionTotalMinor).display) | \(money(summary.expensesTotalMinor).display) | \(money(summary.netTotalMinor).display) |\n\n"
    if let largest = summary.largestMinor {
      text += "Largest bounty at large: \(money(largest).display).  \n"
    }
    if let average = summary.averageDaysToCapture {
      text += "Average \(average) days from added to captured.\n"
    }
    text +=
      "\n## Captured in the period\n\n| captured | ID# | name | bounty | commission | expenses | net |\n|---|---:|---|---:|---:|---:|---:|\n"
    sink.write(text)
  }

  func captured(_ line: CapturedLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink) {
    sink.write(
      "| \(line.capturedAt.iso8601) | \(line.id) | \(ReportText.markdown(line.name)) | \(line.bounty.display) | \(line.commission.display) | \(line.expenses.display) | \(line.net.display) |\n"
    )
  }

  func endCaptured(_ summary: ReportSummary, _ sink: OutputSink) {
    let money = summary.header.money
    sink.write(
      "| **Total** | | | **\(money(summary.capturedTotalMinor).display)** | **\(money(summary.commissionTotalMinor).display)** | **\(money(summary.expensesTotalMinor).display)** | **\(money(summary.netTotalMinor).display)** |\n\n"
        + "## Outstanding (largest bounty first)\n\n| ID# | name | bounty |\n|---:|---|---:|\n")
  }

  func outstanding(
    _ line: OutstandingLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink
  ) {
    sink.write("| \(line.id) | \(ReportText.markdown(line.name)) | \(line.bounty.display) |\n")
  }

  func end(_ summary: ReportSummary, _ sink: OutputSink) {
    let money = summary.header.money
    var text = "| **Total** | | **\(money(summary.outstandingTotalMinor).display)** |\n\n"
    text +=
      "## By month\n\n| month | captures | bounty | commission | expenses | net |\n|---|---:|---:|---:|---:|---:|\n"
    for month in summary.months {
      text +=
        "| \(month.month) | \(month.count) | \(money(month.totalMinor).display) | \(money(month.commissionMinor).display) | \(money(month.expensesMinor).display) | \(money(month.netMinor).display) |\n"
    }
    text +=
      "| **Total** | **\(summary.capturedCount)** | **\(money(summary.capturedTotalMinor).display)** | **\(money(summary.commissionTotalMinor).display)** | **\(money(summary.expensesTotalMinor).display)** | **\(money(summary.netTotalMinor).display)** |\n"
    text += DeadlineSection.markdown(summary)
    sink.write(text)
  }
}
