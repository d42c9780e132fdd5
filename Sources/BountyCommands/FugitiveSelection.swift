import BountyCore
import BountyStore

/// Which fugitives a capture, release or delete acts on: one ID# (`id`, as JSON-RPC always had
/// it), several (`ids`: `bounty capture 7 8 9`), or every match of a search (`allMatching` with
/// `search` and/or `minBounty`). The command changes them all in its one transaction: one undo
/// step, all or nothing.
public enum FugitiveSelection {
  public static let id = Param.integer(
    "id", Limits.fugitiveIDs, fronts: .rpc, help: "The Fugitive ID# (ids takes several)")
  public static let ids = Param.integers(
    "ids", Limits.fugitiveIDs, positional: true, help: "One or more Fugitive ID#s")
  public static let allMatching = Param.flag(
    "allMatching", help: "Act on every fugitive that search and min-bounty match")

  /// The selection's parameters, for a command's declaration.
  public static let params: [any ParamDeclaration] = [
    ids, id, FugitiveListing.search, FugitiveListing.minBounty, allMatching,
  ]

  /// The fugitives selected among those of `status`, in the order given (by ID# for
  /// `allMatching`). An ID# that does not exist is `notFound`; a selection that names nobody is
  /// `invalidParameter`; one that takes in a closed case is `refused` (every command that selects
  /// changes what it selects).
  public static func fugitives(
    _ store: Store, _ arguments: Arguments, status: FugitiveQuery.Status
  ) throws -> [Fugitive] {
    let selected = try selection(store, arguments, status: status)
    if let closed = try store.firstClosedCase(among: selected.map(\.id)) {
      throw BountyError.refused(CaseFile.closedMessage(closed))
    }
    return selected
  }

  private static func selection(
    _ store: Store, _ arguments: Arguments, status: FugitiveQuery.Status
  ) throws -> [Fugitive] {
    var given: [Int64] = []
    for id in [arguments[id]].compactMap({ $0 }) + (arguments[ids] ?? []) where !given.contains(id)
    {
      given.append(id)
    }
    let search = arguments[FugitiveListing.search]
    let minimum = arguments[FugitiveListing.minBounty]
    let filtered = !(search ?? "").isEmpty || minimum != nil
    if arguments.isSet(allMatching) {
      guard given.isEmpty else {
        throw BountyError.invalidParameter(field: allMatching.name, reason: "cannot go with ids")
      }
      guard filtered else {
        throw BountyError.invalidParameter(
          field: allMatching.name, reason: "needs search or minBounty to say who matches")
      }
      var query = FugitiveQuery(status: status, sort: .id, search: search)
      query.minimumBountyMinor = minimum?.minorUnits
      let matches = try store.fugitives(query).items
      guard !matches.isEmpty else {
        throw BountyError.notFound("no fugitive matches; nothing was changed")
      }
      return matches
    }
    if filtered {
      throw BountyError.invalidParameter(
        field: allMatching.name, reason: "is needed to act on every fugitive the filters match")
    }
    guard !given.isEmpty else {
      throw BountyError.invalidParameter(
        field: ids.name,
        reason:
          "is required: one or more ID#s (or \(BountyError.parameter(allMatching.name)) with a "
          + "search)")
    }
    return try given.map { try store.existingFugitive(id: $0) }
  }

  /// The answer: the fugitive itself for a call with `id` alone (as JSON-RPC always answered),
  /// otherwise `{count, items}`.
  public static func result(_ fugitives: [Fugitive], _ arguments: Arguments) -> JSON {
    if arguments.has(id), !arguments.has(ids), !arguments.isSet(allMatching),
      let only = fugitives.first, fugitives.count == 1
    {
      return only.json
    }
    return .object(["count": .int(fugitives.count), "items": .array(fugitives.map(\.json))])
  }

  /// A sentence about a result of `result`: "Captured fugitive 7 (Ann Lee); it is …" for one,
  /// "Captured 3 fugitives: 7 (Ann Lee), …; they are …" for several.
  public static func headline(_ verb: String, one: String, many: String) -> Headline {
    Headline { result in
      guard result.has("items") else {
        return "\(verb) fugitive \(result["id"]) (\(result["name"]))\(one)"
      }
      if result.count("count") == 1 {
        return "\(verb) fugitive \(result.named("items"))\(one)"
      }
      return "\(verb) \(result.counted("count", "fugitive", "fugitives")): "
        + "\(result.named("items"))\(many)"
    }
  }
}
