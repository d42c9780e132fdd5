import BountyCore
import BountyStore

/// The Fugitives tab: the hunter's list of fugitives still at large (or all of them), and every
/// change to one fugitive: add, edit, delete, reorder, capture, sighting, photo, case notes.
public enum FugitivesTab {
  public static let commands: [Command] =
    [
      list, get, add, update, delete, move, capture, seen,
    ] + PhotoCommands.commands + NoteCommands.commands

  static let list = Command(
    CommandSpec(
      name: "fugitives.list", words: ["fugitives", "list"], tab: .fugitives,
      summary: "List fugitives at large (or all with --all)",
      params: [ParamSpec("all", .boolean, help: "Every fugitive, captured ones too")]
        + FugitiveListing.params(sortSetting: .fugitivesSort),
      effect: .read, result: "{items: [fugitive], total: number of matches}")
  ) { store, arguments in
    try FugitiveListing.page(
      store, arguments, status: arguments.bool("all") == true ? .all : .atLarge,
      sortSetting: .fugitivesSort)
  }

  static let get = Command(
    CommandSpec(
      name: "fugitives.get", words: ["fugitives", "show"], tab: .fugitives,
      summary: "Show one fugitive", params: [FugitiveParams.id], effect: .read,
      result: "the fugitive")
  ) { store, arguments in
    try store.existingFugitive(id: arguments.int("id") ?? 0).json
  }

  static let add = Command(
    CommandSpec(
      name: "fugitives.add", words: ["fugitives", "add"], tab: .fugitives,
      summary: "Add a fugitive",
      params: [
        ParamSpec(
          "name", .text(maxLength: Limits.nameLength, allowBlank: false), required: true,
          help: "Full name"),
        ParamSpec(
          "id", .integer(Limits.fugitiveIDs), help: "The Fugitive ID# (default: next free)"),
        ParamSpec("bounty", .money, required: true, help: "Bounty, e.g. 12500 or $12,500.50"),
        FugitiveParams.description,
      ],
      effect: .change(undoable: true), result: "the new fugitive")
  ) { store, arguments in
    let bounty = try store.money(arguments.moneyText("bounty") ?? "", field: "bounty")
    let id = try arguments.int("id") ?? store.nextFreeFugitiveID()
    if try store.fugitiveExists(id: id) {
      throw BountyError.conflict("a fugitive with ID# \(id) already exists")
    }
    try store.insertFugitive(
      FugitiveFields(
        id: id, name: arguments.text("name") ?? "", bountyMinor: bounty.minorUnits,
        description: arguments.text("description") ?? ""))
    return try store.existingFugitive(id: id).json
  }

  static let update = Command(
    CommandSpec(
      name: "fugitives.update", words: ["fugitives", "edit"], tab: .fugitives,
      summary: "Change a fugitive's name, bounty, description or ID#",
      params: [
        FugitiveParams.id, FugitiveParams.name, FugitiveParams.bounty, FugitiveParams.description,
        ParamSpec("newId", .integer(Limits.fugitiveIDs), help: "A new Fugitive ID#"),
      ],
      effect: .change(undoable: true), result: "the changed fugitive")
  ) { store, arguments in
    let id = arguments.int("id") ?? 0
    var fields = FugitiveFields(try store.existingFugitive(id: id))
    guard ["name", "bounty", "description", "newId"].contains(where: arguments.has) else {
      throw BountyError.usage("Nothing to change: give a new name, bounty, description or ID#")
    }
    if let name = arguments.text("name") { fields.name = name }
    if let bounty = arguments.moneyText("bounty") {
      fields.bountyMinor = try store.money(bounty, field: "bounty").minorUnits
    }
    if let description = arguments.text("description") { fields.description = description }
    if let newID = arguments.int("newId"), newID != id {
      if try store.fugitiveExists(id: newID) {
        throw BountyError.conflict("a fugitive with ID# \(newID) already exists")
      }
      fields.id = newID
    }
    try store.updateFugitive(previousID: id, fields)
    return try store.existingFugitive(id: fields.id).json
  }

