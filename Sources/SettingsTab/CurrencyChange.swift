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
    let shrinking = new.scale < old.scale
    let factor = Currency.powersOfTen[abs(new.scale - old.scale)]
    // Refused, before anything changes, when an amount would lose digits (fewer decimals) or
    // overflow (more decimals).
    let clash = shrinking ? "% ? != 0" : "> ?"
    let bound = shrinking ? factor : Int64.max / factor
    for (table, column, noun) in amountColumns {
      let count =
        try store.database.scalarInt(
          "SELECT count(*) FROM \(table) WHERE \(column) \(clash)", .integer(bound)) ?? 0
      guard count == 0 else {
        let amounts = counted(count, noun.singular, noun.plural)
        throw BountyError.refused(
          shrinking
            ? "changing the currency to \(new.code) would drop digits from \(amounts) "
              + "(\(new.code) has \(new.scale) decimals); nothing was changed"
            : "changing the currency to \(new.code) would make \(amounts) too large; "
              + "nothing was changed")
      }
    }
    let operation = shrinking ? "/" : "*"
    for (table, column, _) in amountColumns {
      try store.database.run(
        "UPDATE \(table) SET \(column) = \(column) \(operation) ? WHERE \(column) IS NOT NULL",
        .integer(factor))
    }
  }
}
