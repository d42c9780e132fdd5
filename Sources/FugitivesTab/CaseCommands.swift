import BountyCommands
import BountyCore
import BountyStore

/// Closing a case once the bounty is paid (it is then locked: every command that declares
/// `locksOnClosedCase` refuses to change it) and reopening it.
enum CaseCommands {
  static let commands = [close, reopen]

  static let close = Command(
    CommandSpec(
      name: "fugitives.close", words: ["fugitives", "close"], tab: .fugitives,
      summary: "Close a case once the bounty is paid; it is locked until reopened",
      params: [FugitiveParams.id], effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(
        headline: Headline {
          "Closed the case of fugitive \($0["id"]) (\($0["name"])); "
            + "'bounty fugitives reopen \($0["id"])' unlocks it."
        }))
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    let fugitive = try store.existingFugitive(id: id)
    if fugitive.caseFile.closedAt != nil {
      throw BountyError.conflict("case \(id) is already closed")
    }
    try store.writeClosed(fugitiveID: id, at: store.now)
    return try store.existingFugitive(id: id).json
  }

  static let reopen = Command(
    CommandSpec(
      name: "fugitives.reopen", words: ["fugitives", "reopen"], tab: .fugitives,
      summary: "Reopen a closed case so it can be changed again",
      params: [FugitiveParams.id], effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(
        headline: Headline { "Reopened the case of fugitive \($0["id"]) (\($0["name"]))." }))
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    let fugitive = try store.existingFugitive(id: id)
    if fugitive.caseFile.closedAt == nil {
      throw BountyError.conflict("case \(id) is not closed")
    }
    try store.writeClosed(fugitiveID: id, at: nil)
    return try store.existingFugitive(id: id).json
  }
}
