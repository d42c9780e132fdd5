import BountyCore

extension Store {
  /// How many rows are read before their notes and case files are (a few queries per batch, not
  /// per fugitive): what the stream holds at once.
  static let streamBatch = 256

  /// Calls `body` with every fugitive `query` matches, in its order (its limit and offset, when it
  /// has them, applied), notes and case files included, as the statement steps: memory stays
  /// bounded however many match (`--format csv|tsv|ndjson` over a million fugitives). Stops, with
  /// `interrupted`, once the store is cancelled. Call inside a read transaction.
  public func forEachFugitive(_ query: FugitiveQuery, _ body: (Fugitive) throws -> Void) throws {
    let selection: (sql: String, values: [SQLValue])
    if let search = query.search, !search.isEmpty {
      selection = searchJoin(query, search: search)
    } else {
      let (whereClause, values) = query.filter(on: database.dialect)
      selection = ("FROM fugitive \(whereClause)", values)
    }
    var decoder = FugitiveRowDecoder(currency: try currency())
    var batch = FugitiveRows(reserving: Self.streamBatch)
    func flush() throws {
      try checkCancelled()
      try completeListed(&batch)
      for fugitive in batch.fugitives { try body(fugitive) }
      batch.removeAll()
    }
    try database.forEachRow(
      """
      SELECT \(Self.fugitiveListColumns(database.dialect)) \(selection.sql)
      ORDER BY \(query.sort.orderBy(descending: query.descending)) LIMIT ? OFFSET ?
      """,
      selection.values + [
        query.limit.map(SQLValue.integer) ?? database.dialect.noLimit, .integer(query.offset),
      ]
    ) { row in
      batch.append(try decoder.fugitiveRow(row))
      if batch.fugitives.count == Self.streamBatch { try flush() }
    }
    try flush()
  }
}
