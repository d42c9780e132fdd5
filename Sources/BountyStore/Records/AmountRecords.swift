import BountyCore

/// A column that holds an amount in the database currency's minor units: what a change of currency
/// rescales (`SettingsTab`'s `CurrencyChange`).
public enum AmountColumn: CaseIterable, Sendable {
  /// `fugitive.bounty_minor`.
  case bounty
  /// `case_file.bond_minor`.
  case bond
  /// `expense.amount_minor`.
  case expense

  /// The table and column: constants, never user text.
  var place: (table: String, column: String) {
    switch self {
    case .bounty: ("fugitive", "bounty_minor")
    case .bond: ("case_file", "bond_minor")
    case .expense: ("expense", "amount_minor")
    }
  }
}

extension Store {
  /// How many amounts in `column` are not a multiple of `factor` (they would lose digits divided
  /// by it).
  public func amountCount(_ column: AmountColumn, notMultiplesOf factor: Int64) throws -> Int64 {
    let (table, name) = column.place
    return try database.scalarInt(
      "SELECT count(*) FROM \(table) WHERE \(name) % ? != 0", .integer(factor)) ?? 0
  }

  /// How many amounts in `column` are above `bound`.
  public func amountCount(_ column: AmountColumn, above bound: Int64) throws -> Int64 {
    let (table, name) = column.place
    return try database.scalarInt(
      "SELECT count(*) FROM \(table) WHERE \(name) > ?", .integer(bound)) ?? 0
  }
}
