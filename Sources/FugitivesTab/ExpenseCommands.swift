import BountyCommands
import BountyCore
import BountyStore

/// The costs of a case: an ordered ledger per fugitive (the case-notes pattern), and a shared cost
/// split across cases by the money core's largest-remainder allocation, so the parts add up to
/// the cent. A captured fugitive's net is bounty − commission − expenses (see the report).
enum ExpenseCommands {
  static let commands = [list, add, update, delete, move, split]

  static let list = Command(
    CommandSpec(
      name: "expenses.list", words: ["expenses", "list"], tab: .fugitives,
      summary: "List a fugitive's expenses with their total", params: [FugitiveParams.id],
      effect: .read, result: "{id, name, expenses: [expense], total}",
      schema: .component(.expenseList), view: .expenses)
  ) { store, arguments in
    let fugitive = try store.existingFugitive(id: arguments.required(FugitiveParams.id))
    let currency = try store.currency()
    guard
      let total = Money.sum(fugitive.caseFile.expenses.map(\.amount), currency: currency)
    else { throw BountyError.refused("the expenses are too large to add up exactly") }
    return ExpenseList(
      id: fugitive.id, name: fugitive.name, expenses: fugitive.caseFile.expenses, total: total)
  }

  static let add = Command(
    CommandSpec(
      name: "expenses.add", words: ["expenses", "add"], tab: .fugitives,
      summary: "Add an expense at the end of a fugitive's ledger",
      params: [
        FugitiveParams.id, CaseFileParams.amount, CaseFileParams.memo, CaseFileParams.date,
      ],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: CaseFileHeadlines.saved("expenses")),
      locksOnClosedCase: [FugitiveParams.id.name], role: .addExpense,
      form: [FormField("amount"), FormField("memo"), FormField("date")])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    _ = try store.existingFugitive(id: id)
    try store.insertExpense(
      fugitiveID: id, date: try arguments.calendarDate(CaseFileParams.date) ?? store.localToday,
      amountMinor: arguments.required(CaseFileParams.amount).minorUnits,
      memo: arguments.required(CaseFileParams.memo))
    return try store.existingFugitive(id: id).json
  }

  static let update = Command(
    CommandSpec(
      name: "expenses.update", words: ["expenses", "edit"], tab: .fugitives,
      summary: "Change an expense's amount, memo or date",
      params: [
        FugitiveParams.id, CaseFileParams.expense, CaseFileParams.optionalAmount,
        CaseFileParams.optionalMemo, CaseFileParams.date,
      ],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: CaseFileHeadlines.saved("expenses")),
      locksOnClosedCase: [FugitiveParams.id.name])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    let expenseID = try arguments.required(CaseFileParams.expense)
    guard
      var expense = try store.existingFugitive(id: id).caseFile.expenses.first(where: {
        $0.id == expenseID
      })
    else { throw BountyError.notFound("expense \(expenseID) of fugitive \(id) not found") }
    if let amount = arguments[CaseFileParams.optionalAmount] { expense.amount = amount }
    if let memo = arguments[CaseFileParams.optionalMemo] { expense.memo = memo }
    if let date = try arguments.calendarDate(CaseFileParams.date) { expense.date = date }
    try store.updateExpense(expense)
    return try store.existingFugitive(id: id).json
  }

  static let delete = Command(
    CommandSpec(
      name: "expenses.delete", words: ["expenses", "delete"], tab: .fugitives,
      summary: "Delete an expense", params: [FugitiveParams.id, CaseFileParams.expense],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: CaseFileHeadlines.saved("expenses")),
      locksOnClosedCase: [FugitiveParams.id.name])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    try store.deleteExpense(fugitiveID: id, expenseID: arguments.required(CaseFileParams.expense))
    return try store.existingFugitive(id: id).json
  }

  static let move = Command(
    CommandSpec(
      name: "expenses.move", words: ["expenses", "move"], tab: .fugitives,
      summary: "Move an expense to a new position in the ledger",
      params: [FugitiveParams.id, CaseFileParams.expense, FugitiveParams.to],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: CaseFileHeadlines.saved("expenses")),
      locksOnClosedCase: [FugitiveParams.id.name])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    try store.moveExpense(
      fugitiveID: id, expenseID: arguments.required(CaseFileParams.expense),
      to: arguments.required(FugitiveParams.to))
    return try store.existingFugitive(id: id).json
  }

  /// How a shared cost is divided.
  enum SplitRule: String, CaseIterable, Sendable {
    /// In proportion to each case's bond.
    case bond
    /// In equal parts (the larger parts first).
    case even
  }

  static let ids = Param.any(
    "ids", required: true, positional: true,
    help: "The Fugitive ID#s sharing the cost (at least two; a JSON array in JSON-RPC)")
  static let rule = Param.choice(
    "by", SplitRule.self, help: "bond (in proportion to each bond) or even (default)")

  static let split = Command(
    CommandSpec(
      name: "expenses.split", words: ["expenses", "split"], tab: .fugitives,
      summary: "Split one shared cost across cases, by bond or evenly; the parts add up exactly",
      params: [CaseFileParams.amount, CaseFileParams.memo, ids, rule, CaseFileParams.date],
      effect: .change(undoable: true),
      result: "{amount, memo, by, parts: [{id, name, amount, expense}]}",
      schema: .component(.expenseSplit),
      view: .message(
        Headline { result in
          let parts = (result.result["parts"]?.arrayValue ?? []).map { part in
            "\(part["id"]?.serialized ?? "") \(part["amount"]?.stringValue ?? "")"
          }
          return "Split \(result["amount"]) (\(result["memo"])) by \(result["by"]) across "
            + "\(parts.count) cases: \(parts.joined(separator: ", "))."
        }),
      locksOnClosedCase: [ids.name])
  ) { store, arguments in
    let cases = try FugitiveIDs.parse(arguments.value(named: ids.name), field: ids.name)
    guard cases.count >= 2 else {
      throw BountyError.invalidParameter(field: ids.name, reason: "needs at least two ID#s")
    }
    guard Set(cases).count == cases.count else {
      throw BountyError.invalidParameter(field: ids.name, reason: "names a fugitive twice")
    }
    let fugitives = try cases.map { try store.existingFugitive(id: $0) }
    let amount = try arguments.required(CaseFileParams.amount)
    let by = arguments[rule] ?? .even
    let ratios: [Int64]
    switch by {
    case .even: ratios = Array(repeating: 1, count: fugitives.count)
    case .bond:
      ratios = try fugitives.map { fugitive in
        guard let bond = fugitive.caseFile.bond?.amount else {
          throw BountyError.invalid(
            field: "by", reason: "fugitive \(fugitive.id) has no bond amount; split --by even")
        }
        return bond.minorUnits
      }
    }
    guard let parts = amount.allocated(byRatios: ratios) else {
      throw BountyError.invalid(field: "by", reason: "the bonds add up to nothing")
    }
    let memo = try arguments.required(CaseFileParams.memo)
    let date = try arguments.calendarDate(CaseFileParams.date) ?? store.localToday
    var described: [JSON] = []
    for (fugitive, part) in zip(fugitives, parts) {
      let expenseID = try store.insertExpense(
        fugitiveID: fugitive.id, date: date, amountMinor: part.minorUnits, memo: memo)
      described.append(
        .object([
          "id": .int(fugitive.id), "name": .string(fugitive.name),
          "amount": .string(part.plain), "expense": .int(expenseID),
        ]))
    }
    return .object([
      "amount": .string(amount.plain), "memo": .string(memo), "by": .string(by.rawValue),
      "parts": .array(described),
    ])
  }
}
