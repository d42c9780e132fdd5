/// Which SQL a connection speaks. Nearly every statement bounty runs is written once in the SQL both
/// engines accept (`RETURNING`, `ON CONFLICT`, `CAST`, savepoints); the few that differ ask this.
public enum SQLDialect: Sendable, Equatable {
  /// A SQLite file: the single-user default.
  case sqlite
  /// A PostgreSQL server: agency mode.
  case postgresql

  /// `?` bound to this means "no limit" in `LIMIT ?` (SQLite: a negative number; PostgreSQL: NULL).
  public var noLimit: SQLValue { self == .sqlite ? .integer(-1) : .null }

  /// A subquery that yields the integers of a JSON array bound to its one `?` as a column named
  /// `value`: `id IN (\(dialect.integersOfJSONArray))`.
  public var integersOfJSONArray: String {
    switch self {
    case .sqlite: "SELECT value FROM json_each(?)"
    case .postgresql:
      "SELECT CAST(value AS bigint) AS value FROM json_array_elements_text(CAST(? AS json)) AS value"
    }
  }
}
