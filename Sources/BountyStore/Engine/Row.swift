import BountyCore
import CSQLite

/// Reads the columns of a PostgreSQL (or any non-SQLite) result row.
public protocol RowReader {
  func isNull(_ column: Int32) -> Bool
  func int(_ column: Int32) -> Int64
  /// A latitude or longitude; amounts are read with `int`.
  func coordinate(_ column: Int32) -> Double
  func text(_ column: Int32) -> String
  func blob(_ column: Int32) -> [UInt8]
  /// The names of the row's columns, in order: what a column was selected as.
  var columnNames: [String] { get }
}

/// One result row, read by column number (0 first) with typed accessors. Booleans read as integers
/// (1 or 0) on both engines, so `EXISTS (…)` and `captured = 1` read the same everywhere.
public struct Row {
  enum Source {
    /// A SQLite statement positioned on a row (the fast path: no indirection per column).
    case sqlite(OpaquePointer)
    case reader(any RowReader)
  }
  let source: Source

  init(sqlite statement: OpaquePointer) { source = .sqlite(statement) }
  public init(reader: any RowReader) { source = .reader(reader) }

  /// The names of the row's columns, in order (an alias where the statement gives one). Asked once
  /// per statement by a reader that reads columns by name (`ColumnPositions`), never per row.
  public var columnNames: [String] {
    switch source {
    case .sqlite(let statement):
      (0..<sqlite3_column_count(statement)).map { column in
        sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
      }
    case .reader(let reader): reader.columnNames
    }
  }

  public func isNull(_ column: Int32) -> Bool {
    switch source {
    case .sqlite(let statement): sqlite3_column_type(statement, column) == SQLITE_NULL
    case .reader(let reader): reader.isNull(column)
    }
  }

  public func int(_ column: Int32) -> Int64 {
    switch source {
    case .sqlite(let statement): sqlite3_column_int64(statement, column)
    case .reader(let reader): reader.int(column)
    }
  }

  public func optionalInt(_ column: Int32) -> Int64? {
    isNull(column) ? nil : int(column)
  }

  /// A coordinate (latitude or longitude); never an amount.
  public func coordinate(_ column: Int32) -> Double {
    switch source {
    case .sqlite(let statement): sqlite3_column_double(statement, column)
    case .reader(let reader): reader.coordinate(column)
    }
  }

  public func optionalCoordinate(_ column: Int32) -> Double? {
    isNull(column) ? nil : coordinate(column)
  }

  public func text(_ column: Int32) -> String {
    switch source {
    case .sqlite(let statement):
      guard let pointer = sqlite3_column_text(statement, column) else { return "" }
      let count = Int(sqlite3_column_bytes(statement, column))
      return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    case .reader(let reader): return reader.text(column)
    }
  }

  public func optionalText(_ column: Int32) -> String? {
    isNull(column) ? nil : text(column)
  }

  /// The moment a text column holds (`Timestamp(parsing:)`), or nil for NULL or text that is not
  /// one. The stored form is read from SQLite's own bytes, without making a String of them.
  public func timestamp(_ column: Int32) -> Timestamp? {
    guard case .sqlite(let statement) = source else {
      return optionalText(column).flatMap(Timestamp.init(parsing:))
    }
    guard let pointer = sqlite3_column_text(statement, column) else { return nil }
    let bytes = UnsafeBufferPointer(
      start: pointer, count: Int(sqlite3_column_bytes(statement, column)))
    return Timestamp(canonicalUTF8: bytes)
      ?? Timestamp(parsing: String(decoding: bytes, as: UTF8.self))
  }

  public func blob(_ column: Int32) -> [UInt8] {
    switch source {
    case .sqlite(let statement):
      guard let pointer = sqlite3_column_blob(statement, column) else { return [] }
      let count = Int(sqlite3_column_bytes(statement, column))
      return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    case .reader(let reader): return reader.blob(column)
    }
  }
}

/// Where a statement's columns are, by name: read once from its first row (`Row.columnNames`), so
/// each row after is read by position at no extra cost, and a reader never depends on the order
/// a SELECT lists its columns in.
public struct ColumnPositions: Sendable {
  private let byName: [String: Int32]

  public init(_ row: Row) {
    var byName: [String: Int32] = [:]
    for (position, name) in row.columnNames.enumerated() where byName[name] == nil {
      byName[name] = Int32(position)
    }
    self.byName = byName
  }

  /// The position of column `name`; a statement without it is a bug in bounty's own SQL, reported
  /// as an error naming the column, never a crash.
  public func position(of name: String) throws(BountyError) -> Int32 {
    guard let position = byName[name] else {
      throw BountyError.io("internal error: the statement has no column \(name)")
    }
    return position
  }

  /// The position of column `name`, or nil when the statement has none.
  public func optionalPosition(of name: String) -> Int32? { byName[name] }
}
