import BountyCore

/// The case-file parts of a dossier (issue 16): aliases, descriptors, bond and court, expenses,
/// the closing; the points on the map with their OpenStreetMap links; and the redaction applied
/// before a dossier is sent to a bondsman or the police.
enum DossierCaseFile {
  /// What `--redact` keeps: the date of birth as its year, positions rounded to 0.1°, no case notes
  /// and no expenses.
  static func redacted(_ fugitive: Fugitive) -> Fugitive {
    var copy = fugitive
    copy.notes = []
    copy.caseFile.expenses = []
    copy.captureLocation = fugitive.captureLocation?.roundedToTenth
    if var seen = fugitive.lastSeen {
      // The sighting's words can say more than its point ("Room 12, 1234 Secret St").
      seen.description = nil
      if let lat = seen.lat, let lon = seen.lon {
        let rounded = GeoPoint(lat: lat, lon: lon).roundedToTenth
        seen.lat = rounded.lat
        seen.lon = rounded.lon
      }
      copy.lastSeen = seen
    }
    return copy
  }

  /// A position as the dossier prints it: 3 decimals, or the 1 a redacted dossier keeps.
  static func place(_ point: GeoPoint, redacted: Bool) -> String {
    redacted ? point.tenthsDisplay : point.display
  }

  /// The facts after the card's own: label and raw value (each format escapes).
  static func facts(_ fugitive: Fugitive, redacted: Bool) -> [(String, String)] {
    let file = fugitive.caseFile
    var facts: [(String, String)] = []
    if !file.aliases.isEmpty { facts.append(("Aliases", file.aliases.joined(separator: "; "))) }
    if let descriptors = file.descriptors {
      if let dob = descriptors.dob {
        facts.append(redacted ? ("Born", "\(dob.year)") : ("Born", dob.description))
      }
      for (label, value) in [
        ("Height", descriptors.height), ("Weight", descriptors.weight),
        ("Eyes", descriptors.eyes), ("Hair", descriptors.hair), ("Marks", descriptors.marks),
      ] {
        if let value { facts.append((label, value)) }
      }
    }
    if let bond = file.bond {
      if let amount = bond.amount { facts.append(("Bond", amount.display)) }
      if let court = bond.court { facts.append(("Court", court)) }
      if let number = bond.caseNumber { facts.append(("Case number", number)) }
      if let fta = bond.ftaDate { facts.append(("FTA date", fta.description)) }
      if let deadline = bond.forfeitureDate {
        var text = deadline.description
        if let days = bond.daysLeft, !fugitive.captured {
          text +=
            days < 0
            ? " (OVERDUE \(counted(-days, "day", "days")))"
            : " (\(counted(days, "day", "days")) left)"
        }
        facts.append(("Forfeiture", text))
      }
    }
    if let closed = file.closedAt { facts.append(("Case", "Closed \(closed.iso8601)")) }
    return facts
  }

  /// The points the dossier's map pins, the capture first (the map is centred on it), each
  /// titled with the name and description.
  static func pins(_ fugitive: Fugitive) -> [RegionMap.Pin] {
    var pins: [RegionMap.Pin] = []
    if let point = fugitive.captureLocation {
      pins.append(
        RegionMap.Pin(
          kind: .capture, name: fugitive.name, detail: fugitive.description, point: point))
    }
    if let seen = fugitive.lastSeen, let lat = seen.lat, let lon = seen.lon {
      pins.append(
        RegionMap.Pin(
          kind: .lastSeen, name: fugitive.name, detail: fugitive.description,
          point: GeoPoint(lat: lat, lon: lon)))
    }
    return pins
  }

  /// `Captured: https://www.openstreetmap.org/…` per point, for the text and Markdown dossiers.
  static func links(_ fugitive: Fugitive, redacted: Bool) -> [(String, String)] {
    pins(fugitive).map { ($0.kind.rawValue, $0.point.openStreetMapLink(tenths: redacted)) }
  }

  /// The expenses with their total, or nil when there are none.
  static func expenseLines(_ fugitive: Fugitive) -> (lines: [Expense], total: Money)? {
    let expenses = fugitive.caseFile.expenses
    guard !expenses.isEmpty,
      let total = Money.sum(expenses.map(\.amount), currency: fugitive.bounty.currency)
    else { return nil }
    return (expenses, total)
  }

  /// Refuses a dossier whose expenses cannot be added up (a ledger written before migration 20,
  /// or by another program): leaving the section out would lose it without a word.
  static func refuseUncomputableTotal(_ fugitive: Fugitive) throws(BountyError) {
    guard !fugitive.caseFile.expenses.isEmpty, expenseLines(fugitive) == nil else { return }
    throw BountyError.refused(
      "the expenses of fugitive \(fugitive.id) are too large to add up exactly, so the dossier "
        + "cannot show their total; nothing was written")
  }

  static func text(_ fugitive: Fugitive, redacted: Bool) -> String {
    var text = ""
    let links = links(fugitive, redacted: redacted)
    if !links.isEmpty {
      text += "\nMAP\n"
      for (label, link) in links { text += ReportText.pad(label + ":", 13) + link + "\n" }
    }
    if let (lines, total) = expenseLines(fugitive) {
      text += "\nEXPENSES\n"
      for (index, expense) in lines.enumerated() {
        text +=
          "\(index + 1). \(expense.date)  \(expense.amount.display)  \(ReportText.plain(expense.memo))\n"
      }
      text += "Total: \(total.display)\n"
    }
    return text
  }

  static func markdown(_ fugitive: Fugitive, redacted: Bool) -> String {
    var text = ""
    let links = links(fugitive, redacted: redacted)
    if !links.isEmpty {
      text += "\n## Map\n\n"
      for (label, link) in links { text += "- \(label): <\(link)>\n" }
    }
    if let (lines, total) = expenseLines(fugitive) {
      text += "\n## Expenses\n\n| # | date | amount | memo |\n|---:|---|---:|---|\n"
      for (index, expense) in lines.enumerated() {
        text +=
          "| \(index + 1) | \(expense.date) | \(expense.amount.display) | \(ReportText.markdown(expense.memo)) |\n"
      }
      text += "| | **Total** | **\(total.display)** | |\n"
    }
    return text
  }

  static func html(_ fugitive: Fugitive) -> String {
    var html = ""
    let map = RegionMap.svg(pins(fugitive), title: "Where \(fugitive.name) was captured or seen")
    if !map.isEmpty { html += "<h2>Map</h2>\(map)" }
    if let (lines, total) = expenseLines(fugitive) {
      html += "<h2>Expenses</h2><table>"
      for expense in lines {
        html +=
          "<tr><td>\(expense.date)</td><td class=\"n\">\(expense.amount.display)</td><td>\(ReportText.html(expense.memo))</td></tr>"
      }
      html += "<tr><th>Total</th><th class=\"n\">\(total.display)</th><td></td></tr></table>"
    }
    return html
  }
}
