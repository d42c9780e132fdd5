import BountyCore
import BountyStore

/// What every fugitive list takes (sort, order, search, minimum bounty, paging, a fugitive to
/// locate), the page it answers, `{items, total}` (and `row` with `locate`), and every match for
/// the terminal's streamed formats: shared by the Fugitives and Captured tabs, which may not know
/// each other.
public enum FugitiveListing {
  /// The most items one page holds, and the page size when no `limit` is given: memory per request
  /// stays bounded however many fugitives there are (`total` says how many match; `offset` pages).
  /// The terminal's streamed formats have no page: they read every match as it comes.
  public static let maximumPageSize: Int64 = 10_000

  static let sort = sortParam(help: "Order")
  static let search = Param.text(
    "search", maxLength: 200, keepsSpaces: true,
    help: "Only those whose name, description or an alias contains this text (literal, any case)")
  static let minBounty = Param.money("minBounty", help: "Only bounties of at least this amount")
  static let limit = Param.integer(
    ListFormat.pageSizeName, 1...maximumPageSize,
    help: "At most this many (1 to 10,000; default 10,000; page on with offset); "
      + "the terminal's --format csv, tsv and ndjson print every match unless it is given")
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

  /// A list command: `spec` answers the page the arguments select among fugitives of `status`,
  /// and hands the terminal's streamed formats every match. Without `sort` the setting decides;
  /// `descendingByDefault` gives the tab's own direction for the chosen order, which `desc`
  /// reverses and `asc` keeps.
  public static func command(
    _ spec: CommandSpec, status: @escaping @Sendable (Arguments) -> FugitiveQuery.Status,
    sortSetting: SettingKey, descending: Param<Bool>,
    descendingByDefault: @escaping @Sendable (FugitiveQuery.SortKey) -> Bool = { _ in false }
  ) -> Command {
    @Sendable func query(_ store: Store, _ arguments: Arguments, limit: Int64?) throws
      -> FugitiveQuery
    {
      try Self.query(
        store, arguments, status: status(arguments), sortSetting: sortSetting,
        descending: descending, descendingByDefault: descendingByDefault, limit: limit)
    }
    return Command(
      spec,
      items: { store, arguments, each in
        // No page: every match, unless a limit was given.
        try store.forEachFugitive(query(store, arguments, limit: arguments[limit]), each)
      }
    ) { store, arguments in
      let query = try query(store, arguments, limit: arguments[limit] ?? maximumPageSize)
      let page = try store.fugitives(query)
      guard let id = arguments[locate] else {
        return FugitivePage(items: page.items, total: page.total)
      }
      return FugitivePage(
        items: page.items, total: page.total, row: try store.row(of: id, in: query), located: true)
    }
  }

  /// The query the arguments make among fugitives of `status`, at most `limit` of them.
  private static func query(
    _ store: Store, _ arguments: Arguments, status: FugitiveQuery.Status, sortSetting: SettingKey,
    descending: Param<Bool>, descendingByDefault: (FugitiveQuery.SortKey) -> Bool, limit: Int64?
  ) throws -> FugitiveQuery {
    let sortKey =
      try arguments[sort]
      ?? FugitiveQuery.SortKey(rawValue: store.settingText(sortSetting)) ?? .name
    if arguments.isSet(descending) && arguments.isSet(ascending) {
      throw BountyError.invalidParameter(field: ascending.name, reason: "cannot go with desc")
    }
    var query = FugitiveQuery(
      status: status, sort: sortKey,
      descending: descendingByDefault(sortKey) != arguments.isSet(descending),
      search: arguments[search], limit: limit, offset: arguments[offset] ?? 0)
    query.minimumBountyMinor = arguments[minBounty]?.minorUnits
    return query
  }
}
