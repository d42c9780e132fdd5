internal import BountyCommands
import BountyCore
internal import BountyStore
import Glibc

/// `bounty db copy`: moves a whole roster between two databases, a personal SQLite file and an
/// agency's PostgreSQL server either way (or file to file), history-free, in one transaction.
enum DatabaseCopyCommand {
  static let from = Param.text(
    "from", maxLength: 4096, allowBlank: false,
    help:
      "The database to copy from: a file, a postgresql:// URL or a libpq host=… dbname=… string (default: the open one)"
  )
  static let to = Param.text(
    "to", maxLength: 4096, allowBlank: false,
    help: "The database to copy into, which must hold no fugitive (default: the open one)")

  static let command = Command(
    CommandSpec(
      name: "db.copy", words: ["db", "copy"], tab: .database,
      summary: "Copy a whole roster (notes, photos, case files, settings; no history) into an "
        + "empty database, in one transaction",
      params: [from, to],
      effect: .outsideTransaction(changes: true), fronts: .terminal,
      result: "{from, to, fugitives, notes, photos, settings, caseRows}",
      schema: .component(.rosterCopy),
      view: .message(
        Headline {
          "Copied the roster from \($0["from"]) to \($0["to"]): fugitives \($0["fugitives"]), "
            + "notes \($0["notes"]), photos \($0["photos"]), case-file rows \($0["caseRows"])."
        }), opensDatabase: .init(source: from.name, target: to.name))
  ) { store, arguments in
    let source = arguments[from]
    let target = arguments[to]
    guard source != nil || target != nil else {
      throw BountyError.usage("db copy needs --from or --to (the other end is the open database)")
    }
    guard source != target, source ?? store.path != target ?? store.path else {
      throw BountyError.usage("db copy needs two different databases")
    }
    // Given both ends, the front opened the source itself (the default database stays untouched);
    // given --from alone, the open database is the target.
    let sourceStore =
      try source.flatMap { $0 == store.path ? nil : try openOther($0, mustExist: true) } ?? store
    let targetStore = try target.map { try openOther($0, mustExist: false) } ?? store
    targetStore.progress = store.progress
    targetStore.isCancelled = store.isCancelled
    let counts = try targetStore.copyRoster(from: sourceStore)
    return .object([
      "from": .string(sourceStore.path), "to": .string(targetStore.path),
      "fugitives": .int(counts.fugitives), "notes": .int(counts.notes),
      "photos": .int(counts.photos), "settings": .int(counts.settings),
      "caseRows": .int(counts.caseRows),
    ])
  }

  /// Opens the other end of a copy. The source is only read: it must exist (copying from a
  /// mistyped name would otherwise create an empty database and copy nothing) and is never
  /// migrated; the target is created and migrated when needed.
  private static func openOther(_ location: String, mustExist: Bool) throws(BountyError) -> Store {
    try Store.open(path: location, reading: mustExist)
  }
}
