import BountyCore
import BountyStore

/// What every fugitive list takes (sort, order, search, minimum bounty, paging, a fugitive to
/// locate) and the page it answers, `{items, total}` (and `row` with `locate`): shared by the Fugitives and Captured tabs, which may not know each
/// other.
public enum FugitiveListing {
  /// The most items one page holds, and the page size when no `limit` is given: memory per request
  /// stays bounded however many fugitives there are (`total` says how many match; `offset` pages).
  public static let maximumPageSize: Int64 = 10_000

  static let sort = sortParam(help: "Order")
  static let search = Param.text(
    "search", maxLength: 200, keepsSpaces: true,
    help: "Only those whose name, description or an alias contains this text (literal, any case)")
  static let minBounty = Param.money("minBounty", help: "Only bounties of at least this amount")
  static let limit = Param.integer(
    "limit", 1...maximumPageSize,
    help: "At most this many (1 to 10,000; default 10,000; page on with offset)")
  static let offset = Param.integer("offset", 0...Int64.max, help: "Skip this many first")
  static let locate = Param.integer(
    "locate", Limits.fugitiveIDs,
    help: "Also answer row: where this Fugitive ID# is in the whole list, from 0 (null: not in it)")
  static let ascending = Param.flag(
    "asc", help: "The tab's own order for the sort (the opposite of desc)")

  private static func sortParam(help: String) -> Param<FugitiveQuery.SortKey> {
    Param.choice("sort", FugitiveQuery.SortKey.self, help: help)
  }

  /// The list parameters: the default order named by `sortSetting`, `descending` the list's own.
  public static func params(sortSetting: SettingKey, descending: Param<Bool>)
    -> [any ParamDeclaration]
  {
    let sortHelp =
      "Order: name, bounty, id, manual, captured or deadline (default: the \(sortSetting.rawValue) setting)"
    return [
      sortParam(help: sortHelp), descending, ascending, search, minBounty, limit, offset, locate,
    ]
  }

  /// The page the arguments select among fugitives of `status`. Without `sort` the setting
  /// decides; `descendingByDefault` gives the tab's own direction for the chosen order, which
  /// `desc` reverses and `asc` keeps.
  public static func page(
    _ store: Store, _ arguments: Arguments, status: FugitiveQuery.Status, sortSetting: SettingKey,
    descending: Param<Bool>,
    descendingByDefault: (FugitiveQuery.SortKey) -> Bool = { _ in false }
  ) throws -> JSON {
    let sortKey =
      try arguments[sort]
      ?? FugitiveQuery.SortKey(rawValue: store.settingText(sortSetting)) ?? .name
    if arguments.isSet(descending) && arguments.isSet(ascending) {
      throw BountyError.invalidParameter(field: ascending.name, reason: "cannot go with desc")
    }
    var query = FugitiveQuery(
      status: status, sort: sortKey,
      descending: descendingByDefault(sortKey) != arguments.isSet(descending),
      search: arguments[search], limit: arguments[limit] ?? maximumPageSize,
      offset: arguments[offset] ?? 0)
    query.minimumBountyMinor = arguments[minBounty]?.minorUnits
    let page = try store.fugitives(query)
    var answer: JSONObject = ["items": .array(page.items.map(\.json)), "total": .int(page.total)]
    if let id = arguments[locate] {
      answer["row"] = try store.row(of: id, in: query).map(JSON.int) ?? .null
    }
    return .object(answer)
  }
}
