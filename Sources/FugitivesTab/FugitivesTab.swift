import BountyCommands
import BountyCore
import BountyStore

/// The Fugitives tab: the hunter's list of fugitives still at large (or all of them), and every
/// change to one fugitive: add, edit, delete, reorder, capture, sighting, photo, case notes.
public enum FugitivesTab {
  public static let commands: [Command] =
    [
      list, get, add, update, delete, select, move, capture, seen,
    ] + PhotoCommands.commands + NoteCommands.commands + BondCommands.commands
    + AliasCommands.commands + CaseCommands.commands + ExpenseCommands.commands
    + DeadlineCommands.commands

  static let all = Param.flag("all", help: "Every fugitive, captured ones too")
  static let descending = Param.flag("desc", help: "Reverse the tab's order")

  static let list = FugitiveListing.command(
    CommandSpec(
      name: "fugitives.list", words: ["fugitives", "list"], tab: .fugitives,
      summary: "List fugitives at large (or all with --all)",
      params: [all] + FugitiveListing.params(sortSetting: .fugitivesSort, descending: descending),
      effect: .read, result: "{items: [fugitive], total: number of matches}",
      schema: .component(.page),
      view: .fugitiveList(captured: false, everyStatus: all.name), role: .listAtLarge),
    status: { $0.isSet(all) ? .all : .atLarge }, sortSetting: .fugitivesSort,
    descending: descending)

  static let get = Command(
    CommandSpec(
      name: "fugitives.get", words: ["fugitives", "show"], tab: .fugitives,
      summary: "Show one fugitive", params: [FugitiveParams.id], effect: .read,
      result: "the fugitive", schema: .component(.fugitive),
      view: .fugitiveCard(headline: nil), readsFugitive: FugitiveParams.id.name, role: .showFugitive
    )
  ) { store, arguments in
    try store.existingFugitive(id: arguments.required(FugitiveParams.id))
  }

  static let newID = Param.integer(
    "id", Limits.fugitiveIDs, help: "The Fugitive ID# (default: next free)"
  ).labelled("ID#", hint: "the next free number")

  static let add = Command(
    CommandSpec(
      name: "fugitives.add", words: ["fugitives", "add"], tab: .fugitives,
      summary: "Add a fugitive",
      params: [
        FugitiveParams.requiredName, newID, FugitiveParams.requiredBounty,
        FugitiveParams.description,
      ],
      effect: .change(undoable: true), result: "the new fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: Headline { "Added fugitive \($0["id"]) (\($0["name"]))." }),
      role: .addFugitive,
      form: [FormField("name"), FormField("id"), FormField("bounty"), FormField("description")])
  ) { store, arguments in
    // A free ID# is free in this transaction, which writes it: only a given one is looked up.
    let id: Int64
    if let given = arguments[newID] {
      if try store.fugitiveExists(id: given) {
        throw BountyError.conflict("a fugitive with ID# \(given) already exists")
      }
      try store.refuseIfHeldByHistory(fugitiveID: given)
      id = given
    } else {
      id = try store.nextFreeFugitiveID()
    }
    try store.insertFugitive(
      FugitiveFields(
        id: id, name: arguments.required(FugitiveParams.requiredName),
        bountyMinor: arguments.required(FugitiveParams.requiredBounty).minorUnits,
        description: arguments[FugitiveParams.description] ?? ""))
    return try store.existingFugitive(id: id)
  }

  static let changedID = Param.integer("newId", Limits.fugitiveIDs, help: "A new Fugitive ID#")

