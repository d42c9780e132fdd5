import BountyCore

/// The statements undo and redo run, compiled into bounty: a history entry names one of them by its
/// `op` (migration 0018 on SQLite, agency migration 2 on PostgreSQL) and holds the values it binds,
/// never SQL text. An op this table does not know, or `refused` (an entry converted from an older
/// form), is refused, never run.
///
/// The ops name what replay does: `TABLE.delete` deletes the row a change inserted,
/// `TABLE.update` puts back the old values of the row a change updated, `TABLE.insert` inserts
/// again the row a change deleted, and `fugitive.deleteAfterPosition` deletes the fugitives an
/// import appended after a manual position.
enum HistoryStatements {
  /// SQLite: each statement reads its values from the entry's own `v1…v17` columns, with `?1`
  /// bound to the entry's id, so no value passes through SQL text or through Swift.
  static let sqlite: [String: String] = sqliteInsertsAndDeletes.merging(
    sqliteUpdates, uniquingKeysWith: { recorded, _ in recorded })

  /// SQLite: an update puts back each column the change altered; a column it left as it was
  /// (its old value `IS` its after image, for an entry that has one) keeps what the row holds
  /// now, which another program may have written since (`ChangedSince` refused the replay if it
  /// wrote a column the change altered). Photos have no after image: all their columns come back.
  static let sqliteUpdates: [String: String] = {
    var statements: [String: String] = [:]
    for (table, columns) in sqliteColumns where table != "photo" {
      let set = columns.enumerated().map { index, column in
        let (old, new) = ("h.v\(index + 1)", "h.n\(index + 1)")
        return
          "\(column)=CASE WHEN h.imaged=1 AND \(old) IS \(new) THEN \(table).\(column) ELSE \(old) END"
      }
      statements["\(table).update"] =
        "UPDATE \(table) SET \(set.joined(separator: ",")) FROM history_entry AS h "
        + "WHERE h.id=?1 AND \(table).\(columns[0])=h.v\(columns.count + 1)"
    }
    return statements
  }()

  private static let sqliteInsertsAndDeletes: [String: String] = [
    "fugitive.delete":
      "DELETE FROM fugitive WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)",
    "fugitive.insert":
      "INSERT INTO fugitive (id,name,bounty_minor,description,captured,captured_at,captured_lat,captured_lon,last_seen_lat,last_seen_lon,last_seen_desc,last_seen_at,name_key,position,created_at,updated_at) SELECT v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16 FROM history_entry WHERE id=?1",
    "note.delete":
      "DELETE FROM note WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)",
    "note.insert":
      "INSERT INTO note (id,fugitive_id,position,text,created_at) SELECT v1,v2,v3,v4,v5 FROM history_entry WHERE id=?1",
    "photo.delete":
      "DELETE FROM photo WHERE fugitive_id=(SELECT v1 FROM history_entry WHERE id=?1)",
    "photo.update":
      "UPDATE photo SET fugitive_id=(SELECT v1 FROM history_entry WHERE id=?1),media_type=(SELECT v2 FROM history_entry WHERE id=?1),bytes=(SELECT v3 FROM history_entry WHERE id=?1) WHERE fugitive_id=(SELECT v4 FROM history_entry WHERE id=?1)",
    "photo.insert":
      "INSERT INTO photo (fugitive_id,media_type,bytes) SELECT v1,v2,v3 FROM history_entry WHERE id=?1",
    "setting.delete":
      "DELETE FROM setting WHERE key=(SELECT v1 FROM history_entry WHERE id=?1)",
    "setting.insert":
      "INSERT INTO setting (key,value) SELECT v1,v2 FROM history_entry WHERE id=?1",
    "case_file.delete":
      "DELETE FROM case_file WHERE fugitive_id=(SELECT v1 FROM history_entry WHERE id=?1)",
    "case_file.insert":
      "INSERT INTO case_file (fugitive_id,bond_minor,court,case_number,fta_date,forfeiture_date,dob,height,weight,eyes,hair,marks,closed_at) SELECT v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13 FROM history_entry WHERE id=?1",
    "expense.delete":
      "DELETE FROM expense WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)",
    "expense.insert":
      "INSERT INTO expense (id,fugitive_id,position,date,amount_minor,memo) SELECT v1,v2,v3,v4,v5,v6 FROM history_entry WHERE id=?1",
    "alias.delete":
      "DELETE FROM alias WHERE id=(SELECT v1 FROM history_entry WHERE id=?1)",
    "alias.insert":
      "INSERT INTO alias (id,fugitive_id,name,name_key) SELECT v1,v2,v3,v4 FROM history_entry WHERE id=?1",
    "fugitive.deleteAfterPosition":
      "DELETE FROM fugitive WHERE position>(SELECT v1 FROM history_entry WHERE id=?1)",
  ]

  /// A table undo may change on PostgreSQL, with the columns an insert puts back (`inserted`), the
  /// columns an update puts back (`updated`) and its key. Written here, never read from the
  /// database: the statements below are built from these lists alone.
  struct Table {
    let name: String
    let key: String
    let inserted: [String]
    let updated: [String]
  }

  static let fugitiveColumns = [
    "id", "name", "bounty_minor", "description", "captured", "captured_at", "captured_lat",
    "captured_lon", "last_seen_lat", "last_seen_lon", "last_seen_desc", "last_seen_at", "name_key",
    "position", "created_at", "updated_at",
  ]

