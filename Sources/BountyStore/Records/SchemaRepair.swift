import BountyCore

/// The schema checking itself on SQLite (see `ExpectedSchema`): `db check` names each table,
/// index, view and trigger missing or different, a search index that fails FTS5's own integrity
/// check, and rows an older file holds with values of the wrong type; `db check --repair` and
/// `db migrate` recreate the objects, and a change refuses to start while a trigger is missing.
extension Store {
  /// Refuses a change, in one line naming `bounty db check --repair`, while a trigger of the newest
  /// schema is missing or differs (another program rebuilt a table without them, or dropped
  /// them), or a trigger the schema does not have sits on one of bounty's tables (it may delete
  /// what history records, or ignore a change): history would not record the change and the
  /// rules would not hold. Cheap: SQLite's
  /// schema cookie (`PRAGMA schema_version`), which every change of the schema moves, is compared
  /// with the one last found whole; the triggers are read again only when it moved. SQLite only.
  public func requireIntactTriggers() throws {
    guard database.dialect == .sqlite else { return }
    let cookie = try database.scalarInt("PRAGMA schema_version")
    if let cookie, cookie == verifiedSchemaCookie { return }
    let broken = try ExpectedSchema.differences(in: database, types: ["trigger"])
    guard broken.isEmpty else {
      let names = broken.prefix(3).map { difference in
        difference.object.name
          + (difference.fault == .missing
            ? " missing" : difference.fault == .foreign ? " not bounty's" : " different")
      }
      throw BountyError.refused(
        "\(path)'s triggers, which record history and keep its rules, are not as the schema has "
          + "them (\(names.joined(separator: ", "))\(broken.count > 3 ? ", …" : "")); "
          + "`bounty db check --repair` puts them right; nothing was changed")
    }
    verifiedSchemaCookie = cookie
  }

  /// What `db check` names of the schema itself: each object missing, different or foreign, a damaged
  /// search index, and each row of a money or ID# column holding another type than an integer.
  /// The last are not repairable: no program can know the amount meant (a change of the field
  /// gives it one). SQLite only.
  func schemaProblems() throws -> (repairable: [String], others: [String]) {
    guard database.dialect == .sqlite else { return ([], []) }
    var repairable: [String] = []
    var others: [String] = []
    for difference in try ExpectedSchema.differences(in: database) {
      if case .different(sameColumns: false) = difference.fault {
        others.append(difference.sentence)
      } else {
        repairable.append(difference.sentence)
      }
    }
    if try searchIndexExists() {
      switch try searchIndexIsDamaged() {
      case true?:
        repairable.append(
          "fugitive_search: the search index fails its integrity check (FTS5 'integrity-check')")
      // FTS5's 'integrity-check' is a write: a file opened read-only (which `db check` must
      // still read, as every command that only reads) has its search index checked when it is
      // next opened writable. The index is derived data; nothing it holds is lost meanwhile.
      case nil, false?: break
      }
    }
    return (repairable, others + (try wronglyTypedValues()))
  }

  /// Recreates what `schemaProblems` names as repairable: a table whose definition differs but
  /// whose columns are the schema's is rebuilt to the schema's definition keeping every row (as
  /// SQLite's twelve-step procedure does); missing tables, indexes, views and triggers are
  /// created, different ones dropped and created again; a damaged search index is rebuilt. Every
  /// fugitive is then marked stale, so its sort keys and search entry are folded again, and the
  /// tally is counted again. Needs foreign keys off (the dispatcher's transaction for `db
  /// check` and `db migrate`): a table is rebuilt only then. Returns one sentence per kind done.
  public func repairSchema() throws -> [String] {
    guard database.dialect == .sqlite else { return [] }
    var done: [String] = []
    let foreign = try ExpectedSchema.differences(in: database, types: ["view", "trigger"])
      .filter { $0.fault == .foreign }.map(\.object)
    for object in foreign {
      try database.execute(
        "DROP \(object.type.uppercased()) IF EXISTS \(Self.quotedName(object.name))")
    }
    if !foreign.isEmpty {
      done.append(
        "dropped \(foreign.map { "the \($0.type) \($0.name)" }.joined(separator: ", ")), "
          + "which schema version \(ExpectedSchema.version) does not have")
    }
    let foreignKeysOff = try database.scalarInt("PRAGMA foreign_keys") == 0
    var rebuilt: [String] = []
    for difference in try ExpectedSchema.differences(in: database, types: ["table"]) {
      let table = difference.object
      switch difference.fault {
      case .missing:
        try database.execute(table.sql)
        done.append("created the missing table \(table.name)")
      case .different where table.sql.uppercased().hasPrefix("CREATE VIRTUAL"):
        // The search index holds nothing of its own: made again, its entries are written again
        // from the fugitives marked stale below.
        try database.execute("DROP TABLE \(Self.quotedName(table.name))")
        try database.execute(table.sql)
        done.append("made the search index \(table.name) again")
      case .different(sameColumns: true) where foreignKeysOff:
        try rebuild(table)
        rebuilt.append(table.name)
      case .different, .foreign:
        continue
      }
    }
    if !rebuilt.isEmpty {
      done.append(
        "rebuilt \(rebuilt.count == 1 ? "table" : "tables") \(rebuilt.joined(separator: ", ")) "
          + "to the definition of schema version \(ExpectedSchema.version), keeping every row")
    }
    var recreated: [String: [String]] = [:]
    for difference in try ExpectedSchema.differences(
      in: database, types: ["index", "view", "trigger"]) where difference.fault != .foreign
    {
      let object = difference.object
      if let present = try database.scalarText(
        "SELECT type FROM sqlite_schema WHERE name = ?", .text(object.name))
      {
        try database.execute("DROP \(present.uppercased()) \(Self.quotedName(object.name))")
      }
      try database.execute(object.sql)
      recreated[object.type, default: []].append(object.name)
    }
    for type in ["index", "view", "trigger"] {
      guard let names = recreated[type] else { continue }
      let noun = names.count == 1 ? type : (type == "index" ? "indexes" : type + "s")
      done.append("recreated the \(noun) \(names.joined(separator: ", "))")
    }
    if try searchIndexExists(), try searchIndexIsDamaged() == true {
      try database.execute("INSERT INTO fugitive_search (fugitive_search) VALUES ('rebuild')")
      done.append("rebuilt the search index fugitive_search from its entries")
    }
    if !done.isEmpty {
      verifiedSchemaCookie = nil
      try database.execute(
        """
        INSERT INTO fugitive_stale (fugitive_id)
        SELECT id FROM fugitive WHERE id NOT IN (SELECT fugitive_id FROM fugitive_stale)
        """)
      try recountTallyIfWrong()
    }
    return done
  }

