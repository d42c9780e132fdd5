import BountyCommands
import BountyCore
import BountyStore

/// The Captured tab: fugitives brought in, newest capture first, and releasing one back to the list.
public enum CapturedTab {
  public static let commands: [Command] = [list, get, release]

  static let id = Param.integer(
    "id", Limits.fugitiveIDs, required: true, positional: true, help: "The Fugitive ID#")
  static let descending = Param.flag(
    "desc", help: "Reverse the order (by capture time the tab shows the newest first)")

  /// The fugitive, which must be captured.
  static func captured(_ store: Store, _ id: Int64) throws -> Fugitive {
    let fugitive = try store.existingFugitive(id: id)
    guard fugitive.captured else {
      throw BountyError.notFound("fugitive \(id) is not captured (it is in the Fugitives tab)")
    }
    return fugitive
  }

  static let list = FugitiveListing.command(
    CommandSpec(
      name: "captured.list", words: ["captured", "list"], tab: .captured,
      summary: "List captured fugitives (default: newest capture first)",
      params: FugitiveListing.params(sortSetting: .capturedSort, descending: descending),
      effect: .read, result: "{items: [fugitive], total: number of matches}",
      schema: .component(.page),
      view: .fugitiveList(captured: true), role: .listCaptured),
    status: { _ in .captured }, sortSetting: .capturedSort, descending: descending,
    descendingByDefault: { $0 == .captured })

  static let get = Command(
    CommandSpec(
      name: "captured.get", words: ["captured", "show"], tab: .captured,
      summary: "Show one captured fugitive", params: [id], effect: .read,
      result: "the fugitive", schema: .component(.fugitive),
      view: .fugitiveCard(headline: nil), readsFugitive: id.name)
  ) { store, arguments in
    try captured(store, arguments.required(id)).json
  }

  static let release = Command(
    CommandSpec(
      name: "captured.release", words: ["captured", "release"], tab: .captured,
      summary:
        "Release one or more fugitives back to the Fugitives tab (clears capture time and place)",
      params: FugitiveSelection.params, effect: .change(undoable: true),
      result: "the released fugitive for id alone, else {count, items}",
      schema: .oneOf(.component(.fugitive), .component(.batch)),
      view: .message(
        FugitiveSelection.headline(
          "Released", one: "; it is back in the Fugitives tab.",
          many: "; they are back in the Fugitives tab.")),
      locksOnClosedCase: [FugitiveSelection.id.name, FugitiveSelection.ids.name],
      role: .releaseFugitive)
  ) { store, arguments in
    let ids = try FugitiveSelection.forEachChunk(store, arguments, status: .captured) { chunk in
      if let free = chunk.first(where: { !$0.captured }) {
        throw BountyError.notFound(
          "fugitive \(free.id) is not captured (it is in the Fugitives tab)")
      }
      for fugitive in chunk {
        var fields = FugitiveFields(fugitive)
        fields.captured = false
        fields.capturedAt = nil
        fields.captureLocation = nil
        try store.updateFugitive(previousID: fugitive.id, fields)
      }
    }
    return FugitiveSelection.result(
      count: ids.count, first: try FugitiveSelection.answerFugitives(store, ids), arguments)
  }
}