  static let update = Command(
    CommandSpec(
      name: "fugitives.update", words: ["fugitives", "edit"], tab: .fugitives,
      summary: "Change a fugitive's name, bounty, description or ID#",
      params: [
        FugitiveParams.id, FugitiveParams.name, FugitiveParams.bounty, FugitiveParams.description,
        changedID,
      ] + SeenValues.params,
      effect: .change(undoable: true), result: "the changed fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: FugitiveHeadlines.saved),
      locksOnClosedCase: [FugitiveParams.id.name], role: .editFugitive,
      form: [
        FormField("name", current: "name"), FormField("bounty", current: "bounty"),
        FormField("description", current: "description"), FormField("newId", current: "id"),
      ])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    let current = try store.existingFugitive(id: id)
    try SeenValues.check(arguments, against: current, in: store)
    var fields = FugitiveFields(current)
    let changes: [any ParamDeclaration] = [
      FugitiveParams.name, FugitiveParams.bounty, FugitiveParams.description, changedID,
    ]
    guard changes.contains(where: { arguments.has($0) }) else {
      throw BountyError.usage("Nothing to change: give a new name, bounty, description or ID#")
    }
    if let name = arguments[FugitiveParams.name] { fields.name = name }
    if let bounty = arguments[FugitiveParams.bounty] { fields.bountyMinor = bounty.minorUnits }
    if let description = arguments[FugitiveParams.description] { fields.description = description }
    if let newID = arguments[changedID], newID != id {
      if try store.fugitiveExists(id: newID) {
        throw BountyError.conflict("a fugitive with ID# \(newID) already exists")
      }
      try store.refuseIfHeldByHistory(fugitiveID: newID)
      fields.id = newID
    }
    try store.updateFugitive(previousID: id, fields)
    return try store.existingFugitive(id: fields.id)
  }

  static let yes = Param.flag("yes", fronts: .terminal, help: "Do not ask for confirmation")

  /// The fugitives a delete would remove: the subject its question names.
  static let select = Command(
    CommandSpec(
      name: "fugitives.select", words: ["fugitives", "select"], tab: .fugitives,
      summary: "Name the fugitives a selection of ID#s or a search picks",
      params: FugitiveSelection.params, effect: .read, fronts: .workspace,
      result: "the fugitive for id alone, else {count, items}",
      schema: .oneOf(.component(.fugitive), .component(.batch)), view: .keyValues)
  ) { store, arguments in
    let ids = try FugitiveSelection.forEachChunk(store, arguments, status: .all) { _ in }
    return FugitiveSelection.result(
      count: ids.count, first: try FugitiveSelection.answerFugitives(store, ids), arguments)
  }

  static let delete = Command(
    CommandSpec(
      name: "fugitives.delete", words: ["fugitives", "delete"], tab: .fugitives,
      summary: "Delete one or more fugitives with their notes and photos",
      params: FugitiveSelection.params + [yes],
      effect: .change(undoable: true),
      result: "the deleted fugitive as it was for id alone, else {count, items}",
      schema: .oneOf(.component(.fugitive), .component(.batch)),
      view: .message(
        FugitiveSelection.headline(
          "Deleted", one: " with its notes and photo; undo brings it back.",
          many: " with their notes and photos; undo brings them back.")),
      confirmation: Confirmation(
        question: FugitiveSelection.headline(
          "Delete", one: " and its notes and photo?", many: " and their notes and photos?"),
        subject: "fugitives.select", skipFlag: "yes", setting: .confirmDelete),
      locksOnClosedCase: [FugitiveSelection.id.name, FugitiveSelection.ids.name],
      agencyAdminOnly: true, role: .deleteFugitive)
  ) { store, arguments in
    // The answer names the first fugitives as they were before the delete.
    var first: [Fugitive] = []
    let ids = try FugitiveSelection.forEachChunk(store, arguments, status: .all) { chunk in
      first += chunk.prefix(FugitiveSelection.answerItems - first.count)
    }
    try store.deleteFugitives(ids: ids)
    return FugitiveSelection.result(count: ids.count, first: first, arguments)
  }

