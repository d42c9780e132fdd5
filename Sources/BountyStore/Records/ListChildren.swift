import BountyCore

extension Store {
  /// The tables whose rows give a fugitive a photo, notes or a case file, and which flag each sets.
  private static let childTables: [(table: String, flag: ChildFlag)] = [
    ("photo", .photo), ("note", .notes), ("case_file", .caseFile), ("alias", .caseFile),
    ("expense", .caseFile),
  ]

  private enum ChildFlag: Int64 {
    case photo, notes, caseFile
  }

  /// Completes fugitives read with `fugitiveListColumns`: marks which have a photo, notes or a case
  /// file, then reads those notes and case files in (`withChildren`).
  func completeListed(_ rows: inout FugitiveRows) throws {
    try markingChildren(&rows)
    try withChildren(&rows)
  }

  /// Marks `rows`, read with `fugitiveListColumns`, with whether each has a photo, notes or a case file:
  /// on SQLite asked of the list's ID#s in one statement, and not at all of a table that has no
  /// row (five correlated `EXISTS` a row cost a 5,000-row page 35 M of its 157 M instructions); on
  /// PostgreSQL the row's own flags were read already.
  private func markingChildren(_ rows: inout FugitiveRows) throws {
    guard database.dialect == .sqlite, !rows.isEmpty else { return }
    let anyRows =
      "SELECT "
      + Self.childTables.map { "EXISTS (SELECT 1 FROM \($0.table))" }
      .joined(separator: ", ")
    let holding: [Bool] =
      try database.queryFirst(anyRows) { row in
        Self.childTables.indices.map { row.int(Int32($0)) != 0 }
      } ?? []
    let asked = Self.childTables.indices.filter { holding[$0] }.map { Self.childTables[$0] }
    guard !asked.isEmpty else { return }
    var found: [Int64: Set<Int64>] = [:]
    let ids = rows.fugitives.map(\.id)
    try database.forEachRow(
      asked.map {
        """
        SELECT DISTINCT fugitive_id, \($0.flag.rawValue) FROM \($0.table)
        WHERE fugitive_id IN (\(database.dialect.integersOfJSONArray))
        """
      }.joined(separator: " UNION ALL "), Array(repeating: .integers(ids), count: asked.count)
    ) { row in
      found[row.int(1), default: []].insert(row.int(0))
    }
    func has(_ flag: ChildFlag, _ id: Int64) -> Bool { found[flag.rawValue]?.contains(id) ?? false }
    for index in ids.indices {
      let id = ids[index]
      if has(.photo, id) { rows.fugitives[index].hasPhoto = true }
      if has(.notes, id) { rows.hasNotes[index] = true }
      if has(.caseFile, id) { rows.hasCaseFile[index] = true }
    }
  }
}