  /// True when the search index `fugitive_search` exists (another program may have dropped it;
  /// `db check` then names it missing, and nothing reads it until `--repair` makes it again).
  func searchIndexExists() throws -> Bool {
    try database.scalarInt(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'fugitive_search'") == 1
  }

  /// True when FTS5's own check of `fugitive_search` finds it damaged (a page another program
  /// overwrote), nil when it cannot run: the check is an `INSERT`, which a file this process
  /// cannot write refuses (and FTS5's shadow tables cannot be copied to check elsewhere).
  func searchIndexIsDamaged() throws -> Bool? {
    do {
      try database.execute(
        "INSERT INTO fugitive_search (fugitive_search) VALUES ('integrity-check')")
      return false
    } catch let error as SQLiteError where error.isReadOnly {
      return nil
    } catch let error as SQLiteError where error.isNotADatabase {
      return true
    }
  }

  /// Rebuilds `table` to its expected definition, keeping every row: the old table is renamed
  /// out of the way (with `legacy_alter_table`, so no other table, view or trigger is rewritten
  /// to name it), the expected one created under the name, the rows copied by column name, and
  /// the old one dropped with its indexes and triggers (recreated from the schema next).
  private func rebuild(_ table: ExpectedSchema.Object) throws {
    let name = Self.quotedName(table.name)
    let columns = try ExpectedSchema.columns(of: table.name, in: database).sorted()
      .map(Self.quotedName).joined(separator: ", ")
    try database.execute("PRAGMA legacy_alter_table = ON")
    defer { try? database.execute("PRAGMA legacy_alter_table = OFF") }
    try database.execute(
      """
      ALTER TABLE main.\(name) RENAME TO bounty_rebuilt_rows;
      \(table.sql);
      INSERT INTO main.\(name) (\(columns)) SELECT \(columns) FROM main.bounty_rebuilt_rows;
      DROP TABLE main.bounty_rebuilt_rows;
      """)
  }

  /// Each value of a money or ID# column that is not an integer, as a sentence naming the table,
  /// the row and the value (`fugitive: bounty_minor of fugitive ID# 7 is text 'abc', not an
  /// integer`), and each photo whose bytes are neither a PNG nor a JPEG.
  private func wronglyTypedValues() throws -> [String] {
    let columns: [(table: String, key: String, row: String, column: String, nullable: Bool)] = [
      ("fugitive", "id", "fugitive ID#", "bounty_minor", false),
      ("case_file", "fugitive_id", "the case file of fugitive ID#", "bond_minor", true),
      ("expense", "id", "expense", "amount_minor", false),
      ("expense", "id", "expense", "fugitive_id", false),
      ("note", "id", "note", "fugitive_id", false), ("alias", "id", "alias", "fugitive_id", false),
      ("fugitive_tally", "captured", "the count with captured =", "count", false),
    ]
    var sentences: [String] = []
    for entry in columns {
      let allowed = entry.nullable ? "'integer', 'null'" : "'integer'"
      sentences += try database.query(
        """
        SELECT quote(\(entry.key)), typeof(\(entry.column)),
          CASE typeof(\(entry.column)) WHEN 'text' THEN \(entry.column) ELSE quote(\(entry.column)) END
        FROM \(entry.table) WHERE typeof(\(entry.column)) NOT IN (\(allowed)) ORDER BY 1 LIMIT ?
        """, [.integer(Int64(DatabaseProblems.shownPerKind))]
      ) { row in
        let value = row.text(1) == "text" ? SafeText.quoted(row.text(2)) : row.text(2)
        return
          "\(entry.table): \(entry.column) of \(entry.row) \(row.text(0)) is \(row.text(1)) "
          + "\(value), not an integer (--repair leaves it; a change of the field mends it)"
      }
    }
    sentences += try database.query(
      """
      SELECT fugitive_id FROM photo WHERE NOT (substr(bytes, 1, 8) = x'89504E470D0A1A0A'
        OR substr(bytes, 1, 3) = x'FFD8FF') ORDER BY 1 LIMIT ?
      """, [.integer(Int64(DatabaseProblems.shownPerKind))]
    ) {
      "photo: the photo of fugitive ID# \($0.int(0)) is neither a PNG nor a JPEG by its bytes "
        + "(--repair leaves it; `bounty fugitives photo` replaces it)"
    }
    return sentences
  }

  private static func quotedName(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
  }
}
