import BountyStore

/// Every row of one table as exact text, on either engine, so two snapshots are equal only when the
/// data is: each cell quoted as a SQL literal (NULL as `NULL`, reals to their shortest exact digits,
/// blobs as hex), cells joined by `|`, rows in `order`.
public enum TableSnapshot {
  /// The rows of `table` ordered by `order`, leaving out the columns named in `except`.
  public static func rows(
    _ database: Database, _ table: String, order: String, except: Set<String> = []
  ) throws -> [String] {
    let cells = try columns(database, table).filter { !except.contains($0) }.map {
      switch database.dialect {
      case .sqlite:
        "CASE typeof(\($0)) WHEN 'real' THEN printf('%.17g', \($0)) ELSE quote(\($0)) END"
      // PostgreSQL prints a double precision in its shortest exact form already.
      case .postgresql: "quote_nullable(\($0))"
      }
    }
    return try database.query(
      "SELECT \(cells.joined(separator: " || '|' || ")) FROM \(table) ORDER BY \(order)"
    ) { $0.text(0) }
  }

  /// The column names of `table` in their declared order.
  public static func columns(_ database: Database, _ table: String) throws -> [String] {
    let sql =
      switch database.dialect {
      case .sqlite: "SELECT name FROM pragma_table_info(?) ORDER BY cid"
      // The catalog itself: `information_schema.columns` is a view that costs the server some
      // milliseconds a call, and a model test snapshots six tables after each of 2,000 changes.
      case .postgresql:
        """
        SELECT attname FROM pg_attribute
        WHERE attrelid = to_regclass(quote_ident(current_schema()) || '.' || quote_ident(?))
          AND attnum > 0 AND NOT attisdropped ORDER BY attnum
        """
      }
    return try database.query(sql, [.text(table)]) { $0.text(0) }
  }
}
