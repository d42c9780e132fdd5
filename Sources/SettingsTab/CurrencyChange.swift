import BountyCore
import BountyStore

/// Changing the database currency keeps every amount's value and rescales its minor units to the new
/// currency's digits (USD 12500.50 → BHD 12500.500). A change that would drop a non-zero digit
/// (12500.50 to JPY) or overflow is refused and nothing changes.
enum CurrencyChange {
  /// Every stored amount: bounties, bonds and expenses. Constants, never user text.
  static let amountColumns = [
    (table: "fugitive", column: "bounty_minor", noun: (singular: "bounty", plural: "bounties")),
    (table: "case_file", column: "bond_minor", noun: (singular: "bond", plural: "bonds")),
    (table: "expense", column: "amount_minor", noun: (singular: "expense", plural: "expenses")),
  ]

  static func rescale(_ store: Store, to code: String) throws {
    let old = try store.currency()
    guard let new = Currency.named(code), new.scale != old.scale else { return }
    if new.scale < old.scale {
      let factor = Currency.powersOfTen[old.scale - new.scale]
      for (table, column, noun) in amountColumns {
        let losing =
          try store.database.scalarInt(
            "SELECT count(*) FROM \(table) WHERE \(column) % ? != 0", .integer(factor)) ?? 0
        if losing > 0 {
          throw BountyError.refused(
            "changing the currency to \(new.code) would drop digits from \(counted(losing, noun.singular, noun.plural)) "
              + "(\(new.code) has \(new.scale) decimals); nothing was changed")
        }
      }
      for (table, column, _) in amountColumns {
        try store.database.run(
          "UPDATE \(table) SET \(column) = \(column) / ? WHERE \(column) IS NOT NULL",
          .integer(factor))
      }
    } else {
      let factor = Currency.powersOfTen[new.scale - old.scale]
      let limit = Int64.max / factor
      for (table, column, noun) in amountColumns {
        let overflowing =
          try store.database.scalarInt(
            "SELECT count(*) FROM \(table) WHERE \(column) > ?", .integer(limit)) ?? 0
        if overflowing > 0 {
          throw BountyError.refused(
            "changing the currency to \(new.code) would make \(counted(overflowing, noun.singular, noun.plural)) too large; "
              + "nothing was changed")
        }
      }
      for (table, column, _) in amountColumns {
        try store.database.run(
          "UPDATE \(table) SET \(column) = \(column) * ? WHERE \(column) IS NOT NULL",
          .integer(factor))
      }
    }
  }
}
