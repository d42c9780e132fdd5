import BountyCore

extension FugitiveQuery.SortKey {
  /// The sort key's terms, first to last, as (expression, follows the list's direction): the
  /// values `orderBy` sorts on, so that "comes before" can be asked of one row. A term that may be
  /// NULL is read through `coalesce`, as the lists that use it hold no NULL there (the Captured
  /// tab's capture times; at large, every capture time is NULL and the ID# alone orders).
  fileprivate var terms: [(expression: String, directed: Bool)] {
    switch self {
    case .name: return [("name_key", true), ("id", true)]
    case .bounty: return [("bounty_minor", true), ("id", true)]
    case .id: return [("id", true)]
    case .manual: return [("position", true), ("id", true)]
    case .captured: return [("coalesce(captured_at, '')", true), ("id", true)]
    case .deadline:
      let date = "(SELECT forfeiture_date FROM case_file WHERE fugitive_id = fugitive.id)"
      // Fugitives without a forfeiture date come last in either direction.
      return [
        ("CASE WHEN \(date) IS NULL THEN 1 ELSE 0 END", false), ("coalesce(\(date), '')", true),
        ("id", true),
      ]
    }
  }
}

extension Store {
  /// The row (from 0) fugitive `id` holds in the whole list `query` describes (its filters and
  /// order; its page is ignored), or nil when the list does not hold it. A count of the rows that
  /// sort before it, on the order's index: what lets a front keep its cursor on a fugitive, not on
  /// a row number, when the list is re-sorted, filtered or changed under it.
  public func row(of id: Int64, in query: FugitiveQuery) throws -> Int64? {
    let (whereClause, values) = query.filter(on: database.dialect)
    let inList = whereClause.isEmpty ? "WHERE id = ?" : "\(whereClause) AND id = ?"
    let before = Self.sortsBefore(query.sort.terms, descending: query.descending)
    let bound = [SQLValue](repeating: .integer(id), count: before.lookUps)
    let condition =
      whereClause.isEmpty ? "WHERE \(before.sql)" : "\(whereClause) AND \(before.sql)"
    // One round trip: NULL when the list does not hold it.
    return try database.queryFirst(
      """
      SELECT CASE WHEN EXISTS (SELECT 1 FROM fugitive \(inList))
        THEN (SELECT count(*) FROM fugitive \(condition)) END
      """, values + [.integer(id)] + values + bound, row: { $0.optionalInt(0) }) ?? nil
  }

  /// The condition that a row sorts before the fugitive whose ID# is bound `lookUps` times. Terms
  /// that all follow the list's direction compare as one row value, which walks the order's index;
  /// otherwise row i comes before when the terms ahead of term i are equal and term i is smaller
  /// (larger, descending).
  private static func sortsBefore(
    _ terms: [(expression: String, directed: Bool)], descending: Bool
  ) -> (sql: String, lookUps: Int) {
    func its(_ expressions: [String]) -> String {
      "(SELECT \(expressions.joined(separator: ", ")) FROM fugitive WHERE id = ?)"
    }
    let expressions = terms.map(\.expression)
    if terms.allSatisfy(\.directed) {
      let row = "(\(expressions.joined(separator: ", ")))"
      return ("\(row) \(descending ? ">" : "<") \(its(expressions))", 1)
    }
    var alternatives: [String] = []
    for (index, term) in terms.enumerated() {
      let comparison = term.directed && descending ? ">" : "<"
      var parts = expressions.prefix(index).map { "\($0) = \(its([$0]))" }
      parts.append("\(term.expression) \(comparison) \(its([term.expression]))")
      alternatives.append("(" + parts.joined(separator: " AND ") + ")")
    }
    return ("(" + alternatives.joined(separator: " OR ") + ")", terms.count * (terms.count + 1) / 2)
  }
}
