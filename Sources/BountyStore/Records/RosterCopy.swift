import BountyCore

/// How many rows `copyRoster` carried, table by table.
public struct RosterCopyCounts: Sendable, Equatable {
  public var fugitives: Int64 = 0
  public var notes: Int64 = 0
  public var photos: Int64 = 0
  public var settings: Int64 = 0
  public var caseRows: Int64 = 0
}

/// A table `db copy` carries, with the columns both engines have, parents before children.
struct CopiedTable: Sendable {
  enum Kind: Sendable { case integer, coordinate, text, blob }

  let name: String
  let columns: [(name: String, kind: Kind)]
  /// True when the table numbers its rows itself (`id`), so PostgreSQL's sequence must be moved
  /// past the copied numbers.
  let numbersRows: Bool

  /// Every table of the roster but the settings (merged, not copied: the target has defaults),
  /// history and the workspace's screen state (a copy is history-free and starts on its first tab).
  static let roster: [CopiedTable] = [
    CopiedTable(
      name: "fugitive",
      columns: [
        ("id", .integer), ("name", .text), ("bounty_minor", .integer), ("description", .text),
        ("captured", .integer), ("captured_at", .text), ("captured_lat", .coordinate),
        ("captured_lon", .coordinate), ("last_seen_lat", .coordinate),
        ("last_seen_lon", .coordinate),
        ("last_seen_desc", .text), ("last_seen_at", .text), ("name_key", .text),
        ("position", .integer), ("created_at", .text), ("updated_at", .text),
      ], numbersRows: false),
    CopiedTable(
      name: "note",
      columns: [
        ("id", .integer), ("fugitive_id", .integer), ("position", .integer), ("text", .text),
        ("created_at", .text),
      ], numbersRows: true),
    CopiedTable(
      name: "photo", columns: [("fugitive_id", .integer), ("media_type", .text), ("bytes", .blob)],
      numbersRows: false),
    CopiedTable(
      name: "case_file",
      columns: [
        ("fugitive_id", .integer), ("bond_minor", .integer), ("court", .text),
        ("case_number", .text), ("fta_date", .text), ("forfeiture_date", .text), ("dob", .text),
        ("height", .text), ("weight", .text), ("eyes", .text), ("hair", .text), ("marks", .text),
        ("closed_at", .text),
      ], numbersRows: false),
    CopiedTable(
      name: "expense",
      columns: [
        ("id", .integer), ("fugitive_id", .integer), ("position", .integer), ("date", .text),
        ("amount_minor", .integer), ("memo", .text),
      ], numbersRows: true),
    CopiedTable(
      name: "alias",
      columns: [("id", .integer), ("fugitive_id", .integer), ("name", .text), ("name_key", .text)],
      numbersRows: true),
  ]

  /// The value of column `index` of `row`, as its kind reads it.
  func value(of row: Row, at index: Int) -> SQLValue {
    let column = Int32(index)
    guard !row.isNull(column) else { return .null }
    switch columns[index].kind {
    case .integer: return .integer(row.int(column))
    case .coordinate: return .coordinate(row.coordinate(column))
    case .text: return .text(row.text(column))
    case .blob: return .blob(row.blob(column))
    }
  }
}

extension Store {
  /// Copies the whole roster of `source` (fugitives, notes, photos, case files and settings; no
  /// history) into this store, which must hold no fugitive yet, in one transaction: all of it or
  /// none. Rows go in with the engine's bulk path (`COPY … FROM STDIN` on PostgreSQL).
  public func copyRoster(from source: Store) throws -> RosterCopyCounts {
    try database.transaction(write: true) {
      try source.database.transaction(write: false) {
        try withoutHistory { () throws -> RosterCopyCounts in
          let present = try fugitiveCount()
          guard present == 0 else {
            throw BountyError.refused(
              "\(path) already holds \(present) fugitive\(present == 1 ? "" : "s"); db copy fills "
                + "only an empty roster, and nothing was copied")
          }
          var counts = RosterCopyCounts()
          let settings = try source.database.query("SELECT key, value FROM setting") {
            ($0.text(0), $0.text(1))
          }
          settingsRead = nil
          for (key, value) in settings {
            // Into a roster without amounts yet: a currency rescales nothing.
            try writeSettingRow(key, value)
            counts.settings += 1
          }
          // Into an empty roster, as a big import: the list indexes, the search index and the
          // triggers kept row by row are built once from the copied rows (row by row, the search
          // index alone made a million one-row segments to merge: 331 s for a million fugitives).
          let load = try beginBulkLoad(rebuildingIndexes: true)
          for table in CopiedTable.roster {
            let copied = try copyRows(of: table, from: source)
            switch table.name {
            case "fugitive": counts.fugitives = copied
            case "note": counts.notes = copied
            case "photo": counts.photos = copied
            default: counts.caseRows += copied
            }
          }
          if database.dialect == .sqlite {
            // A sort key is this bounty's fold of the name, whatever the source held (the server's
            // fold, a row another program wrote): with the load's triggers off, no copied row was
            // marked for mending.
            try refoldNameKeys(of: "SELECT id FROM fugitive")
          }
          try finishBulkLoad(load, newAfter: 0, replaced: [])
          // The copy's order is dense whatever the source's was (another program's rows sharing a
          // position, gaps); a dense source's rows are not written again. After the indexes are
          // back: numbering walks the manual order's index, where without it a million rows were
          // sorted in memory (22 MiB more at the peak).
          try renumberManualOrder()
          try analyzeAfterBulkLoad()
          return counts
        }
      }
    }
  }

  private func copyRows(of table: CopiedTable, from source: Store) throws -> Int64 {
    let names = table.columns.map(\.name)
    let order = table.numbersRows || table.name == "fugitive" ? "id" : "fugitive_id"
    var copied: Int64 = 0
    try database.copyRows(into: table.name, columns: names) { write in
      try source.database.forEachRow(
        "SELECT \(names.joined(separator: ", ")) FROM \(table.name) ORDER BY \(order)"
      ) { row in
        try write(table.columns.indices.map { table.value(of: row, at: $0) })
        copied += 1
        if copied % 10_000 == 0 {
          try checkCancelled()
          progress?(copied, nil)
        }
      }
    }
    if table.numbersRows, database.dialect == .postgresql {
      _ = try database.scalarInt(
        """
        SELECT setval(pg_get_serial_sequence(?, 'id'), coalesce(max(id), 0) + 1, false)
        FROM \(table.name)
        """, .text(table.name))
    }
    return copied
  }
}
