import BountyCore

extension Store {
  /// A fugitive's expenses in their order.
  public func expenses(fugitiveID: Int64) throws -> [Expense] {
    try expenses(fugitiveID: fugitiveID, currency: currency())
  }

  func expenses(fugitiveID: Int64, currency: Currency) throws -> [Expense] {
    try database.query(
      """
      SELECT id, fugitive_id, date, amount_minor, memo FROM expense WHERE fugitive_id = ?
      ORDER BY position, id
      """, [.integer(fugitiveID)]
    ) {
      Expense(
        id: $0.int(0), fugitiveID: $0.int(1),
        date: CalendarDate(parsing: $0.text(2)) ?? CalendarDate(daysSinceEpoch: 0),
        amount: Money(minorUnits: $0.int(3), currency: currency), memo: $0.text(4))
    }
  }

  /// Appends an expense to the fugitive's ledger and returns its id.
  @discardableResult
  public func insertExpense(
    fugitiveID: Int64, date: CalendarDate, amountMinor: Int64, memo: String
  ) throws -> Int64 {
    try database.insertReturningID(
      """
      INSERT INTO expense (fugitive_id, position, date, amount_minor, memo)
      VALUES (?, \(OrderedChildTable.expense.nextPosition), ?, ?, ?)
      """,
      [
        .integer(fugitiveID), .integer(fugitiveID), .text(date.description), .integer(amountMinor),
        .text(memo),
      ])
  }

  /// Rewrites an expense's date, amount and memo.
  public func updateExpense(_ expense: Expense) throws {
    _ = try position(in: .expense, fugitiveID: expense.fugitiveID, rowID: expense.id)
    try database.run(
      "UPDATE expense SET date = ?, amount_minor = ?, memo = ? WHERE id = ?",
      .text(expense.date.description), .integer(expense.amount.minorUnits), .text(expense.memo),
      .integer(expense.id))
  }

  public func deleteExpense(fugitiveID: Int64, expenseID: Int64) throws {
    try deleteRow(in: .expense, fugitiveID: fugitiveID, rowID: expenseID)
  }

  public func moveExpense(fugitiveID: Int64, expenseID: Int64, to position: Int64) throws {
    try moveRow(in: .expense, fugitiveID: fugitiveID, rowID: expenseID, to: position)
  }
}
