import BountyCore
import BountyStore

/// The Captured tab: fugitives brought in, newest capture first, and releasing one back to the list.
public enum CapturedTab {
  public static let commands: [Command] = [list, get, release]

  static let id = ParamSpec(
    "id", .integer(Limits.fugitiveIDs), required: true, positional: true, help: "The Fugitive ID#")

  /// The fugitive, which must be captured.
  static func captured(_ store: Store, _ id: Int64) throws -> Fugitive {
    let fugitive = try store.existingFugitive(id: id)
    guard fugitive.captured else {
      throw BountyError.notFound("fugitive \(id) is not captured (it is in the Fugitives tab)")
    }
    return fugitive
  }

  static let list = Command(
    CommandSpec(
      name: "captured.list", words: ["captured", "list"], tab: .captured,
      summary: "List captured fugitives (default: newest capture first)",
      params: [
        ParamSpec(
          "sort", .choice(SettingKey.sortKeys),
          help: "Order: name, bounty, id, manual or captured (default: the captured.sort setting)"),
        ParamSpec("desc", .boolean, help: "Reverse (captured order is newest first unless false)"),
        ParamSpec(
          "search", .text(maxLength: 200, allowBlank: true),
          help: "Only those whose name or description contains this text (literal, any case)"),
        ParamSpec("minBounty", .money, help: "Only bounties of at least this amount"),
        ParamSpec("limit", .integer(1...1_000_000), help: "At most this many"),
        ParamSpec("offset", .integer(0...Int64.max), help: "Skip this many first"),
      ],
      effect: .read, result: "{items: [fugitive], total: number of matches}")
  ) { store, arguments in
    let sort =
      FugitiveQuery.SortKey(
        rawValue: try arguments.text("sort") ?? store.settingText(.capturedSort))
      ?? .captured
    var query = FugitiveQuery(
      status: .captured, sort: sort, descending: arguments.bool("desc") ?? (sort == .captured),
      search: arguments.text("search"), limit: arguments.int("limit"),
      offset: arguments.int("offset") ?? 0)
    if let minimum = arguments.moneyText("minBounty") {
      query.minimumBountyMinor = try store.money(minimum, field: "minBounty").minorUnits
    }
    let page = try store.fugitives(query)
    return .object(["items": .array(page.items.map(\.json)), "total": .int(page.total)])
  }

  static let get = Command(
    CommandSpec(
      name: "captured.get", words: ["captured", "show"], tab: .captured,
      summary: "Show one captured fugitive", params: [id], effect: .read,
      result: "the fugitive")
  ) { store, arguments in
    try captured(store, arguments.int("id") ?? 0).json
  }

  static let release = Command(
    CommandSpec(
      name: "captured.release", words: ["captured", "release"], tab: .captured,
      summary: "Release a fugitive back to the Fugitives tab (clears capture time and place)",
      params: [id], effect: .change(undoable: true), result: "the released fugitive")
  ) { store, arguments in
    let fugitive = try captured(store, arguments.int("id") ?? 0)
    var fields = FugitiveFields(fugitive)
    fields.captured = false
    fields.capturedAt = nil
    fields.captureLocation = nil
    try store.updateFugitive(previousID: fugitive.id, fields)
    return try store.existingFugitive(id: fugitive.id).json
  }
}
