import BountyCore

/// What every fugitive list takes (sort, order, search, minimum bounty, paging) and the page it
/// answers, `{items, total}`: shared by the Fugitives and Captured tabs, which may not know each
/// other.
public enum FugitiveListing {
  /// The most items one page holds, and the page size when no `limit` is given: memory per request
  /// stays bounded however many fugitives there are (`total` says how many match; `offset` pages).
  public static let maximumPageSize: Int64 = 10_000

  /// The list parameters; `sortSetting` names the setting that gives the default order.
  public static func params(sortSetting: SettingKey, descHelp: String = "Reverse the order")
    -> [ParamSpec]
  {
    [
      ParamSpec(
        "sort", .choice(SettingKey.sortKeys),
        help:
          "Order: name, bounty, id, manual or captured (default: the \(sortSetting.rawValue) setting)"
      ),
      ParamSpec("desc", .boolean, help: descHelp),
      ParamSpec(
        "search", .text(maxLength: 200, allowBlank: true),
        help: "Only those whose name or description contains this text (literal, any case)"),
      ParamSpec("minBounty", .money, help: "Only bounties of at least this amount"),
      ParamSpec(
        "limit", .integer(1...maximumPageSize),
        help: "At most this many (1 to 10,000; default 10,000; page on with offset)"),
      ParamSpec("offset", .integer(0...Int64.max), help: "Skip this many first"),
    ]
  }

  /// The page the arguments select among fugitives of `status`. Without `sort` the setting
  /// decides; without `desc`, `descendingByDefault` does for the chosen order.
  public static func page(
    _ store: Store, _ arguments: Arguments, status: FugitiveQuery.Status, sortSetting: SettingKey,
    descendingByDefault: (FugitiveQuery.SortKey) -> Bool = { _ in false }
  ) throws -> JSON {
    let word = try arguments.text("sort") ?? store.settingText(sortSetting)
    let sort = FugitiveQuery.SortKey(rawValue: word) ?? .name
    var query = FugitiveQuery(
      status: status, sort: sort, descending: arguments.bool("desc") ?? descendingByDefault(sort),
      search: arguments.text("search"), limit: arguments.int("limit") ?? maximumPageSize,
      offset: arguments.int("offset") ?? 0)
    if let minimum = arguments.moneyText("minBounty") {
      query.minimumBountyMinor = try store.money(minimum, field: "minBounty").minorUnits
    }
    let page = try store.fugitives(query)
    return .object(["items": .array(page.items.map(\.json)), "total": .int(page.total)])
  }
}
