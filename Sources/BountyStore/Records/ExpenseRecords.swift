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
    try refuseTotalOverflow(fugitiveID: fugitiveID, adding: amountMinor, replacing: nil)
    return try database.insertReturningID(
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
    try refuseTotalOverflow(
      fugitiveID: expense.fugitiveID, adding: expense.amount.minorUnits, replacing: expense.id)
    try database.run(
      "UPDATE expense SET date = ?, amount_minor = ?, memo = ? WHERE id = ?",
      .text(expense.date.description), .integer(expense.amount.minorUnits), .text(expense.memo),
      .integer(expense.id))
  }

  /// Refuses an amount that would make the fugitive's expenses add up to more than an amount can
  /// hold (92,233,720,368,547,758.07 in a currency of cents): a total that cannot be computed would
  /// make every output that shows it fail. The schema refuses the same (migration 0020).
  func refuseTotalOverflow(fugitiveID: Int64, adding amount: Int64, replacing rowID: Int64?) throws
  {
    let others = try database.query(
      "SELECT amount_minor FROM expense WHERE fugitive_id = ? AND id <> ?",
      [.integer(fugitiveID), .integer(rowID ?? Int64.min)]
    ) { $0.int(0) }
    var total = amount
    for other in others {
      let (sum, overflow) = total.addingReportingOverflow(other)
      guard !overflow else {
        throw BountyError.refused(
          "the expenses of fugitive \(fugitiveID) would add up to more than an amount can hold; "
            + "nothing was changed")
      }
      total = sum
    }
  }

  public func deleteExpense(fugitiveID: Int64, expenseID: Int64) throws {
    try deleteRow(in: .expense, fugitiveID: fugitiveID, rowID: expenseID)
  }

  public func moveExpense(fugitiveID: Int64, expenseID: Int64, to position: Int64) throws {
    try moveRow(in: .expense, fugitiveID: fugitiveID, rowID: expenseID, to: position)
  }
}
