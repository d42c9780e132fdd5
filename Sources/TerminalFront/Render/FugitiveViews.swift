import BountyCore

/// The fugitive list and detail views, drawn from the JSON the dispatcher answers (the same value a
/// JSON-RPC client gets), so the terminal shows exactly what a program would see.
struct FugitiveViews {
  let terminal: TerminalInfo
  let currency: Currency

  /// A bounty string from the JSON (`"12500.00"`) shown for people: `$12,500.00`.
  func money(_ json: JSON?) -> String {
    guard let text = json?.stringValue,
      case .success(let money) = Money.parse(text, currency: currency)
    else { return json?.stringValue ?? "" }
    return money.display
  }

  func time(_ json: JSON?) -> String {
    terminal.time(json?.stringValue.flatMap(Timestamp.init(parsing:)))
  }

  /// `36.170, -115.140`, as the original's detail screen showed a position.
  func place(_ json: JSON?) -> String? {
    func degrees(_ key: String) -> Double? {
      guard case .number(let digits)? = json?[key] else { return nil }
      return Double(digits)
    }
    return GeoPoint.display(lat: degrees("lat"), lon: degrees("lon"))
  }

  /// The list: ID#, name, bounty, and the status or capture time, then `footer` or a count.
  func list(_ result: JSON, captured: Bool, showStatus: Bool, footer: String? = nil) -> [String] {
    let items = result["items"]?.arrayValue ?? []
    let total = result["total"].flatMap { if case .number(let n) = $0 { Int(n) } else { nil } } ?? 0
    var columns = [
      Table.Column(title: "ID#", alignRight: true),
      Table.Column(title: "NAME", flexible: true),
      Table.Column(title: "BOUNTY", alignRight: true),
    ]
    if captured {
      columns.append(Table.Column(title: "CAPTURED"))
    } else if showStatus {
      columns.append(Table.Column(title: "STATUS"))
    }
    let caseFile = CaseFileColumns(items)
    columns += caseFile.columns
    var table = Table(columns)
    for item in items {
      var cells = [
        item["id"].map { if case .number(let n) = $0 { n } else { "" } } ?? "",
        item["name"]?.stringValue ?? "", money(item["bounty"]),
      ]
      if captured {
        cells.append(time(item["capturedAt"]))
      } else if showStatus {
        cells.append(item["captured"] == .bool(true) ? "captured" : "at large")
      }
      table.add(cells + caseFile.cells(item))
    }
    var lines =
      items.isEmpty
      ? []
      : caseFile.styled(
        table.render(maxWidth: terminal.width, style: terminal.style), items: items,
        style: terminal.style)
    let noun = captured ? "captured" : (showStatus ? "in all" : "at large")
    if let footer {
      lines.append(terminal.style.dim(footer))
    } else if items.count < total {
      lines.append(terminal.style.dim("\(items.count) shown of \(total) \(noun)"))
    } else {
      lines.append(terminal.style.dim("\(total) \(noun)"))
    }
    return lines
  }

  /// The detail card, as the original's detail screen (and iPad dossier) laid it out.
  func detail(_ fugitive: JSON) -> [String] {
    let style = terminal.style
    var rows: [(String, String)] = [
      ("ID#", fugitive["id"].map { if case .number(let n) = $0 { n } else { "" } } ?? ""),
      ("Bounty", money(fugitive["bounty"])),
      ("Description", terminalSafe(fugitive["description"]?.stringValue ?? "")),
    ]
    if fugitive["captured"] == .bool(true) {
      var captured = "Yes, " + time(fugitive["capturedAt"])
      if let place = place(fugitive["captureLocation"]) { captured += " at \(place)" }
      rows.append(("Captured?", captured))
    } else {
      rows.append(("Captured?", "No"))
    }
    if let seen = fugitive["lastSeen"], seen != .null {
      var parts: [String] = []
      if let place = place(seen) { parts.append(place) }
      if let words = seen["description"]?.stringValue { parts.append(terminalSafe(words)) }
      if seen["at"] != .null { parts.append("(\(time(seen["at"])))") }
      rows.append(("Last seen", parts.joined(separator: " ")))
    } else {
      rows.append(("Last seen", "No last known location."))
    }
    rows.append(("Photo", fugitive["hasPhoto"] == .bool(true) ? "yes" : "none"))
    rows += caseFileRows(fugitive)
    var lines = [style.bold(terminalSafe(fugitive["name"]?.stringValue ?? ""))]
    for (label, value) in rows {
      lines.append("  " + style.dim(padded(label, toWidth: 13)) + value)
    }
    let notes = fugitive["notes"]?.arrayValue ?? []
    if !notes.isEmpty {
      lines.append("  " + style.dim("Notes"))
      for (index, note) in notes.enumerated() {
        let id = note["id"].map { if case .number(let n) = $0 { n } else { "" } } ?? ""
        lines.append(
          "    \(index + 1). \(terminalSafe(note["text"]?.stringValue ?? ""))  "
            + style.dim("[note \(id), \(time(note["createdAt"]))]"))
      }
    }
    return lines
  }
}