  static let move = Command(
    CommandSpec(
      name: "fugitives.move", words: ["fugitives", "move"], tab: .fugitives,
      summary: "Move a fugitive to a new place in the manual order",
      params: [FugitiveParams.id, FugitiveParams.to],
      effect: .change(undoable: true),
      result: "the moved fugitive, with row: where it now is in its own list (1 = first)",
      schema: .component(.movedFugitive),
      view: .message(
        Headline {
          "Moved fugitive \($0["id"]) (\($0["name"])) to position \($0["row"])."
        }),
      locksOnClosedCase: [FugitiveParams.id.name], role: .moveFugitive)
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    let row = try store.moveFugitive(id: id, to: arguments.required(FugitiveParams.to))
    var moved = try store.existingFugitive(id: id).jsonObject
    moved["row"] = .int(row)
    return .object(moved)
  }

  static let capture = Command(
    CommandSpec(
      name: "fugitives.capture", words: ["fugitives", "capture"], tab: .fugitives,
      summary: "Mark one or more fugitives captured (now, or at --at), optionally where",
      params: FugitiveSelection.params + [
        FugitiveParams.at, FugitiveParams.lat, FugitiveParams.lon,
      ],
      effect: .change(undoable: true),
      result: "the captured fugitive for id alone, else {count, items}",
      schema: .oneOf(.component(.fugitive), .component(.batch)),
      view: .message(
        FugitiveSelection.headline(
          "Captured", one: "; it is now in the Captured tab.",
          many: "; they are now in the Captured tab.")),
      locksOnClosedCase: [FugitiveSelection.id.name, FugitiveSelection.ids.name],
      role: .captureFugitive, form: [FormField("at"), FormField("lat"), FormField("lon")])
  ) { store, arguments in
    let at =
      try arguments[FugitiveParams.at]?.timestamp.notInFuture(now: store.now, field: "at")
      ?? store.now
    let location = try arguments.location()
    let ids = try FugitiveSelection.forEachChunk(store, arguments, status: .atLarge) { chunk in
      if let taken = chunk.first(where: \.captured) {
        throw BountyError.conflict(
          "fugitive \(taken.id) is already captured; release it first")
      }
      for fugitive in chunk {
        var fields = FugitiveFields(fugitive)
        fields.captured = true
        fields.capturedAt = at
        fields.captureLocation = location
        try store.updateFugitive(previousID: fugitive.id, fields)
      }
    }
    return FugitiveSelection.result(
      count: ids.count, first: try FugitiveSelection.answerFugitives(store, ids), arguments)
  }

  static let sightingDescription = Param.text(
    "description", maxLength: Limits.descriptionLength, allowBlank: false, help: "Where, in words")
  static let clearSighting = Param.flag("clear", help: "Forget the last sighting")

  static let seen = Command(
    CommandSpec(
      name: "fugitives.seen", words: ["fugitives", "seen"], tab: .fugitives,
      summary: "Record where a fugitive was last seen",
      params: [
        FugitiveParams.id, FugitiveParams.lat, FugitiveParams.lon, sightingDescription,
        FugitiveParams.at, clearSighting,
      ],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: FugitiveHeadlines.saved),
      locksOnClosedCase: [FugitiveParams.id.name])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    var fields = FugitiveFields(try store.existingFugitive(id: id))
    let location = try arguments.location()
    if arguments.isSet(clearSighting) {
      guard location == nil, !arguments.has(sightingDescription), !arguments.has(FugitiveParams.at)
      else {
        throw BountyError.invalidParameter(
          field: "clear", reason: "cannot be given with a sighting")
      }
      fields.lastSeen = nil
      try store.updateFugitive(previousID: id, fields)
      return try store.existingFugitive(id: id)
    }
    guard location != nil || arguments[sightingDescription] != nil else {
      throw BountyError.usage(
        "Nothing seen: give where (lat and lon, or a description), or --clear to forget it")
    }
    fields.lastSeen = LastSeen(
      lat: location?.lat, lon: location?.lon, description: arguments[sightingDescription],
      at: try arguments[FugitiveParams.at]?.timestamp.notInFuture(now: store.now, field: "at")
        ?? store.now)
    try store.updateFugitive(previousID: id, fields)
    return try store.existingFugitive(id: id)
  }
}
