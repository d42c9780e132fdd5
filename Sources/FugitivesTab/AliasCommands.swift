import BountyCommands
import BountyCore
import BountyStore

/// Other names a fugitive goes by: shown on the card and dossier, found by search.
enum AliasCommands {
  static let commands = [add, delete]

  static let add = Command(
    CommandSpec(
      name: "aliases.add", words: ["fugitives", "alias", "add"], tab: .fugitives,
      summary: "Add a name the fugitive goes by",
      params: [FugitiveParams.id, CaseFileParams.aliasName],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: CaseFileHeadlines.saved("aliases")),
      locksOnClosedCase: [FugitiveParams.id.name], role: .addAlias, form: [FormField("name")])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    _ = try store.existingFugitive(id: id)
    try store.insertAlias(fugitiveID: id, name: arguments.required(CaseFileParams.aliasName))
    return try store.existingFugitive(id: id).json
  }

  static let delete = Command(
    CommandSpec(
      name: "aliases.delete", words: ["fugitives", "alias", "delete"], tab: .fugitives,
      summary: "Remove one of the fugitive's aliases",
      params: [FugitiveParams.id, CaseFileParams.aliasName],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: CaseFileHeadlines.saved("aliases")),
      locksOnClosedCase: [FugitiveParams.id.name])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    _ = try store.existingFugitive(id: id)
    try store.deleteAlias(fugitiveID: id, name: arguments.required(CaseFileParams.aliasName))
    return try store.existingFugitive(id: id).json
  }
}
