import BountyCore

/// What `db check` finds wrong beyond the engine's own integrity check: the schema's own tables,
/// indexes, views and triggers missing or different, a damaged search index, and values of the
/// wrong type (`schemaProblems`); rows whose fugitive is gone, sort keys and search entries that do not match their text, a tally
/// that does not match the fugitives, and settings bounty would not have stored. (Fugitives that
/// share a position of the manual order are no problem: the order puts them in ID# order.) Each problem is a
/// sentence naming the table, the row and the ID#.
public struct DatabaseProblems: Sendable {
  /// One sentence per problem, at most `DatabaseProblems.shownPerKind` of each kind (then one
  /// sentence saying how many more).
  public var messages: [String] = []
  /// How many of the problems `repairDatabase` can fix (all but invalid settings).
  public var repairable = 0

  /// How many problems of one kind are named one by one.
  public static let shownPerKind = 50
}

/// The tables whose rows belong to a fugitive: name, the column naming the row (nil: the row is
/// the fugitive's one), and the noun a sentence uses.
private let childTables: [(table: String, rowKey: String?, noun: String)] = [
  ("note", "id", "note"), ("photo", nil, "photo"), ("case_file", nil, "case file"),
  ("expense", "id", "expense"), ("alias", "id", "alias"),
]

extension Store {
  /// Every problem `db check` reports besides the engine's integrity check. On SQLite it reads
  /// every row (the sort keys and search entries are folded again to compare); on PostgreSQL the
  /// server enforces references and keeps keys itself, so the settings and the server's history
  /// chain (agency migration 9) are checked there.
  public func databaseProblems() throws -> DatabaseProblems {
    var problems = DatabaseProblems()
    if database.dialect == .sqlite {
      let schema = try schemaProblems()
      add(&problems, schema.repairable.count, repairable: true) { _ in schema.repairable }
      add(&problems, schema.others.count, repairable: false) { _ in schema.others }
      for child in childTables {
        let rows = try orphans(of: child)
        add(&problems, rows.count, repairable: true) { limit in
          rows.prefix(limit).map { row in
            let what = child.rowKey == nil ? child.noun : "\(child.noun) \(row.key)"
            return
              "\(child.table): \(what) of fugitive ID# \(row.fugitive), which does not exist"
          }
        }
      }
      let keys = try staleSortKeys()
      add(&problems, keys.count, repairable: true) { limit in
        keys.prefix(limit).map { "\($0.table): the sort key of \($0.what) is out of date" }
      }
      // A search index missing, made otherwise or damaged is named above; its entries are
      // compared only when it is sound.
      let searchSound =
        try searchIndexExists()
        && !schema.repairable.contains {
          $0.hasPrefix("fugitive_search:") || $0.hasPrefix("table fugitive_search ")
        }
      let entries = searchSound ? try staleSearchEntries() : []
      add(&problems, entries.count, repairable: true) { limit in
        entries.prefix(limit).map {
          "fugitive_search: the search entry of fugitive ID# \($0) is out of date"
        }
      }
      let strays = try strayRows(searching: searchSound)
      add(&problems, strays.count, repairable: true) { limit in Array(strays.prefix(limit)) }
      let steps = try unreplayableSteps()
      add(&problems, steps.count, repairable: true) { limit in
        steps.prefix(limit).map {
          "history_step: step \($0.id) (\(SafeText.quoted($0.label))) cannot be "
            + "\($0.stack == "undo" ? "undone" : "redone"): \($0.reason)"
        }
      }
      let chain = try historyChainProblems()
      add(&problems, chain.count, repairable: true) { limit in Array(chain.prefix(limit)) }
    }
    if database.dialect == .postgresql, let chain = try serverChainProblem() {
      add(&problems, 1, repairable: false) { _ in [chain] }
    }
    let settings = try invalidSettings()
    add(&problems, settings.count, repairable: false) { limit in Array(settings.prefix(limit)) }
    return problems
  }

  /// Fixes what has one right answer: on SQLite first the schema (`repairSchema`), then
  /// deletes the rows of fugitives that are gone, folds stale sort keys and search entries again,
  /// drops search entries of no fugitive, mends a history chain another program broke
  /// (`mendHistoryChain`), drops steps that can no longer be replayed and recounts the tally.
  /// Returns one sentence per thing done. Call inside the write transaction of one undoable
  /// step: undo puts the deleted rows back.
  public func repairDatabase() throws -> [String] {
    var done = try repairSchema()
    guard database.dialect == .sqlite else { return done }
    for child in childTables {
      try database.run(
        "DELETE FROM \(child.table) WHERE fugitive_id NOT IN (SELECT id FROM fugitive)")
      let count = database.changes
      if count > 0 {
        done.append(
          "deleted \(count) \(child.table) \(count == 1 ? "row" : "rows") of fugitives that do not exist"
        )
      }
    }
    let keyed = try staleSortKeys().map(\.fugitive)
    let searched = try staleSearchEntries()
    let marked = Set(keyed + searched)
    for id in marked.sorted() {
      try database.run(
        """
        INSERT INTO fugitive_stale (fugitive_id) SELECT ?
        WHERE NOT EXISTS (SELECT 1 FROM fugitive_stale WHERE fugitive_id = ?)
        """, .integer(id), .integer(id))
    }
    let mended = try mendStaleRows()
    if mended > 0 {
      done.append(
        "folded the sort keys and search entries of \(mended) \(mended == 1 ? "fugitive" : "fugitives") again"
      )
    }
    try database.run("DELETE FROM fugitive_search WHERE rowid NOT IN (SELECT id FROM fugitive)")
    if database.changes > 0 {
      let count = database.changes
      done.append(
        "deleted \(count) search \(count == 1 ? "entry" : "entries") of fugitives that do not exist"
      )
    }
    if let mended = try mendHistoryChain() { done.append(mended) }
    let dropped = try dropUnreplayableSteps()
    if !dropped.isEmpty {
      done.append(
        "dropped \(dropped.count) history \(dropped.count == 1 ? "step" : "steps") that can no "
          + "longer be replayed")
    }
    if try recountTallyIfWrong() {
      done.append("counted the fugitives at large and captured again")
    }
    return done
  }

