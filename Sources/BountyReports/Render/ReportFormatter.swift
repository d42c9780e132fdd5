import BountyCore
import BountyStore

/// One way of writing a report. The generator calls `begin` once with the summary, then each line in
/// order, then `end`: the lines are never held together.
protocol ReportFormatter {
  func begin(_ summary: ReportSummary, _ sink: OutputSink)
  func captured(_ line: CapturedLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink)
  func endCaptured(_ summary: ReportSummary, _ sink: OutputSink)
  func outstanding(
    _ line: OutstandingLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink)
  func end(_ summary: ReportSummary, _ sink: OutputSink)
}

/// The report formats of `--format`.
public enum ReportFormat: String, CaseIterable, Sendable, ImpliedFormat {
  case text, markdown, csv, json, html

  public var fileExtensions: [String] {
    switch self {
    case .text: return ["txt", "text"]
    case .markdown: return ["md", "markdown"]
    case .csv: return ["csv"]
    case .json: return ["json"]
    case .html: return ["html", "htm"]
    }
  }

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

/// Builds reports from the store in one streaming pass over the database: the rows are summed
/// (totals, months, column widths) and spooled to a temporary file, then printed from the spool
/// after the summary. Memory stays bounded whatever the number of fugitives.
public enum ReportGenerator {
  public static func generate(
    _ store: Store, _ header: ReportHeader, format: ReportFormat, to sink: OutputSink
  ) throws {
    var summary = ReportSummary(header: header, measuresNames: format == .text)
    let captures = try ReportSpool()
    let outstanding = try ReportSpool()
    try store.forEachCapture(from: header.from, to: header.to) { row in
      try summary.addCaptured(row)
      try captures.append(row)
    }
    try store.forEachOutstanding { row in
      try summary.addOutstanding(row)
      try outstanding.append(row)
    }
    try summary.addDeadlines(store)
    if format == .html { try summary.addMapPins(store) }
    let formatter = format.formatter
    formatter.begin(summary, sink)
    var index = 0
    try captures.forEach { row in
      let line = CapturedLine(
        id: row.id, name: row.name, bounty: header.money(row.bountyMinor),
        capturedAt: row.capturedAt ?? header.generatedAt,
        commission: try header.commission(row.bountyMinor),
        expenses: header.money(row.expensesMinor), net: try header.net(row))
      formatter.captured(line, index: index, summary, sink)
      index += 1
    }
    formatter.endCaptured(summary, sink)
    index = 0
    try outstanding.forEach { row in
      formatter.outstanding(
        OutstandingLine(id: row.id, name: row.name, bounty: header.money(row.bountyMinor)),
        index: index, summary, sink)
      index += 1
    }
    formatter.end(summary, sink)
  }
}
