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

  /// The most fugitives a batch's answer lists (`items`); `count` says how many were changed. A
  /// change of 200,000 fugitives answers within the memory of one request (docs/json-rpc.md).
  public static let answerItems = 100
  /// How many fugitives a batch reads and changes at a time.
  static let chunk = 1_000

  /// Hands `body` the fugitives selected among those of `status`, a chunk at a time, in the order
  /// given (by ID# for `allMatching`), so a change of every match holds only their ID#s, never
  /// every fugitive, in memory; answers how many there were. An ID# that does not exist is
  /// `notFound`; a selection that names nobody is `invalidParameter`; one that takes in a closed
  /// case is `refused` (every command that selects changes what it selects). The command runs in
  /// one transaction, so a refusal in a later chunk still changes nothing.
  @discardableResult
  public static func forEachChunk(
    _ store: Store, _ arguments: Arguments, status: FugitiveQuery.Status,
    _ body: ([Fugitive]) throws -> Void
  ) throws -> [Int64] {
    let ids = try selection(store, arguments, status: status)
    var start = 0
    while start < ids.count {
      let slice = Array(ids[start..<min(start + chunk, ids.count)])
      if let closed = try store.firstClosedCase(among: slice) {
        throw BountyError.refused(CaseFile.closedMessage(closed))
      }
      try body(try slice.map { try store.existingFugitive(id: $0) })
      start += chunk
    }
    return ids
  }

  /// The ID#s selected, in order; every one exists.
  private static func selection(
    _ store: Store, _ arguments: Arguments, status: FugitiveQuery.Status
  ) throws -> [Int64] {
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
      // A page at a time: only the ID#s of every match are kept.
      var matches: [Int64] = []
      var query = FugitiveQuery(
        status: status, sort: .id, search: search, limit: Int64(chunk) * 5)
      query.minimumBountyMinor = minimum?.minorUnits
      while true {
        let page = try store.fugitives(query).items
        matches += page.map(\.id)
        guard page.count == query.limit.map(Int.init) else { break }
        query.offset += Int64(page.count)
      }
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
    for id in given where try !store.fugitiveExists(id: id) {
      throw BountyError.notFound("fugitive \(id) not found")
    }
    return given
  }

  /// The answer: the fugitive itself for a call with `id` alone (as JSON-RPC always answered),
  /// otherwise `{count, items}`, `items` being the first `answerItems` of them (`first`, as
  /// `answerFugitives` gives them).
  public static func result(count: Int, first: [Fugitive], _ arguments: Arguments) -> JSON {
    if arguments.has(id), !arguments.has(ids), !arguments.isSet(allMatching),
      let only = first.first, count == 1
    {
      return only.json
    }
    return .object([
      "count": .int(count), "items": .array(first.prefix(answerItems).map(\.json)),
    ])
  }

  /// The fugitives an answer lists, read as they are now: the first `answerItems` of `ids`.
  public static func answerFugitives(_ store: Store, _ ids: [Int64]) throws -> [Fugitive] {
    try ids.prefix(answerItems).map { try store.existingFugitive(id: $0) }
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
        + "\(result.named("items", of: result.count("count")))\(many)"
    }
  }
}