  /// Counts the fugitives at large and captured into the tally again when it is wrong; true when
  /// it was.
  @discardableResult
  func recountTallyIfWrong() throws -> Bool {
    guard try tallyIsWrong() else { return false }
    try database.execute(
      """
      UPDATE fugitive_tally SET count =
        (SELECT count(*) FROM fugitive WHERE fugitive.captured = fugitive_tally.captured)
      """)
    return true
  }

  private func add(
    _ problems: inout DatabaseProblems, _ count: Int, repairable: Bool,
    _ sentences: (Int) -> [String]
  ) {
    guard count > 0 else { return }
    problems.messages += sentences(DatabaseProblems.shownPerKind)
    if count > DatabaseProblems.shownPerKind {
      problems.messages.append("… and \(count - DatabaseProblems.shownPerKind) more like it")
    }
    if repairable { problems.repairable += count }
  }

  /// The rows of `child` whose fugitive does not exist: the row's key and the missing ID#.
  private func orphans(of child: (table: String, rowKey: String?, noun: String)) throws -> [(
    key: Int64, fugitive: Int64
  )] {
    try database.query(
      """
      SELECT \(child.rowKey ?? "fugitive_id"), fugitive_id FROM \(child.table)
      WHERE fugitive_id NOT IN (SELECT id FROM fugitive) ORDER BY 1
      """
    ) { ($0.int(0), $0.int(1)) }
  }

  /// Fugitives and aliases whose `name_key` is not their name folded by bounty, and fugitives
  /// another program marked (`fugitive_stale`).
  private func staleSortKeys() throws -> [(table: String, what: String, fugitive: Int64)] {
    let fugitives = try database.query(
      """
      SELECT id FROM fugitive WHERE name_key IS NOT bounty_fold(name)
      UNION SELECT fugitive_id FROM fugitive_stale WHERE fugitive_id IN (SELECT id FROM fugitive)
      ORDER BY 1
      """
    ) { $0.int(0) }
    let aliases = try database.query(
      """
      SELECT alias.id, alias.fugitive_id FROM alias JOIN fugitive ON fugitive.id = alias.fugitive_id
      WHERE alias.name_key IS NOT bounty_fold(alias.name) ORDER BY alias.id
      """
    ) { ($0.int(0), $0.int(1)) }
    return fugitives.map { ("fugitive", "fugitive ID# \($0)", $0) }
      + aliases.map { ("alias", "alias \($0.0) of fugitive ID# \($0.1)", $0.1) }
  }

  /// Fugitives whose search entry is missing or is not their text folded by bounty. An entry
  /// written before migration 0013 (which added the aliases' line) and never rewritten lacks the
  /// last line break of a fugitive without aliases; it finds the same and is not stale.
  private func staleSearchEntries() throws -> [Int64] {
    try database.query(
      """
      SELECT id FROM (SELECT f.id, s.text AS stored, \(Self.searchTextSQL) AS wanted
        FROM fugitive AS f LEFT JOIN fugitive_search AS s ON s.rowid = f.id)
      WHERE stored IS NULL OR (stored IS NOT wanted AND stored || char(10) IS NOT wanted)
      ORDER BY id
      """
    ) { $0.int(0) }
  }

  /// Search entries of no fugitive (when `searching`: the index is sound), and a tally that
  /// does not count the fugitives.
  private func strayRows(searching: Bool) throws -> [String] {
    var sentences =
      searching
      ? try database.query(
        "SELECT rowid FROM fugitive_search WHERE rowid NOT IN (SELECT id FROM fugitive) ORDER BY 1"
      ) { "fugitive_search: an entry for fugitive ID# \($0.int(0)), which does not exist" } : []
    if try tallyIsWrong() {
      sentences.append("fugitive_tally: the counts of fugitives at large and captured are wrong")
    }
    return sentences
  }

  private func tallyIsWrong() throws -> Bool {
    try database.scalarInt(
      """
      SELECT EXISTS (SELECT 1 FROM (SELECT 0 AS captured UNION ALL SELECT 1) AS status
        WHERE coalesce((SELECT count FROM fugitive_tally AS t WHERE t.captured = status.captured), -1)
          != (SELECT count(*) FROM fugitive AS f WHERE f.captured = status.captured))
      """) == 1
  }

  /// Stored settings bounty would not have written: an unknown key, or a value that is not the
  /// canonical text `SettingKey.validate` makes of it.
  private func invalidSettings() throws -> [String] {
    let rows = try database.query("SELECT key, value FROM setting ORDER BY key") {
      ($0.text(0), $0.text(1))
    }
    return rows.compactMap { (key, value) -> String? in
      guard let setting = SettingKey(rawValue: key) else {
        return "setting: \(SafeText.quoted(key)) is not a setting bounty knows"
      }
      do {
        let canonical = try setting.validate(.string(value))
        if canonical == value { return nil }
        return
          "setting: \(key) is \(SafeText.quoted(value)), which bounty would store as "
          + SafeText.quoted(canonical)
      } catch {
        return
          "setting: \(key) is \(SafeText.quoted(value)): \((error as? BountyError)?.message ?? "\(error)")"
      }
    }
  }
}
