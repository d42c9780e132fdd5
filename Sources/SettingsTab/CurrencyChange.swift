import BountyCore
import BountyStore

/// Changing the database currency keeps every amount's value and rescales its minor units to the new
/// currency's digits (USD 12500.50 → BHD 12500.500). A change that would drop a non-zero digit
/// (12500.50 to JPY) or overflow is refused and nothing changes.
enum CurrencyChange {
  static func rescale(_ store: Store, to code: String) throws {
    let old = try store.currency()
    guard let new = Currency.named(code), new.scale != old.scale else { return }
    if new.scale < old.scale {
      let factor = Currency.powersOfTen[old.scale - new.scale]
      let losing =
        try store.database.scalarInt(
          "SELECT count(*) FROM fugitive WHERE bounty_minor % ? != 0", .integer(factor)) ?? 0
      if losing > 0 {
        throw BountyError.refused(
          "changing the currency to \(new.code) would drop digits from \(counted(losing, "bounty", "bounties")) "
            + "(\(new.code) has \(new.scale) decimals); nothing was changed")
      }
      try store.database.run(
        "UPDATE fugitive SET bounty_minor = bounty_minor / ?", .integer(factor))
    } else {
      let factor = Currency.powersOfTen[new.scale - old.scale]
      let limit = Int64.max / factor
      let overflowing =
        try store.database.scalarInt(
          "SELECT count(*) FROM fugitive WHERE bounty_minor > ?", .integer(limit)) ?? 0
      if overflowing > 0 {
        throw BountyError.refused(
          "changing the currency to \(new.code) would make \(counted(overflowing, "bounty", "bounties")) too large; "
            + "nothing was changed")
      }
      try store.database.run(
        "UPDATE fugitive SET bounty_minor = bounty_minor * ?", .integer(factor))
    }
  }
}
