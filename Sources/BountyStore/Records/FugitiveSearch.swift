import BountyCore
import CSQLite

/// How a list's search text finds fugitives: through the FTS5 trigram index of migration 0012
/// (`fugitive_search`, one entry per fugitive holding its folded name, description, last-seen
/// description, notes and, since migration 0013, aliases, one per line).
///
/// The text is folded like the index (`nameSortKey`: case and diacritics), then matched literally
/// (no wildcards, no operators) as a substring of one of those fields.
///
/// On PostgreSQL the index is the table `fugitive_search` (same text, one row per fugitive, with a
/// pg_trgm GIN index), and the server folds both the text and the query with its `bounty_fold`
/// (lower() of unaccent()): the same matches as SQLite's for ASCII and the usual accented Latin
/// letters; where the server's Unicode tables and bounty's disagree (rare letters and ligatures),
/// each engine is consistent with itself.
enum FugitiveSearch {
  /// The fewest characters the trigram index can look up; shorter text scans the indexed text.
  static let indexedLength = 3

  /// A subquery selecting the ID# (as `match_id`) of every fugitive whose text contains `text`,
  /// and its bound values, in `dialect`'s SQL.
  static func matches(_ text: String, on dialect: SQLDialect) -> (sql: String, values: [SQLValue]) {
    if dialect == .postgresql { return matchesOnServer(text) }
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

  /// `matches` on PostgreSQL: a LIKE on the folded text, which the trigram index answers for 3 or
  /// more characters (`bounty_search_pattern` folds the query and escapes `%`, `_` and `\`).
  private static func matchesOnServer(_ text: String) -> (sql: String, values: [SQLValue]) {
    if text.utf8.contains(0x0A) {
      // As on SQLite: a line break is looked for in each field by itself.
      return (
        """
        SELECT f.id AS match_id FROM fugitive AS f WHERE strpos(bounty_fold(f.name), bounty_fold(?)) > 0
          OR strpos(bounty_fold(f.description), bounty_fold(?)) > 0
          OR strpos(bounty_fold(f.last_seen_desc), bounty_fold(?)) > 0
          OR EXISTS (SELECT 1 FROM note WHERE note.fugitive_id = f.id
            AND strpos(bounty_fold(note.text), bounty_fold(?)) > 0)
        """, Array(repeating: .text(text), count: 4)
      )
    }
    return (
      "SELECT id AS match_id FROM fugitive_search WHERE text LIKE bounty_search_pattern(?)",
      [.text(text)]
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
    let onServer = database.dialect == .postgresql
    let matches = FugitiveSearch.matches(search, on: database.dialect)
    let joined = searchJoin(query, search: search)
    let statusOnly =
      query.minimumBountyMinor == nil && query.capturedFrom == nil && query.capturedTo == nil
    let countSQL: String
    var countValues = matches.values
    switch (statusOnly, query.status) {
    case (true, .all):
      countSQL = "SELECT count(*) FROM (\(matches.sql))\(onServer ? " AS hit" : "")"
    case (true, .atLarge), (true, .captured):
      countSQL = """
        SELECT count(*) FROM fugitive\(onServer ? "" : " INDEXED BY fugitive_by_status_id")
        WHERE captured = \(query.status == .captured ? 1 : 0) AND id IN (\(matches.sql))
        """
    case (false, _):
      countSQL = "SELECT count(*) \(joined.sql)"
      countValues = joined.values
    }
    let total = try database.queryFirst(countSQL, countValues) { $0.int(0) } ?? 0
    let listed = try count(
      FugitiveQuery(status: query.status, sort: query.sort), whereClause: "", values: [])
    let order = "ORDER BY \(query.sort.orderBy(descending: query.descending)) LIMIT ? OFFSET ?"
    let paging: [SQLValue] = [
      query.limit.map(SQLValue.integer) ?? database.dialect.noLimit, .integer(query.offset),
    ]
    var decoder = FugitiveRowDecoder(currency: try currency())
    var items: FugitiveRows
    if let limit = query.limit,
      (limit + query.offset).multipliedReportingOverflow(by: listed).partialValue
        < FugitiveSearch.lookupCost * total * total
    {
      let (filters, values) = query.filter(on: database.dialect)
      items = try fugitiveRows(
        "SELECT \(Self.fugitiveListColumns(database.dialect)) FROM fugitive \(filters) \(order)",
        values + paging, decoder: &decoder)
    } else {
      items = try fugitiveRows(
        "SELECT \(Self.fugitiveListColumns(database.dialect)) \(joined.sql) \(order)",
        joined.values + paging, decoder: &decoder)
    }
    try completeListed(&items)
    return (items.fugitives, total)
  }

  /// The FROM and WHERE of a searched list that looks every match up by its ID# and tests it
  /// against the other filters, and their values.
  func searchJoin(_ query: FugitiveQuery, search: String) -> (sql: String, values: [SQLValue]) {
    let matches = FugitiveSearch.matches(search, on: database.dialect)
    let (otherFilters, otherValues) = query.filter(includingSearch: false, on: database.dialect)
    // SQLite's CROSS JOIN keeps the matches as the outer loop; PostgreSQL plans joins itself.
    let join = database.dialect == .postgresql ? "JOIN" : "CROSS JOIN"
    return (
      "FROM (\(matches.sql)) AS hit \(join) fugitive ON fugitive.id = hit.match_id \(otherFilters)",
      matches.values + otherValues
    )
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
