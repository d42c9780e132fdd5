import BountyCore
import CSQLite

/// How a list's search text finds fugitives: through the FTS5 trigram index of migration 0012
/// (`fugitive_search`, one entry per fugitive holding its folded name, description, last-seen
/// description, notes and, since migration 0013, aliases, one per line).
///
/// The text is folded like the index (`nameSortKey`: case and diacritics), then matched literally
/// (no wildcards, no operators) as a substring of one of those fields.
enum FugitiveSearch {
  /// The fewest characters the trigram index can look up; shorter text scans the indexed text.
  static let indexedLength = 3

  /// A subquery selecting the ID# (as `match_id`) of every fugitive whose text contains `text`,
  /// and its bound values.
  static func matches(_ text: String) -> (sql: String, values: [SQLValue]) {
    let folded = nameSortKey(text)
    if folded.utf8.contains(0x0A) {
      // A line break would let a match run from one field into the next in the index's text:
      // look in each field by itself (a scan, as before the index existed).
      return (
        """
        SELECT f.id AS match_id FROM fugitive AS f WHERE instr(f.name_key, ?) > 0
          OR instr(bounty_fold(f.description), ?) > 0
          OR instr(bounty_fold(f.last_seen_desc), ?) > 0
          OR EXISTS (SELECT 1 FROM note WHERE note.fugitive_id = f.id
            AND instr(bounty_fold(note.text), ?) > 0)
        """, Array(repeating: .text(folded), count: 4)
      )
    }
    if folded.unicodeScalars.count >= indexedLength {
      // One FTS5 phrase: its trigrams, consecutive, i.e. exactly this substring. Inside double
      // quotes only a double quote is special (written twice).
      let phrase = "\"" + folded.replacing("\"", with: "\"\"") + "\""
      return (
        "SELECT rowid AS match_id FROM fugitive_search WHERE fugitive_search MATCH ?",
        [.text(phrase)]
      )
    }
    // One or two characters: the index holds trigrams, not these; scan its text, which is already
    // folded (no function call per row).
    return (
      "SELECT rowid AS match_id FROM fugitive_search WHERE instr(fugitive_search.text, ?) > 0",
      [.text(folded)]
    )
  }

  /// How much dearer reading a fugitive by its ID# (a random table page) is than stepping past one
  /// entry of an order's index and testing it against the matches: the page plan weighs the two.
  static let lookupCost: Int64 = 50
}

extension Store {
  /// A page of a list with a search, or nil when the query has none.
  ///
  /// The matches come from the search index. The total counts them: straight from the index when
  /// nothing else filters, through the covering status index (no table page read) when only the
  /// status does, joined to the rows otherwise. The page either looks every match up and sorts them
  /// (`total` random reads) or walks the order's index testing each entry against the matches (about
  /// `(offset + limit) × listed / total` entries), whichever `lookupCost` says is cheaper.
  func searchedFugitives(_ query: FugitiveQuery) throws -> (items: [Fugitive], total: Int64)? {
    guard let search = query.search, !search.isEmpty else { return nil }
    let matches = FugitiveSearch.matches(search)
    let (otherFilters, otherValues) = query.filter(includingSearch: false)
    let joined = "FROM (\(matches.sql)) AS hit CROSS JOIN fugitive ON fugitive.id = hit.match_id"
    let statusOnly =
      query.minimumBountyMinor == nil && query.capturedFrom == nil && query.capturedTo == nil
    let countSQL: String
    var countValues = matches.values
    switch (statusOnly, query.status) {
    case (true, .all): countSQL = "SELECT count(*) FROM (\(matches.sql))"
    case (true, .atLarge), (true, .captured):
      countSQL = """
        SELECT count(*) FROM fugitive INDEXED BY fugitive_by_status_id
        WHERE captured = \(query.status == .captured ? 1 : 0) AND id IN (\(matches.sql))
        """
    case (false, _):
      countSQL = "SELECT count(*) \(joined) \(otherFilters)"
      countValues += otherValues
    }
    let total = try database.queryFirst(countSQL, countValues) { $0.int(0) } ?? 0
    let listed = try count(
      FugitiveQuery(status: query.status, sort: query.sort), whereClause: "", values: [])
    let order = "ORDER BY \(query.sort.orderBy(descending: query.descending)) LIMIT ? OFFSET ?"
    let paging: [SQLValue] = [
      query.limit.map(SQLValue.integer) ?? database.dialect.noLimit, .integer(query.offset),
    ]
    let currency = try currency()
    let items: [Fugitive]
    if let limit = query.limit,
      (limit + query.offset).multipliedReportingOverflow(by: listed).partialValue
        < FugitiveSearch.lookupCost * total * total
    {
      let (filters, values) = query.filter()
      items = try database.query(
        "SELECT \(Self.fugitiveColumns) FROM fugitive \(filters) \(order)", values + paging
      ) { Self.fugitive(from: $0, currency: currency) }
    } else {
      items = try database.query(
        "SELECT \(Self.fugitiveColumns) \(joined) \(otherFilters) \(order)",
        matches.values + otherValues + paging
      ) { Self.fugitive(from: $0, currency: currency) }
    }
    return (try withChildren(items), total)
  }

  /// True when the SQLite library bounty runs on was built with FTS5, which search needs.
  public static var sqliteHasFullTextSearch: Bool {
    sqlite3_compileoption_used("ENABLE_FTS5") != 0
  }

  /// The number of entries in the search index (one per fugitive when it is right).
  public func searchIndexCount() throws -> Int64 {
    try database.scalarInt("SELECT count(*) FROM fugitive_search") ?? 0
  }
}
