import BountyCore
import BountyStore

/// The values of a fugitive as the caller last saw them (a form opened a while ago), for the
/// fields it changes: `fugitives edit` refuses to save over a value someone else changed since,
/// and says what it is now and, on an agency database, who last changed the fugitive.
enum SeenValues {
  static let name = Param.text(
    "wasName", maxLength: Limits.nameLength,
    help: "The name as you last saw it: if it is another now, nothing is saved (a conflict)")
  static let bounty = Param.money(
    "wasBounty",
    help: "The bounty as you last saw it: if it is another now, nothing is saved (a conflict)")
  static let description = Param.text(
    "wasDescription", maxLength: Limits.descriptionLength,
    help: "The description as you last saw it: if it is another now, nothing is saved")

  static let params: [any ParamDeclaration] = [name, bounty, description]

  /// Throws `conflict` when a value the caller saw is no longer `fugitive`'s.
  static func check(_ arguments: Arguments, against fugitive: Fugitive, in store: Store) throws {
    let stale: (field: String, now: String, seen: String)? =
      if let seen = arguments[name], seen != fugitive.name {
        ("name", SafeText.quoted(fugitive.name), SafeText.quoted(seen))
      } else if let seen = arguments[bounty], seen.minorUnits != fugitive.bounty.minorUnits {
        ("bounty", fugitive.bounty.display, seen.display)
      } else if let seen = arguments[description], seen != fugitive.description {
        ("description", SafeText.quoted(fugitive.description), SafeText.quoted(seen))
      } else { nil }
    guard let stale else { return }
    // Who last changed the fugitive, not necessarily this field: the value seen may never have
    // been stored at all (a script's guess).
    let last =
      try store.lastChangedBy(fugitiveID: fugitive.id).map {
        "; the fugitive was last changed by \(NameIdentity.shown($0))"
      } ?? ""
    throw BountyError.conflict(
      "fugitive \(fugitive.id) (\(fugitive.name)): its \(stale.field) is not the one you saw "
        + "(now \(stale.now), was \(stale.seen)\(last)); nothing was saved")
  }

}
