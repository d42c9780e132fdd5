import BountyCore

/// Changes made outside bounty (migration 25, docs/history.md, "Changes outside bounty"): on a
/// SQLite file, a change to a fugitive or its records that no bounty step recorded and that
/// bounty did not make is logged in `outside_change`, so a fugitive's chain of custody names it.
/// On PostgreSQL the server records another client's change as a step of its own.
extension Store {
  /// Whether the SQLite file logs changes made outside bounty: it has `history_recorder.writing`
  /// (the column, the log and its triggers come in the same migration).
  static func logsOutsideChanges(_ database: Database) throws -> Bool {
    try database.dialect == .sqlite
      && database.scalarInt(
        "SELECT count(*) FROM pragma_table_info('history_recorder') WHERE name = 'writing'") == 1
  }

  /// Has every write transaction on `database` mark itself as bounty's
  /// (`Database.marksBountyWrites`) when the file logs changes made outside bounty: once the
  /// store is open, and before each migration.
  static func markBountyWrites(of database: Database) throws {
    database.marksBountyWrites = try logsOutsideChanges(database)
  }

  /// The changes made outside bounty to fugitive `id` or its records (the fugitive's row before
  /// or after, a record whose fugitive it was before or after), newest first, each as a step of
  /// the stack `outside`: its log id, what it did (`updated fugitive 7 (bounty_minor)`), when,
  /// and the client `another program` (SQLite cannot tell which). Empty on PostgreSQL and on a
  /// file from before the log.
  func outsideChanges(fugitive id: Int64) throws -> [HistoryStep] {
    guard try Self.logsOutsideChanges(database) else { return [] }
    return try database.query(
      """
      SELECT id, at, table_name, op, row_key, coalesce(fugitive_id, old_fugitive_id), columns
      FROM outside_change WHERE fugitive_id = ?1 OR old_fugitive_id = ?1 ORDER BY id DESC
      """, [.integer(id)]
    ) { row in
      HistoryStep(
        id: row.int(0),
        label: Self.outsideLabel(
          table: row.text(2), op: row.text(3), key: row.optionalInt(4),
          fugitive: row.optionalInt(5), columns: row.text(6)),
        createdAt: Timestamp(parsing: row.text(1)) ?? Timestamp(secondsSinceEpoch: 0),
        stack: "outside", client: "another program")
    }
  }

  /// `updated fugitive 7 (bounty_minor, description)`, `deleted note 4 of fugitive 7`,
  /// `inserted the photo of fugitive 7`.
  static func outsideLabel(
    table: String, op: String, key: Int64?, fugitive: Int64?, columns: String
  ) -> String {
    let verb = op.hasSuffix("e") ? "\(op)d" : "\(op)ed"
    let number = { (value: Int64?) in value.map(String.init) ?? "?" }
    let what =
      switch table {
      case "fugitive": "fugitive \(number(key))"
      case "photo": "the photo of fugitive \(number(fugitive))"
      case "case_file": "the case file of fugitive \(number(fugitive))"
      default: "\(table) \(number(key)) of fugitive \(number(fugitive))"
      }
    let changed = columns.split(separator: " ").joined(separator: ", ")
    return "\(verb) \(what)" + (changed.isEmpty ? "" : " (\(changed))")
  }
}
