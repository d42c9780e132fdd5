import BountyCommands
import BountyCore
import BountyStore

/// The Fugitives tab: the hunter's list of fugitives still at large (or all of them), and every
/// change to one fugitive: add, edit, delete, reorder, capture, sighting, photo, case notes.
public enum FugitivesTab {
  public static let commands: [Command] =
    [
      list, get, add, update, delete, move, capture, seen,
    ] + PhotoCommands.commands + NoteCommands.commands

  static let all = Param.flag("all", help: "Every fugitive, captured ones too")
  static let descending = Param.flag("desc", help: "Reverse the tab's order")

  static let list = Command(
    CommandSpec(
      name: "fugitives.list", words: ["fugitives", "list"], tab: .fugitives,
      summary: "List fugitives at large (or all with --all)",
      params: [all] + FugitiveListing.params(sortSetting: .fugitivesSort, descending: descending),
      effect: .read, result: "{items: [fugitive], total: number of matches}",
      schema: .component(.page),
      view: .fugitiveList(captured: false))
  ) { store, arguments in
    try FugitiveListing.page(
      store, arguments, status: arguments.isSet(all) ? .all : .atLarge,
      sortSetting: .fugitivesSort, descending: descending)
  }

  static let get = Command(
    CommandSpec(
      name: "fugitives.get", words: ["fugitives", "show"], tab: .fugitives,
      summary: "Show one fugitive", params: [FugitiveParams.id], effect: .read,
      result: "the fugitive", schema: .component(.fugitive),
      view: .fugitiveCard(headline: nil))
  ) { store, arguments in
    try store.existingFugitive(id: arguments.required(FugitiveParams.id)).json
  }

  static let newID = Param.integer(
    "id", Limits.fugitiveIDs, help: "The Fugitive ID# (default: next free)")

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
      view: .fugitiveCard(headline: Headline { "Added fugitive \($0["id"]) (\($0["name"]))." }))
  ) { store, arguments in
    let id = try arguments[newID] ?? store.nextFreeFugitiveID()
    if try store.fugitiveExists(id: id) {
      throw BountyError.conflict("a fugitive with ID# \(id) already exists")
    }
    try store.insertFugitive(
      FugitiveFields(
        id: id, name: arguments.required(FugitiveParams.requiredName),
        bountyMinor: arguments.required(FugitiveParams.requiredBounty).minorUnits,
        description: arguments[FugitiveParams.description] ?? ""))
    return try store.existingFugitive(id: id).json
  }

  static let changedID = Param.integer("newId", Limits.fugitiveIDs, help: "A new Fugitive ID#")

  static let update = Command(
    CommandSpec(
      name: "fugitives.update", words: ["fugitives", "edit"], tab: .fugitives,
      summary: "Change a fugitive's name, bounty, description or ID#",
      params: [
        FugitiveParams.id, FugitiveParams.name, FugitiveParams.bounty, FugitiveParams.description,
        changedID,
      ],
      effect: .change(undoable: true), result: "the changed fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: FugitiveHeadlines.saved))
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    var fields = FugitiveFields(try store.existingFugitive(id: id))
    if let name = arguments[FugitiveParams.name] { fields.name = name }
    if let bounty = arguments[FugitiveParams.bounty] { fields.bountyMinor = bounty.minorUnits }
    if let description = arguments[FugitiveParams.description] { fields.description = description }
    if let newID = arguments[changedID], newID != id {
      if try store.fugitiveExists(id: newID) {
        throw BountyError.conflict("a fugitive with ID# \(newID) already exists")
      }
      fields.id = newID
    }
    try store.updateFugitive(previousID: id, fields)
    return try store.existingFugitive(id: fields.id).json
  }

  static let yes = Param.flag("yes", fronts: .terminal, help: "Do not ask for confirmation")

  static let delete = Command(
    CommandSpec(
      name: "fugitives.delete", words: ["fugitives", "delete"], tab: .fugitives,
      summary: "Delete a fugitive with its notes and photo",
      params: [FugitiveParams.id, yes],
      effect: .change(undoable: true), result: "the deleted fugitive, as it was",
      schema: .component(.fugitive),
      view: .message(
        Headline {
          "Deleted fugitive \($0["id"]) (\($0["name"])) with its notes and photo. "
            + "'bounty undo' brings it back."
        }),
      confirmation: Confirmation(
        question: Headline {
          "Delete fugitive \($0["id"]) (\($0["name"])) and its notes and photo?"
        }, subject: "fugitives.get", skipFlag: "yes", setting: .confirmDelete))
  ) { store, arguments in
    let fugitive = try store.existingFugitive(id: arguments.required(FugitiveParams.id))
    try store.deleteFugitive(id: fugitive.id)
    return fugitive.json
  }

  static let move = Command(
    CommandSpec(
      name: "fugitives.move", words: ["fugitives", "move"], tab: .fugitives,
      summary: "Move a fugitive to a new place in the manual order",
      params: [FugitiveParams.id, FugitiveParams.to],
      effect: .change(undoable: true), result: "the moved fugitive",
      schema: .component(.fugitive),
      view: .message(
        Headline {
          "Moved fugitive \($0["id"]) (\($0["name"])) to position \($0["position"])."
        }))
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    try store.moveFugitive(id: id, to: arguments.required(FugitiveParams.to))
    return try store.existingFugitive(id: id).json
  }

  static let capture = Command(
    CommandSpec(
      name: "fugitives.capture", words: ["fugitives", "capture"], tab: .fugitives,
      summary: "Mark a fugitive captured (now, or at --at), optionally where",
      params: [FugitiveParams.id, FugitiveParams.at, FugitiveParams.lat, FugitiveParams.lon],
      effect: .change(undoable: true), result: "the captured fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(
        headline: Headline {
          "Captured fugitive \($0["id"]) (\($0["name"])); it is now in the Captured tab."
        }))
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    var fields = FugitiveFields(try store.existingFugitive(id: id))
    if fields.captured {
      throw BountyError.conflict("fugitive \(id) is already captured; release it first")
    }
    fields.captured = true
    fields.capturedAt = arguments[FugitiveParams.at]?.timestamp ?? store.now
    fields.captureLocation = try arguments.location()
    try store.updateFugitive(previousID: id, fields)
    return try store.existingFugitive(id: id).json
  }

  static let sightingDescription = Param.text(
    "description", maxLength: Limits.descriptionLength, help: "Where, in words")

  static let seen = Command(
    CommandSpec(
      name: "fugitives.seen", words: ["fugitives", "seen"], tab: .fugitives,
      summary: "Record where a fugitive was last seen",
      params: [
        FugitiveParams.id, FugitiveParams.lat, FugitiveParams.lon, sightingDescription,
        FugitiveParams.at,
      ],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: FugitiveHeadlines.saved))
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    var fields = FugitiveFields(try store.existingFugitive(id: id))
    let location = try arguments.location()
    fields.lastSeen = LastSeen(
      lat: location?.lat, lon: location?.lon, description: arguments[sightingDescription],
      at: arguments[FugitiveParams.at]?.timestamp ?? store.now)
    try store.updateFugitive(previousID: id, fields)
    return try store.existingFugitive(id: id).json
  }
}