  static let delete = Command(
    CommandSpec(
      name: "fugitives.delete", words: ["fugitives", "delete"], tab: .fugitives,
      summary: "Delete a fugitive with its notes and photo",
      params: [
        FugitiveParams.id,
        ParamSpec("yes", .boolean, fronts: .terminal, help: "Do not ask for confirmation"),
      ],
      effect: .change(undoable: true), result: "the deleted fugitive, as it was")
  ) { store, arguments in
    let fugitive = try store.existingFugitive(id: arguments.int("id") ?? 0)
    try store.deleteFugitive(id: fugitive.id)
    return fugitive.json
  }

  static let move = Command(
    CommandSpec(
      name: "fugitives.move", words: ["fugitives", "move"], tab: .fugitives,
      summary: "Move a fugitive to a new place in the manual order",
      params: [FugitiveParams.id, FugitiveParams.to],
      effect: .change(undoable: true), result: "the moved fugitive")
  ) { store, arguments in
    let id = arguments.int("id") ?? 0
    try store.moveFugitive(id: id, to: arguments.int("to") ?? 1)
    return try store.existingFugitive(id: id).json
  }

  static let capture = Command(
    CommandSpec(
      name: "fugitives.capture", words: ["fugitives", "capture"], tab: .fugitives,
      summary: "Mark a fugitive captured (now, or at --at), optionally where",
      params: [
        FugitiveParams.id,
        ParamSpec("at", .timestamp, help: "When (default: now)"),
        FugitiveParams.lat, FugitiveParams.lon,
      ],
      effect: .change(undoable: true), result: "the captured fugitive")
  ) { store, arguments in
    let id = arguments.int("id") ?? 0
    var fields = FugitiveFields(try store.existingFugitive(id: id))
    if fields.captured {
      throw BountyError.conflict("fugitive \(id) is already captured; release it first")
    }
    fields.captured = true
    fields.capturedAt =
      try arguments.timestamp("at")?.notInFuture(now: store.now, field: "at") ?? store.now
    fields.captureLocation = try arguments.location()
    try store.updateFugitive(previousID: id, fields)
    return try store.existingFugitive(id: id).json
  }

  static let seen = Command(
    CommandSpec(
      name: "fugitives.seen", words: ["fugitives", "seen"], tab: .fugitives,
      summary: "Record where a fugitive was last seen",
      params: [
        FugitiveParams.id, FugitiveParams.lat, FugitiveParams.lon,
        ParamSpec(
          "description", .text(maxLength: Limits.descriptionLength, allowBlank: true),
          help: "Where, in words"),
        ParamSpec("at", .timestamp, help: "When (default: now)"),
        ParamSpec("clear", .boolean, help: "Forget the last sighting"),
      ],
      effect: .change(undoable: true), result: "the fugitive")
  ) { store, arguments in
    let id = arguments.int("id") ?? 0
    var fields = FugitiveFields(try store.existingFugitive(id: id))
    let location = try arguments.location()
    if arguments.bool("clear") == true {
      guard location == nil, !arguments.has("description"), !arguments.has("at") else {
        throw BountyError.invalid(field: "clear", reason: "cannot be given with a sighting")
      }
      fields.lastSeen = nil
      try store.updateFugitive(previousID: id, fields)
      return try store.existingFugitive(id: id).json
    }
    guard location != nil || arguments.text("description") != nil else {
      throw BountyError.usage(
        "Nothing seen: give where (lat and lon, or a description), or --clear to forget it")
    }
    fields.lastSeen = LastSeen(
      lat: location?.lat, lon: location?.lon, description: arguments.text("description"),
      at: try arguments.timestamp("at")?.notInFuture(now: store.now, field: "at") ?? store.now)
    try store.updateFugitive(previousID: id, fields)
    return try store.existingFugitive(id: id).json
  }
}
