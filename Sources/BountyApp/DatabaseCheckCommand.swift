internal import BountyCommands
import BountyCore
internal import BountyStore

/// `db check [--repair]`: the engine's integrity check, broken references, the schema's own
/// objects missing or different, a damaged search index, values of the wrong type, and the rows
/// other programs left wrong (rows of a fugitive that is gone, stale sort keys and search
/// entries, invalid settings), each named by table, row and ID#; exits 1 while any exist.
/// `--repair` fixes what has one right answer in one undoable step and says what it did: that
/// includes dropping every trigger on bounty's tables, and every view, that is not bounty's
/// (another program's, which could delete what history records or ignore a change), so its help
/// says so before anyone runs it on a file another tool shares.
enum DatabaseCheckCommand {
  static let repair = Param.flag(
    "repair",
    help:
      "Fix what has one right answer, as one undoable step: drop the triggers and views that "
      + "are not bounty's (another program's trigger on bounty's tables could delete what "
      + "history records or ignore a change), recreate the schema's missing or different tables, indexes, "
      + "views and triggers (a table another tool rebuilt is rebuilt keeping every row), rebuild a "
      + "damaged search index, delete rows of fugitives that are gone, fold stale sort keys and "
      + "search entries again, drop history steps that can no longer be replayed, restart a "
      + "history chain another program broke (dropping the steps it no longer vouches for), "
      + "number a manual order with shared places again and count a wrong tally again")

  static let command = Command(
    CommandSpec(
      name: "db.check", words: ["db", "check"], tab: .database,
      summary:
        "Check the database's integrity, references, schema, keys and settings (--repair fixes "
        + "them, dropping triggers and views that are not bounty's)",
      params: [repair], effect: .change(undoable: true), changesOnlyWith: [repair.name],
      fronts: .terminal,
      result:
        "{ok, integrity: [message], foreignKeyViolations, problems: [message], repaired: [message], "
        + "chainRestarted: [message]}",
      schema: .component(.databaseCheck),
      view: .facts([
        Fact("ok", "Healthy", .yesNo), Fact("integrity", "Integrity check", .list),
        Fact("foreignKeyViolations", "Broken references"),
        Fact("problems", "Problems", .list), Fact("repaired", "Repaired", .list),
        Fact("chainRestarted", "Chain restarted", .list), Fact("schemaVersion", "Schema version"),
      ]), successField: "ok")
  ) { store, arguments in
    let repaired = arguments[repair] == true ? try store.repairDatabase() : []
    let (integrity, violations) = try store.integrityCheck()
    let problems = try store.databaseProblems()
    let ok = integrity == ["ok"] && violations == 0 && problems.messages.isEmpty
    return .object([
      "ok": .bool(ok), "integrity": .array(integrity.map(JSON.string)),
      "foreignKeyViolations": .int(violations),
      "problems": .array(problems.messages.map(JSON.string)),
      "repaired": .array(repaired.map(JSON.string)),
      "chainRestarted": .array(try store.historyChainRestart().map { [JSON.string($0)] } ?? []),
      "schemaVersion": .int(try Migrator.version(of: store.database)),
    ])
  }
}
