import BountyCore
import BountyStore

/// Changing the database currency keeps every amount's value: the database rescales its minor units
/// to the new currency's digits when the setting changes (USD 12500.50 → BHD 12500.500), for every
/// client. A change that would drop a non-zero digit (12500.50 to JPY) or overflow is refused here
/// first, saying how many amounts, and nothing changes.
enum CurrencyChange {
  /// Every stored amount (bounties, bonds and expenses), with the words that count it.
  static let amountColumns: [(column: AmountColumn, noun: (singular: String, plural: String))] = [
    (.bounty, ("bounty", "bounties")), (.bond, ("bond", "bonds")),
    (.expense, ("expense", "expenses")),
  ]

  /// Refuses, before anything changes, a change to `code` that would drop digits from an amount
  /// or make one too large, counting them.
  static func check(_ store: Store, to code: String) throws {
    let old = try store.currency()
    guard let new = Currency.named(code), new.scale != old.scale else { return }
    let shrinking = new.scale < old.scale
    let factor = Currency.powersOfTen[abs(new.scale - old.scale)]
    // Refused, before anything changes, when an amount would lose digits (fewer decimals) or
    // overflow (more decimals).
    for (column, noun) in amountColumns {
      let count =
        shrinking
        ? try store.amountCount(column, notMultiplesOf: factor)
        : try store.amountCount(column, above: Int64.max / factor)
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
  }
}
