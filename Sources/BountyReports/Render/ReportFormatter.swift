import BountyCore
import BountyStore

/// One way of writing a report. The generator calls `begin` once with the summary, then each line in
/// order, then `end`: the lines are never held together.
protocol ReportFormatter {
  func begin(_ summary: ReportSummary, _ sink: OutputSink)
  func captured(_ line: CapturedLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink)
  func endCaptured(_ summary: ReportSummary, _ sink: OutputSink)
  func outstanding(_ line: OutstandingLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink)
  func end(_ summary: ReportSummary, _ sink: OutputSink)
}

/// The report formats of `--format`.
public enum ReportFormat: String, CaseIterable, Sendable {
  case text, markdown, csv, json, html

  var formatter: any ReportFormatter {
    switch self {
    case .text: return TextReport()
    case .markdown: return MarkdownReport()
    case .csv: return CSVReport()
    case .json: return JSONReport()
    case .html: return HTMLReport()
    }
  }
}

/// Builds reports from the store in two streaming passes: the first sums (summary, months, widths),
/// the second writes the lines. Memory stays bounded whatever the number of fugitives.
public enum ReportGenerator {
  public static func summarize(_ store: Store, _ header: ReportHeader) throws -> ReportSummary {
    var summary = ReportSummary(header: header)
    try store.forEachCapture(from: header.from, to: header.to) { try summary.addCaptured($0) }
    try store.forEachOutstanding { try summary.addOutstanding($0) }
    return summary
  }

  public static func write(
    _ store: Store, _ summary: ReportSummary, format: ReportFormat, to sink: OutputSink
  ) throws {
    let formatter = format.formatter
    let header = summary.header
    formatter.begin(summary, sink)
    var index = 0
    try store.forEachCapture(from: header.from, to: header.to) { row in
      let line = CapturedLine(
        id: row.id, name: row.name, bounty: header.money(row.bountyMinor),
        capturedAt: row.capturedAt ?? header.generatedAt, commission: try header.commission(row.bountyMinor))
      formatter.captured(line, index: index, summary, sink)
      index += 1
    }
    formatter.endCaptured(summary, sink)
    index = 0
    try store.forEachOutstanding { row in
      formatter.outstanding(
        OutstandingLine(id: row.id, name: row.name, bounty: header.money(row.bountyMinor)),
        index: index, summary, sink)
      index += 1
    }
    formatter.end(summary, sink)
  }
}