  /// changed_by is never put back (a replay is a change by whoever undoes); row_version and the
  /// has_* flags come back with a deleted row (its children come back with it) and are otherwise
  /// kept by the server's triggers.
  static let postgresTables: [Table] = [
    Table(
      name: "fugitive", key: "id",
      inserted: fugitiveColumns + [
        "row_version", "created_by", "has_photo", "has_notes", "has_case_file",
      ],
      updated: fugitiveColumns),
    Table(
      name: "note", key: "id", inserted: ["id", "fugitive_id", "position", "text", "created_at"],
      updated: ["id", "fugitive_id", "position", "text", "created_at"]),
    Table(
      name: "setting", key: "key", inserted: ["key", "value"], updated: ["key", "value"]),
    Table(
      name: "case_file", key: "fugitive_id",
      inserted: caseFileColumns, updated: caseFileColumns),
    Table(
      name: "expense", key: "id",
      inserted: ["id", "fugitive_id", "position", "date", "amount_minor", "memo"],
      updated: ["id", "fugitive_id", "position", "date", "amount_minor", "memo"]),
    Table(
      name: "alias", key: "id", inserted: ["id", "fugitive_id", "name", "name_key"],
      updated: ["id", "fugitive_id", "name", "name_key"]),
  ]

  /// Each table the SQLite history records, with its columns in the order its triggers write
  /// them: the old row into `v1…` (then, for an update, the new key) and, since the
  /// `history_chain` migration, the row as the change left it into `n1…` (not for photos). The
  /// key is the first column.
  static let sqliteColumns: [String: [String]] = [
    "fugitive": fugitiveColumns,
    "note": ["id", "fugitive_id", "position", "text", "created_at"],
    "photo": ["fugitive_id", "media_type", "bytes"],
    "setting": ["key", "value"],
    "case_file": caseFileColumns,
    "expense": ["id", "fugitive_id", "position", "date", "amount_minor", "memo"],
    "alias": ["id", "fugitive_id", "name", "name_key"],
  ]

  static let caseFileColumns = [
    "fugitive_id", "bond_minor", "court", "case_number", "fta_date", "forfeiture_date", "dob",
    "height", "weight", "eyes", "hair", "marks", "closed_at",
  ]

  /// PostgreSQL: the old row is the entry's `old_row` (jsonb) and the key of the row as the change
  /// left it is `row_key` (jsonb); `jsonb_populate_record` gives each the table's own column types,
  /// so every value is read by the server as the typed value it was. `?` is the entry's id. A
  /// photo's bytes come from `history_blob` (`blob_id`).
  static let postgres: [String: String] = {
    var statements: [String: String] = [:]
    for table in postgresTables {
      let (name, key) = (table.name, table.key)
      let row = "jsonb_populate_record(CAST(NULL AS \(name)), h.old_row)"
      let keyRow = "jsonb_populate_record(CAST(NULL AS \(name)), h.row_key)"
      statements["\(name).delete"] =
        "DELETE FROM \(name) WHERE \(key) = (SELECT k.\(key) FROM history_entry AS h "
        + "CROSS JOIN LATERAL \(keyRow) AS k WHERE h.id = ?)"
      statements["\(name).update"] =
        "UPDATE \(name) SET "
        + table.updated.map { "\($0) = r.\($0)" }.joined(separator: ", ")
        + " FROM history_entry AS h CROSS JOIN LATERAL \(row) AS r "
        + "CROSS JOIN LATERAL \(keyRow) AS k WHERE h.id = ? AND \(name).\(key) = k.\(key)"
      statements["\(name).insert"] =
        "INSERT INTO \(name) (\(table.inserted.joined(separator: ", "))) SELECT "
        + table.inserted.map { "r.\($0)" }.joined(separator: ", ")
        + " FROM history_entry AS h CROSS JOIN LATERAL \(row) AS r WHERE h.id = ?"
    }
    let photoRow = "jsonb_populate_record(CAST(NULL AS photo), h.old_row)"
    let photoKey = "jsonb_populate_record(CAST(NULL AS photo), h.row_key)"
    statements["photo.delete"] =
      "DELETE FROM photo WHERE fugitive_id = (SELECT k.fugitive_id FROM history_entry AS h "
      + "CROSS JOIN LATERAL \(photoKey) AS k WHERE h.id = ?)"
    statements["photo.update"] =
      "UPDATE photo SET fugitive_id = r.fugitive_id, media_type = r.media_type, bytes = b.bytes "
      + "FROM history_entry AS h JOIN history_blob AS b ON b.id = h.blob_id "
      + "CROSS JOIN LATERAL \(photoRow) AS r CROSS JOIN LATERAL \(photoKey) AS k "
      + "WHERE h.id = ? AND photo.fugitive_id = k.fugitive_id"
    statements["photo.insert"] =
      "INSERT INTO photo (fugitive_id, media_type, bytes) SELECT r.fugitive_id, r.media_type, "
      + "b.bytes FROM history_entry AS h JOIN history_blob AS b ON b.id = h.blob_id "
      + "CROSS JOIN LATERAL \(photoRow) AS r WHERE h.id = ?"
    statements["fugitive.deleteAfterPosition"] =
      "DELETE FROM fugitive WHERE position > (SELECT k.position FROM history_entry AS h "
      + "CROSS JOIN LATERAL jsonb_populate_record(CAST(NULL AS fugitive), h.row_key) AS k "
      + "WHERE h.id = ?)"
    return statements
  }()

  /// The statement replaying an entry of `op` on `dialect`, or nil: refused.
  static func statement(for op: String, on dialect: SQLDialect) -> String? {
    switch dialect {
    case .sqlite: sqlite[op]
    case .postgresql: postgres[op]
    }
  }
}
