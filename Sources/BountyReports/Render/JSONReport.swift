import BountyCore
import BountyStore

/// The JSON report, in the fixed shape automation relies on (see docs/reports.md); money as
/// strings. Written piece by piece so a million lines never sit in memory as one value.
struct JSONReport: ReportFormatter {
  static func summaryObject(_ summary: ReportSummary) -> JSONObject {
    let header = summary.header
    let money = header.money
    return [
      "generatedAt": .string(header.generatedAt.iso8601),
      "hunter": .string(header.hunter),
      "agency": .string(header.agency),
      "period": .object([
        "from": .optional(header.from?.iso8601), "to": .optional(header.to?.iso8601),
      ]),
      "currency": .string(header.currency.code),
      "commissionRate": .string(header.rate.description),
      "rounding": .string(header.rounding.rawValue),
      "outstanding": .object([
        "count": .int(summary.outstandingCount),
        "total": .string(money(summary.outstandingTotalMinor).plain),
        "largest": .optional(summary.largestMinor.map { money($0).plain }),
      ]),
      "captured": .object([
        "count": .int(summary.capturedCount),
        "total": .string(money(summary.capturedTotalMinor).plain),
        "commission": .string(money(summary.commissionTotalMinor).plain),
        "expenses": .string(money(summary.expensesTotalMinor).plain),
        "net": .string(money(summary.netTotalMinor).plain),
        "averageDaysToCapture": .optional(summary.averageDaysToCapture),
      ]),
    ]
  }

  func begin(_ summary: ReportSummary, _ sink: OutputSink) {
    var text = JSON.object(Self.summaryObject(summary)).serialized
    text.removeLast()
    sink.write(text + ",\"lines\":[")
  }

  /// `{"id":…,"name":…,"bounty":"…` (with a leading comma after the first line), written field by
  /// field rather than through a JSON value: a report may have a million lines.
  func lineStart(index: Int, id: Int64, name: String, bounty: Money) -> [UInt8] {
    var bytes = Array((index > 0 ? #",{"id":"# : #"{"id":"#).utf8)
    bytes.append(contentsOf: String(id).utf8)
    bytes.append(contentsOf: #","name":"#.utf8)
    JSON.writeString(name, to: &bytes)
    bytes.append(contentsOf: #","bounty":""#.utf8)
    bounty.writePlain(to: &bytes)
    return bytes
  }

  func captured(_ line: CapturedLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink) {
    var bytes = lineStart(index: index, id: line.id, name: line.name, bounty: line.bounty)
    bytes.append(contentsOf: #"","capturedAt":""#.utf8)
    bytes.append(contentsOf: line.capturedAt.iso8601.utf8)
    bytes.append(contentsOf: #"","commission":""#.utf8)
    line.commission.writePlain(to: &bytes)
    bytes.append(contentsOf: #"","expenses":""#.utf8)
    line.expenses.writePlain(to: &bytes)
    bytes.append(contentsOf: #"","net":""#.utf8)
    line.net.writePlain(to: &bytes)
    bytes.append(contentsOf: #""}"#.utf8)
    sink.write(bytes)
  }

  func endCaptured(_ summary: ReportSummary, _ sink: OutputSink) {
    sink.write("],\"outstandingLines\":[")
  }

  func outstanding(
    _ line: OutstandingLine, index: Int, _ summary: ReportSummary, _ sink: OutputSink
  ) {
    var bytes = lineStart(index: index, id: line.id, name: line.name, bounty: line.bounty)
    bytes.append(contentsOf: #""}"#.utf8)
    sink.write(bytes)
  }

  func end(_ summary: ReportSummary, _ sink: OutputSink) {
    let money = summary.header.money
    let months: JSON = .array(
      summary.months.map {
        .object([
          "month": .string($0.month), "count": .int($0.count),
          "total": .string(money($0.totalMinor).plain),
          "commission": .string(money($0.commissionMinor).plain),
          "expenses": .string(money($0.expensesMinor).plain),
          "net": .string(money($0.netMinor).plain),
        ])
      })
    sink.write(
      "],\"byMonth\":" + months.serialized + ",\"deadlines\":"
        + DeadlineSection.json(summary).serialized + "}")
  }
}
