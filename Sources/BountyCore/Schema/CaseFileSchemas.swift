/// The case-file shapes (bond, descriptors, expenses, deadlines): each mirrors the JSON its model
/// or command writes (`Bond.json`, `Descriptors.json`, `Expense.json`, the expense and deadline
/// commands).
extension SchemaComponent {
  /// `Bond.json`. On a deadline every bond has a forfeiture date and so its days left.
  static func bondSchema(deadline: Bool) -> JSON {
    let forfeitureDate = calendarDate.reference
    let daysLeft = integer
    return object([
      ("amount", nullable(money.reference)), ("court", nullable(string)),
      ("caseNumber", nullable(string)), ("ftaDate", nullable(calendarDate.reference)),
      ("forfeitureDate", deadline ? forfeitureDate : nullable(forfeitureDate)),
      ("daysLeft", deadline ? daysLeft : nullable(daysLeft)),
    ])
  }

  /// `Descriptors.json`.
  static var descriptorsSchema: JSON {
    object([
      ("dob", nullable(calendarDate.reference)), ("height", nullable(string)),
      ("weight", nullable(string)), ("eyes", nullable(string)), ("hair", nullable(string)),
      ("marks", nullable(string)),
    ])
  }

  /// `Expense.json`.
  static var expenseSchema: JSON {
    object([
      ("id", integer), ("date", calendarDate.reference), ("amount", money.reference),
      ("memo", string),
    ])
  }

  /// `expenses.list`: one fugitive's ledger and its total.
  static var expenseListSchema: JSON {
    object([
      ("id", integer), ("name", string), ("expenses", array(of: expense.reference)),
      ("total", money.reference),
    ])
  }

  /// `expenses.split`: the shared cost and the expense it added to each case.
  static var expenseSplitSchema: JSON {
    let part = object([
      ("id", integer), ("name", string), ("amount", money.reference), ("expense", integer),
    ])
    return object([
      ("amount", money.reference), ("memo", string), ("by", choice(["bond", "even"])),
      ("parts", array(of: part)),
    ])
  }

  /// `fugitives.deadlines`: a page of fugitives whose bond always has a forfeiture date.
  static var deadlinePageSchema: JSON {
    let item = object(
      fugitiveProperties.map { name, schema in
        (name, name == "bond" ? bondSchema(deadline: true) : schema)
      })
    return object([("items", array(of: item)), ("total", count)])
  }
}
