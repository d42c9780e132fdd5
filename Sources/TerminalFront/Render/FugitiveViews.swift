import BountyCore

/// The fugitive list and detail views, drawn from the typed fugitives the dispatcher answers (the
/// values a JSON-RPC client gets as JSON), so the terminal shows exactly what a program would see.
struct FugitiveViews {
  let terminal: TerminalInfo
  let currency: Currency

  /// `36.170, -115.140`, as the original's detail screen showed a position.
  func place(_ position: Coordinates?) -> String? {
    GeoPoint.display(lat: position?.lat, lon: position?.lon)
  }

  /// The list: ID#, name, bounty, and the status or capture time, then `footer` or a count.
  func list(_ page: FugitivePage, captured: Bool, showStatus: Bool, footer: String? = nil)
    -> [String]
  {
    let items = page.items
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
    table.reserve(items.count)
    for item in items {
      table.add(cell: String(item.id))
      table.add(cell: item.name)
      table.add(cell: item.bounty.display)
      if captured {
        table.add(cell: terminal.time(item.capturedAt))
      } else if showStatus {
        table.add(cell: item.captured ? "captured" : "at large")
      }
      caseFile.addCells(item, to: &table)
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
    } else if items.count < page.total {
      lines.append(terminal.style.dim("\(items.count) shown of \(page.total) \(noun)"))
    } else {
      lines.append(terminal.style.dim("\(page.total) \(noun)"))
    }
    return lines
  }

  /// The detail card, as the original's detail screen (and iPad dossier) laid it out.
  func detail(_ fugitive: Fugitive) -> [String] {
    let style = terminal.style
    var rows: [(String, String)] = [
      ("ID#", String(fugitive.id)),
      ("Bounty", fugitive.bounty.display),
      ("Description", terminalSafe(fugitive.description)),
    ]
    if fugitive.captured {
      var captured = "Yes, " + terminal.time(fugitive.capturedAt)
      if let place = place(fugitive.capturePosition) { captured += " at \(place)" }
      rows.append(("Captured?", captured))
    } else {
      rows.append(("Captured?", "No"))
    }
    if let seen = fugitive.lastSeen {
      var parts: [String] = []
      if let place = GeoPoint.display(lat: seen.lat, lon: seen.lon) { parts.append(place) }
      if let words = seen.description { parts.append(terminalSafe(words)) }
      if let at = seen.at { parts.append("(\(terminal.time(at)))") }
      rows.append(("Last seen", parts.joined(separator: " ")))
    } else {
      rows.append(("Last seen", "No last known location."))
    }
    rows.append(("Photo", fugitive.hasPhoto ? "yes" : "none"))
    rows += caseFileRows(fugitive)
    var lines = [style.bold(terminalSafe(fugitive.name))]
    for (label, value) in rows {
      lines.append("  " + style.dim(padded(label, toWidth: 13)) + value)
    }
    if !fugitive.notes.isEmpty {
      lines.append("  " + style.dim("Notes"))
      for (index, note) in fugitive.notes.enumerated() {
        lines.append(
          "    \(index + 1). \(terminalSafe(note.text))  "
            + style.dim("[note \(note.id), \(terminal.time(note.createdAt))]"))
      }
    }
    return lines
  }
}
