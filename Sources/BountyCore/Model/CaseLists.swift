/// A fugitive's case notes as `notes.list` answers them: `{id, notes: [note]}`, in their order.
public struct NoteList: Equatable, Sendable {
  /// The fugitive's ID#.
  public var id: Int64
  public var notes: [Note]

  public init(id: Int64, notes: [Note]) {
    self.id = id
    self.notes = notes
  }
}

extension NoteList: Answer {
  public var json: JSON { .object(["id": .int(id), "notes": .array(notes.map(\.json))]) }
}

/// A fugitive's expenses as `expenses.list` answers them: `{id, name, expenses: [expense],
/// total}`, in their order, with their exact sum.
public struct ExpenseList: Equatable, Sendable {
  /// The fugitive's ID# and name.
  public var id: Int64
  public var name: String
  public var expenses: [Expense]
  public var total: Money

  public init(id: Int64, name: String, expenses: [Expense], total: Money) {
    self.id = id
    self.name = name
    self.expenses = expenses
    self.total = total
  }
}

extension ExpenseList: Answer {
  public var json: JSON {
    .object([
      "id": .int(id), "name": .string(name), "expenses": .array(expenses.map(\.json)),
      "total": .string(total.plain),
    ])
  }
}
