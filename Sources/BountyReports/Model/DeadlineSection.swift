import BountyCore
import BountyStore

/// One fugitive at large whose bond forfeits soon: the report's "Deadlines in the next 30 days".
public struct DeadlineLine: Sendable {
  public let id: Int64
  public let name: String
  public let forfeitureDate: CalendarDate
  /// Local calendar days from the report's date; negative when overdue.
  public let daysLeft: Int64
  public let bond: Money?
}

extension ReportSummary {
  /// The most pins the report's map shows.
  static let mapPinLimit: Int64 = 2_000

  /// Reads the capture and last-seen places the HTML report's map pins.
  mutating func addMapPins(_ store: Store) throws {
    mapPins = try store.mapPoints(from: header.from, to: header.to, limit: Self.mapPinLimit).map {
      WorldMap.Pin(
        kind: $0.captured ? .capture : .lastSeen, label: "\($0.name) (\($0.id))", point: $0.point)
    }
  }

  /// How far ahead the report's deadline section looks.
  static let deadlineWindowDays: Int64 = 30

  /// Reads the deadlines that fall within the window from the report's local date (overdue ones
  /// included) and totals their bonds exactly.
  mutating func addDeadlines(_ store: Store) throws {
    let today = Store.localDate(of: header.generatedAt)
    let last = CalendarDate(daysSinceEpoch: today.daysSinceEpoch + Self.deadlineWindowDays)
    for row in try store.deadlineRows(through: last) {
      deadlines.append(
        DeadlineLine(
          id: row.id, name: row.name, forfeitureDate: row.forfeitureDate,
          daysLeft: row.forfeitureDate.daysSinceEpoch - today.daysSinceEpoch,
          bond: row.bondMinor.map(header.money)))
      deadlineBondTotalMinor = try Self.checkedSum(deadlineBondTotalMinor, row.bondMinor ?? 0)
    }
  }
}

/// The deadline section in each report format; each format's `end` places it.
enum DeadlineSection {
  static let title = "Deadlines in the next 30 days"

  /// `126 days`, `OVERDUE 3 days`.
  static func daysText(_ line: DeadlineLine) -> String {
    let days = counted(abs(line.daysLeft), "day", "days")
    return line.daysLeft < 0 ? "OVERDUE \(days)" : days
  }

  static func text(_ summary: ReportSummary, width: Int) -> String {
    var text = "\n" + title.uppercased() + " (bonds at stake)\n"
    guard !summary.deadlines.isEmpty else { return text + "None.\n" }
    let nameWidth = max(
      4, summary.deadlines.map { ReportText.width(ReportText.plain($0.name)) }.max() ?? 4)
    text +=
      "Forfeiture  " + ReportText.pad("Days left", 16) + ReportText.pad("ID#", 10, right: true)
      + "  " + ReportText.pad("Name", nameWidth) + "  " + ReportText.pad("Bond", width, right: true)
      + "\n"
    for line in summary.deadlines {
      text +=
        "\(line.forfeitureDate)  " + ReportText.pad(daysText(line), 16)
        + ReportText.pad(String(line.id), 10, right: true) + "  "
        + ReportText.pad(ReportText.plain(line.name), nameWidth) + "  "
        + ReportText.pad(line.bond?.display ?? "—", width, right: true) + "\n"
    }
    return text + ReportText.pad("Total", 42 + nameWidth)
      + ReportText.pad(
        summary.header.money(summary.deadlineBondTotalMinor).display, width, right: true)
      + "\n"
  }

  static func markdown(_ summary: ReportSummary) -> String {
    var text = "\n## \(title)\n\n"
    guard !summary.deadlines.isEmpty else { return text + "None.\n" }
    text += "| forfeiture | days left | ID# | name | bond |\n|---|---|---:|---|---:|\n"
    for line in summary.deadlines {
      text +=
        "| \(line.forfeitureDate) | \(daysText(line)) | \(line.id) | \(ReportText.markdown(line.name)) | \(line.bond?.display ?? "—") |\n"
    }
    return text
      + "| **Total** | | | | **\(summary.header.money(summary.deadlineBondTotalMinor).display)** |\n"
  }

  static func html(_ summary: ReportSummary) -> String {
    var html = "<h2>\(title)</h2>\n"
    guard !summary.deadlines.isEmpty else { return html + "<p>None.</p>\n" }
    html +=
      "<table><thead><tr><th>Forfeiture</th><th>Days left</th><th class=\"n\">ID#</th><th>Name</th><th class=\"n\">Bond</th></tr></thead><tbody>\n"
    for line in summary.deadlines {
      let mark = line.daysLeft < 0 ? " style=\"color:#b00020;font-weight:600\"" : ""
      html +=
        "<tr\(mark)><td>\(line.forfeitureDate)</td><td>\(daysText(line))</td><td class=\"n\">\(line.id)</td><td>\(ReportText.html(line.name))</td><td class=\"n\">\(line.bond?.display ?? "—")</td></tr>\n"
    }
    return html
      + "</tbody><tfoot><tr><td colspan=\"4\">Total</td><td class=\"n\">\(summary.header.money(summary.deadlineBondTotalMinor).display)</td></tr></tfoot></table>\n"
  }

  static func csv(_ summary: ReportSummary, row: ([String]) -> String) -> String {
    var text = ""
    for line in summary.deadlines {
      text += row([
        "deadline", line.forfeitureDate.description, String(line.id), ReportText.csv(line.name),
        String(line.daysLeft), line.bond?.plain ?? "", "", "", "",
      ])
    }
    return text
      + row([
        "deadline-total", "", "", "", String(summary.deadlines.count),
        summary.header.money(summary.deadlineBondTotalMinor).plain, "", "", "",
      ])
  }

  static func json(_ summary: ReportSummary) -> JSON {
    let money = summary.header.money
    return .object([
      "withinDays": .int(ReportSummary.deadlineWindowDays),
      "bondTotal": .string(money(summary.deadlineBondTotalMinor).plain),
      "lines": .array(
        summary.deadlines.map { line in
          .object([
            "id": .int(line.id), "name": .string(line.name),
            "forfeitureDate": .string(line.forfeitureDate.description),
            "daysLeft": .int(line.daysLeft), "bond": .optional(line.bond?.plain),
          ])
        }),
    ])
  }
}
