import BountyCore

/// Which fugitives a list shows and in what order. Every ORDER BY and WHERE fragment is a constant
/// chosen by an enum; user text only ever reaches SQLite as a bound value.
public struct FugitiveQuery: Sendable {
  public enum Status: Sendable { case atLarge, captured, all }

  public enum SortKey: String, CaseIterable, Sendable {
    case name, bounty, id, manual, captured, deadline

    /// The ORDER BY terms: each served by an index of migration 0006.
    func orderBy(descending: Bool) -> String {
      let direction = descending ? "DESC" : "ASC"
      switch self {
      case .name: return "name_key \(direction), id \(direction)"
      case .bounty: return "bounty_minor \(direction), id \(direction)"
      case .id: return "id \(direction)"
      case .manual: return "position \(direction), id \(direction)"
      case .captured: return "captured_at \(direction), id \(direction)"
      // Fugitives without a forfeiture date come last in either direction.
      case .deadline:
        let date = "(SELECT forfeiture_date FROM case_file WHERE fugitive_id = fugitive.id)"
        return "\(date) IS NULL, \(date) \(direction), id \(direction)"
      }
    }
  }

  public var status: Status
  public var sort: SortKey
  public var descending: Bool
  /// Matched literally (no wildcards), ignoring case and diacritics, in name, description, last-seen
  /// description, case notes and aliases, through the search index (`FugitiveSearch`).
  public var search: String?
  public var minimumBountyMinor: Int64?
  public var capturedFrom: Timestamp?
  public var capturedTo: Timestamp?
  public var limit: Int64?
  public var offset: Int64

  public init(
    status: Status, sort: SortKey, descending: Bool = false, search: String? = nil,
    minimumBountyMinor: Int64? = nil, limit: Int64? = nil, offset: Int64 = 0
  ) {
    self.status = status
    self.sort = sort
    self.descending = descending
    self.search = search
    self.minimumBountyMinor = minimumBountyMinor
    self.limit = limit
    self.offset = offset
  }

  /// True when only the at-large/captured status filters: the total is then in `fugitive_tally`.
  var countsByStatusOnly: Bool {
    (search ?? "").isEmpty && minimumBountyMinor == nil && capturedFrom == nil && capturedTo == nil
  }

  /// The WHERE clause and its bound values, in `dialect`'s SQL; without `includingSearch`, every
  /// filter but the search.
  func filter(includingSearch: Bool = true, on dialect: SQLDialect) -> (
    sql: String, values: [SQLValue]
  ) {
    var terms: [String] = []
    var values: [SQLValue] = []
    switch status {
    case .atLarge: terms.append("captured = 0")
    case .captured: terms.append("captured = 1")
    case .all: break
    }
    if includingSearch, let search, !search.isEmpty {
      let matches = FugitiveSearch.matches(search, on: dialect)
      terms.append("id IN (\(matches.sql))")
      values += matches.values
    }
    if let minimumBountyMinor {
      terms.append("bounty_minor >= ?")
      values.append(.integer(minimumBountyMinor))
    }
    if let capturedFrom {
      terms.append("captured_at >= ?")
      values.append(.text(capturedFrom.iso8601))
    }
    if let capturedTo {
      terms.append("captured_at <= ?")
      values.append(.text(capturedTo.iso8601))
    }
    return (terms.isEmpty ? "" : "WHERE " + terms.joined(separator: " AND "), values)
  }
}
