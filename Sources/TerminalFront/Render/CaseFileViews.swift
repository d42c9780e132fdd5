import BountyCore

/// The case-file parts of the terminal's views (issue 16): the deadline and closed columns of a
/// list, the bond, descriptors, aliases, expenses and closing of a card, and the expense ledger.
/// Each part appears only when some fugitive has it, so a roster without case files looks as before.
struct CaseFileColumns {
  /// Days left at or under which a deadline is urgent.
  static let urgentDays: Int64 = 30

  let showsDeadline: Bool
  let showsClosed: Bool

  init(_ items: [JSON]) {
    showsDeadline = items.contains { Self.daysLeft($0) != nil && $0["captured"] != .bool(true) }
    showsClosed = items.contains { Self.isClosed($0) }
  }

  static func daysLeft(_ fugitive: JSON) -> Int64? {
    guard case .number(let digits)? = fugitive["bond"]?["daysLeft"] else { return nil }
    return Int64(digits)
  }

  static func isClosed(_ fugitive: JSON) -> Bool {
    if case .string = fugitive["closedAt"] { return true }
    return false
  }

  /// `2027-04-05 (126 days)`, `2026-12-10 (10 days) !`, `2026-11-20 (OVERDUE 10 days)`: the text
  /// mark shows urgency where colour cannot (`NO_COLOR`, a pipe).
  static func deadline(_ fugitive: JSON) -> String {
    guard let days = daysLeft(fugitive),
      let date = fugitive["bond"]?["forfeitureDate"]?.stringValue
    else { return "" }
    if days < 0 { return "\(date) (OVERDUE \(counted(-days, "day", "days")))" }
    let text = "\(date) (\(counted(days, "day", "days")))"
    return days <= urgentDays ? text + " !" : text
  }

  var columns: [Table.Column] {
    (showsDeadline ? [Table.Column(title: "DEADLINE")] : [])
      + (showsClosed ? [Table.Column(title: "CASE")] : [])
  }

  func cells(_ item: JSON) -> [String] {
    let deadline = item["captured"] == .bool(true) ? "" : Self.deadline(item)
    return (showsDeadline ? [deadline] : [])
      + (showsClosed ? [Self.isClosed(item) ? "closed" : ""] : [])
  }

  /// The table's lines with closed rows dimmed, overdue rows red and urgent rows yellow.
  func styled(_ lines: [String], items: [JSON], style: Style) -> [String] {
    guard showsDeadline || showsClosed, lines.count > items.count else { return lines }
    // An empty last cell would leave the separator as trailing spaces.
    let trimmed = lines.map { line in
      String(line.reversed().drop(while: { $0 == " " }).reversed())
    }
    var result = trimmed
    for (index, item) in items.enumerated() {
      let line = trimmed[index + 1]
      if Self.isClosed(item) {
        result[index + 1] = style.dim(line)
      } else if item["captured"] != .bool(true), let days = Self.daysLeft(item) {
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
  func caseFileRows(_ fugitive: JSON) -> [(String, String)] {
    var rows: [(String, String)] = []
    let aliases = fugitive["aliases"]?.arrayValue ?? []
    if !aliases.isEmpty {
      rows.append(
        (
          "Aliases",
          aliases.compactMap(\.stringValue).map { terminalSafe($0) }.joined(separator: "; ")
        ))
    }
    if let descriptors = fugitive["descriptors"], descriptors != .null {
      for (key, label) in [
        ("dob", "Born"), ("height", "Height"), ("weight", "Weight"), ("eyes", "Eyes"),
        ("hair", "Hair"), ("marks", "Marks"),
      ] {
        if let value = descriptors[key]?.stringValue { rows.append((label, terminalSafe(value))) }
      }
    }
    if let bond = fugitive["bond"], bond != .null {
      if bond["amount"]?.stringValue != nil { rows.append(("Bond", money(bond["amount"]))) }
      let court = [
        bond["court"]?.stringValue, bond["caseNumber"]?.stringValue.map { "case \($0)" },
      ]
      .compactMap { $0 }
      if !court.isEmpty { rows.append(("Court", terminalSafe(court.joined(separator: ", ")))) }
      if let fta = bond["ftaDate"]?.stringValue { rows.append(("FTA", fta)) }
      if let date = bond["forfeitureDate"]?.stringValue {
        // Once captured the deadline no longer runs: the date alone.
        let captured = fugitive["captured"] == .bool(true)
        rows.append(("Forfeiture", captured ? date : CaseFileColumns.deadline(fugitive)))
      }
    }
    let expenses = fugitive["expenses"]?.arrayValue ?? []
    if !expenses.isEmpty {
      let amounts = expenses.compactMap { $0["amount"]?.stringValue }.compactMap {
        if case .success(let money) = Money.parse($0, currency: currency) { money } else { nil }
      }
      // A ledger written before migration 20 (or by another program) may not add up: say so.
      let total = Money.sum(amounts, currency: currency)?.display ?? "too large to add up exactly"
      rows.append(
        ("Expenses", "\(total) (\(expenses.count) item\(expenses.count == 1 ? "" : "s"))"))
    }
    if CaseFileColumns.isClosed(fugitive) {
      rows.append(("Case", "closed \(time(fugitive["closedAt"])) (locked)"))
    }
    return rows
  }

  /// A fugitive's expense ledger, numbered, with its total.
  func expenses(_ result: JSON) -> [String] {
    let items = result["expenses"]?.arrayValue ?? []
    let id = result["id"]?.serialized ?? ""
    if items.isEmpty { return ["No expenses for fugitive \(id)."] }
    var table = Table([
      Table.Column(title: "#", alignRight: true), Table.Column(title: "DATE"),
      Table.Column(title: "AMOUNT", alignRight: true), Table.Column(title: "MEMO", flexible: true),
    ])
    for (index, item) in items.enumerated() {
      table.add([
        "\(index + 1)", item["date"]?.stringValue ?? "", money(item["amount"]),
        (item["memo"]?.stringValue ?? "") + "  [expense \(item["id"]?.serialized ?? "")]",
      ])
    }
    return table.render(maxWidth: terminal.width, style: terminal.style)
      + ["Total \(money(result["total"])) for fugitive \(id)"]
  }
}
