import BountyCore

/// The case-file parts of the terminal's views (issue 16): the deadline and closed columns of a
/// list, the bond, descriptors, aliases, expenses and closing of a card, and the expense ledger.
/// Each part appears only when some fugitive has it, so a roster without case files looks as before.
struct CaseFileColumns {
  /// Days left at or under which a deadline is urgent.
  static let urgentDays: Int64 = 30

  let showsDeadline: Bool
  let showsClosed: Bool

  init(_ items: [Fugitive]) {
    showsDeadline = items.contains { Self.daysLeft($0) != nil && !$0.captured }
    showsClosed = items.contains { $0.hasCaseFile && $0.caseFile.closedAt != nil }
  }

  static func daysLeft(_ fugitive: Fugitive) -> Int64? {
    fugitive.hasCaseFile ? fugitive.caseFile.bond?.daysLeft : nil
  }

  /// `2027-04-05 (126 days)`, `2026-12-10 (10 days) !`, `2026-11-20 (OVERDUE 10 days)`: the text
  /// mark shows urgency where colour cannot (`NO_COLOR`, a pipe).
  static func deadline(_ fugitive: Fugitive) -> String {
    guard let days = daysLeft(fugitive), let date = fugitive.caseFile.bond?.forfeitureDate else {
      return ""
    }
    if days < 0 { return "\(date) (OVERDUE \(counted(-days, "day", "days")))" }
    let text = "\(date) (\(counted(days, "day", "days")))"
    return days <= urgentDays ? text + " !" : text
  }

  var columns: [Table.Column] {
    (showsDeadline ? [Table.Column(title: "DEADLINE")] : [])
      + (showsClosed ? [Table.Column(title: "CASE")] : [])
  }

  /// Adds `item`'s cells of these columns to the row `table` is filling.
  func addCells(_ item: Fugitive, to table: inout Table) {
    if showsDeadline { table.add(cell: item.captured ? "" : Self.deadline(item)) }
    if showsClosed { table.add(cell: item.caseFile.closedAt != nil ? "closed" : "") }
  }

  /// The table's lines with closed rows dimmed, overdue rows red and urgent rows yellow.
  func styled(_ lines: [String], items: [Fugitive], style: Style) -> [String] {
    guard showsDeadline || showsClosed, lines.count > items.count else { return lines }
    // An empty last cell would leave the separator as trailing spaces.
    let trimmed = lines.map { line in
      String(line.reversed().drop(while: { $0 == " " }).reversed())
    }
    var result = trimmed
    for (index, item) in items.enumerated() {
      let line = trimmed[index + 1]
      if item.caseFile.closedAt != nil {
        result[index + 1] = style.dim(line)
      } else if !item.captured, let days = Self.daysLeft(item) {
        if days < 0 {
          result[index + 1] = style.red(line)
        } else if days <= Self.urgentDays {
          result[index + 1] = style.yellow(line)
        }
      }
    }
    return result
  }
}

extension FugitiveViews {
  /// The card rows of the case file, after the standard ones.
  func caseFileRows(_ fugitive: Fugitive) -> [(String, String)] {
    var rows: [(String, String)] = []
    let file = fugitive.caseFile
    if !file.aliases.isEmpty {
      rows.append(("Aliases", file.aliases.map { terminalSafe($0) }.joined(separator: "; ")))
    }
    if let descriptors = file.descriptors {
      let parts: [(String?, String)] = [
        (descriptors.dob?.description, "Born"), (descriptors.height, "Height"),
        (descriptors.weight, "Weight"), (descriptors.eyes, "Eyes"), (descriptors.hair, "Hair"),
        (descriptors.marks, "Marks"),
      ]
      for case (let value?, let label) in parts { rows.append((label, terminalSafe(value))) }
    }
    if let bond = file.bond {
      if let amount = bond.amount { rows.append(("Bond", amount.display)) }
      let court = [bond.court, bond.caseNumber.map { "case \($0)" }].compactMap { $0 }
      if !court.isEmpty { rows.append(("Court", terminalSafe(court.joined(separator: ", ")))) }
      if let fta = bond.ftaDate { rows.append(("FTA", fta.description)) }
      if let date = bond.forfeitureDate {
        // Once captured the deadline no longer runs: the date alone.
        rows.append(
          ("Forfeiture", fugitive.captured ? date.description : CaseFileColumns.deadline(fugitive)))
      }
    }
    if !file.expenses.isEmpty {
      // A ledger written before migration 20 (or by another program) may not add up: say so.
      let total =
        Money.sum(file.expenses.map(\.amount), currency: currency)?.display
        ?? "too large to add up exactly"
      let count = file.expenses.count
      rows.append(("Expenses", "\(total) (\(count) item\(count == 1 ? "" : "s"))"))
    }
    if let closedAt = file.closedAt {
      rows.append(("Case", "closed \(terminal.time(closedAt)) (locked)"))
    }
    return rows
  }

  /// A fugitive's expense ledger, numbered, with its total.
  func expenses(_ ledger: ExpenseList) -> [String] {
    if ledger.expenses.isEmpty { return ["No expenses for fugitive \(ledger.id)."] }
    var table = Table([
      Table.Column(title: "#", alignRight: true), Table.Column(title: "DATE"),
      Table.Column(title: "AMOUNT", alignRight: true), Table.Column(title: "MEMO", flexible: true),
    ])
    for (index, expense) in ledger.expenses.enumerated() {
      table.add([
        "\(index + 1)", expense.date.description, expense.amount.display,
        expense.memo + "  [expense \(expense.id)]",
      ])
    }
    return table.render(maxWidth: terminal.width, style: terminal.style)
      + ["Total \(ledger.total.display) for fugitive \(ledger.id)"]
  }
}
