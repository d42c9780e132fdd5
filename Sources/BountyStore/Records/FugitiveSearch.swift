import BountyCore
import CSQLite

/// How a list's search text finds fugitives: through the FTS5 trigram index of migration 0012
/// (`fugitive_search`, one entry per fugitive holding its folded name, description, last-seen
/// description and notes, one per line).
///
/// The text is folded like the index (`nameSortKey`: case and diacritics), then matched literally
/// (no wildcards, no operators) as a substring of one of those fields.
enum FugitiveSearch {
  /// The fewest characters the trigram index can look up; shorter text scans the indexed text.
  static let indexedLength = 3

  /// A subquery selecting the ID# (as `match_id`) of every fugitive whose text contains `text`, and its values.
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

  /// The share of the listed fugitives above which a page walks the order's index, checking each
  /// row against the matches, rather than looking every match up and sorting them: with one in 8
  /// matching, a page of 20 expects to read about 160 index entries.
  static let walkShare: Int64 = 8
}

extension Store {
  /// A page of a list with a search, or nil when the query has none. The matches come from the
  /// search index; the total counts them (joined to the other filters) without reading the table
  /// when nothing else filters. The page looks each match up and sorts them (few matches), or walks
  /// the order's index testing membership (many).
  func searchedFugitives(_ query: FugitiveQuery) throws -> (items: [Fugitive], total: Int64)? {
    guard let search = query.search, !search.isEmpty else { return nil }
    let matches = FugitiveSearch.matches(search)
    let (otherFilters, otherValues) = query.filter(includingSearch: false)
    let joined = "FROM (\(matches.sql)) AS hit CROSS JOIN fugitive ON fugitive.id = hit.match_id"
    let others = otherFilters.isEmpty ? "" : otherFilters
    let total: Int64
    if otherFilters.isEmpty {
      total =
        try database.queryFirst("SELECT count(*) FROM (\(matches.sql))", matches.values) {
          $0.int(0)
        } ?? 0
    } else {
      total =
        try database.queryFirst(
          "SELECT count(*) \(joined) \(others)", matches.values + otherValues
        ) { $0.int(0) } ?? 0
    }
    let listed = try count(
      FugitiveQuery(status: query.status, sort: query.sort), whereClause: "", values: [])
    let order = "ORDER BY \(query.sort.orderBy(descending: query.descending)) LIMIT ? OFFSET ?"
    let paging: [SQLValue] = [.integer(query.limit ?? -1), .integer(query.offset)]
    let currency = try currency()
    let items: [Fugitive]
    if query.limit != nil, total * FugitiveSearch.walkShare > listed {
      let (filters, values) = query.filter()
      items = try database.query(
        "SELECT \(Self.fugitiveColumns) FROM fugitive \(filters) \(order)", values + paging
      ) { Self.fugitive(from: $0, currency: currency) }
    } else {
      items = try database.query(
        "SELECT \(Self.fugitiveColumns) \(joined) \(others) \(order)",
        matches.values + otherValues + paging
      ) { Self.fugitive(from: $0, currency: currency) }
    }
    return (try withNotes(items), total)
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
