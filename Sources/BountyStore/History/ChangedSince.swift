import BountyCore

/// Undo changes only what its step changed, or refuses (docs/history.md, section 1), on SQLite:
/// an entry with an after image (`imaged`, the `history_chain` migration) replays only when each
/// column the entry changed holds the value the entry left, or already the old value it puts back
/// (a cascade of a newer entry of the same step, replayed first, put it back: a renumbered
/// fugitive's notes, amounts a currency change rescaled). Another program's change to such a
/// column refuses the whole replay, naming the fugitive, the column and that another
/// program changed it; a column the entry did not change is kept as it is now (the entry's
/// update statement puts back only the columns it changed, `HistoryStatements`).
enum ChangedSince {
  /// For each op with an after image, a query of the entry bound to `?1`: whether the row is
  /// there (for `T.insert`: whether its key is taken), then, per column, whether it differs
  /// from what the entry left where that matters, then the fugitive the row belongs to.
  static let checks: [String: (table: String, columns: [String], sql: String)] = {
    var checks: [String: (String, [String], String)] = [:]
    for (table, columns) in HistoryStatements.sqliteColumns where table != "photo" {
      let key = columns[0]
      let owner =
        table == "fugitive" || table == "case_file"
        ? "t.\(key)" : table == "setting" ? "NULL" : "t.fugitive_id"
      let indexed = Array(columns.enumerated())
      let updated = indexed.map { i, c in
        "(h.v\(i + 1) IS NOT h.n\(i + 1) AND t.\(c) IS NOT h.n\(i + 1) AND t.\(c) IS NOT h.v\(i + 1))"
      }
      let inserted = indexed.map { i, c in "t.\(c) IS NOT h.n\(i + 1)" }
      let join = { (keyValue: String) in
        "FROM history_entry AS h LEFT JOIN \(table) AS t ON t.\(key) = h.\(keyValue) WHERE h.id = ?1"
      }
      checks["\(table).update"] = (
        table, columns,
        "SELECT t.\(key) IS NOT NULL, \(updated.joined(separator: ", ")), \(owner) "
          + join("v\(columns.count + 1)")
      )
      checks["\(table).delete"] = (
        table, columns,
        "SELECT t.\(key) IS NOT NULL, \(inserted.joined(separator: ", ")), \(owner) " + join("v1")
      )
      checks["\(table).insert"] = (
        table, columns,
        "SELECT t.\(key) IS NOT NULL, \(columns.map { _ in "0" }.joined(separator: ", ")), "
          + "\(owner) " + join("v1")
      )
    }
    return checks
  }()

  /// How a refusal names row `key` of `table`, of fugitive `fugitive` whose name reads `named`
  /// (` (Ann)`, or empty): `fugitive 7 (Ann)`, `ID# 7 (Ann)` for a key taken again (`inserted`),
  /// `note 4 of fugitive 7 (Ann)`, `the case file of fugitive 7 (Ann)`.
  static func subject(
    table: String, key: String, fugitive: Int64?, named: String, inserted: Bool
  ) -> String {
    switch table {
    case "fugitive": inserted ? "ID# \(key)\(named)" : "fugitive \(key)\(named)"
    case "setting": "setting \(SafeText.quoted(key))"
    case "case_file": "the case file of fugitive \(key)\(named)"
    case "photo": "the photo of fugitive \(key)\(named)"
    default: "\(table) \(key) of fugitive \(fugitive.map(String.init) ?? "?")\(named)"
    }
  }

  /// How a column reads in a refusal.
  static func describe(_ column: String, of table: String) -> String {
    switch (table, column) {
    case ("fugitive", "bounty_minor"): "bounty"
    case ("fugitive", "name_key"), ("alias", "name_key"): "sort key"
    case ("fugitive", "position"), ("note", "position"), ("expense", "position"): "place in order"
    case ("expense", "amount_minor"): "amount"
    case ("case_file", "bond_minor"): "bond"
    default: column.split(separator: "_").joined(separator: " ")
    }
  }
}

extension Store {
  /// Refuses (SQLite) to replay entry `entryID` of `op` unless its row is as the entry left it;
  /// see `ChangedSince`. `undoing` words the refusal.
  func refuseIfChangedSince(entry entryID: Int64, op: String, undoing: Bool) throws {
    guard let check = ChangedSince.checks[op] else { return }
    guard
      let found = try database.queryFirst(
        check.sql, [.integer(entryID)],
        row: { row in
          (
            exists: row.int(0) == 1,
            changed: (0..<check.columns.count).first { row.int(Int32(1 + $0)) == 1 },
            owner: row.optionalInt(Int32(1 + check.columns.count))
          )
        })
    else { return }
    let insert = op.hasSuffix(".insert")
    let what: String
    if insert {
      guard found.exists else { return }
      what = "was added again"
    } else if !found.exists {
      // A row the entry inserted that is gone already (a cascade of a newer entry of the same
      // step took it) ends as deleting it would.
      guard op.hasSuffix(".update") else { return }
      what = "was deleted"
    } else if let column = found.changed {
      let named = ChangedSince.describe(check.columns[column], of: check.table)
      what = "its \(named) was changed"
    } else {
      return
    }
    let keyColumn = op.hasSuffix(".update") ? "v\(check.columns.count + 1)" : "v1"
    let key =
      try database.queryFirst(
        "SELECT \(keyColumn) FROM history_entry WHERE id = ?", [.integer(entryID)],
        row: { $0.text(0) }) ?? ""
    let since = "by another program since the \(undoing ? "step" : "undo")"
    let owner = try found.owner ?? ownerOfEntry(entryID, table: check.table)
    let named = try owner.map { try fugitiveNamed($0, entry: entryID, table: check.table) } ?? ""
    let subject = ChangedSince.subject(
      table: check.table, key: key, fugitive: owner, named: named, inserted: insert)
    let sentence =
      found.changed != nil && found.exists && !insert
      ? "\(subject): \(what) \(since)" : "\(subject) \(what) \(since)"
    throw BountyError.conflict("\(sentence); nothing was \(undoing ? "undone" : "redone")")
  }

  /// " (NAME)" of fugitive `id`: its name now, or, when it is gone and the entry is its own,
  /// the name the entry holds.
  private func fugitiveNamed(_ id: Int64, entry: Int64, table: String) throws -> String {
    let name =
      try database.scalarText("SELECT name FROM fugitive WHERE id = ?", .integer(id))
      ?? (table == "fugitive"
        ? database.scalarText(
          "SELECT coalesce(n2, v2) FROM history_entry WHERE id = ?", .integer(entry)) : nil)
    return name.map { " (\(SafeText.escaped($0)))" } ?? ""
  }

  /// The fugitive a child entry's row belonged to, from the entry's own values (the row is gone).
  private func ownerOfEntry(_ entryID: Int64, table: String) throws -> Int64? {
    switch table {
    case "setting": return nil
    case "fugitive", "case_file":
      return try database.scalarInt(
        "SELECT v1 FROM history_entry WHERE id = ?", .integer(entryID))
    default:
      return try database.scalarInt(
        "SELECT coalesce(n2, v2) FROM history_entry WHERE id = ?", .integer(entryID))
    }
  }
}
