import CSQLite

/// SQLite's "transient" destructor: it copies bound text and blobs before the call returns.
/// Not imported from C (it is a macro casting -1 to a function pointer).
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A valid pointer for binding empty text or an empty blob (SQLite reads zero bytes from it).
nonisolated(unsafe) private let emptyCString: UnsafePointer<CChar> = {
  let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
  pointer.initialize(to: 0)
  return UnsafePointer(pointer)
}()

/// A prepared statement. Bind with `bind(_:)`, then `step()` through the rows and read columns with
/// the typed accessors; `Database` caches statements by their SQL and resets them after each use.
public final class Statement {
  let handle: OpaquePointer
  public let sql: String
  private unowned let database: Database

  init(database: Database, sql: String) throws(SQLiteError) {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v3(
      database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard code == SQLITE_OK, let handle else {
      throw database.lastError(code: code, sql: sql)
    }
    self.handle = handle
    self.sql = sql
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Clears earlier bindings and binds `values` to parameters 1, 2, ….
  public func bind(_ values: [SQLValue]) throws(SQLiteError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
      case .real(let number): code = sqlite3_bind_double(handle, index, number)
      case .text(let text):
        var copy = text
        code = copy.withUTF8 { buffer in
          buffer.withMemoryRebound(to: CChar.self) { characters in
            sqlite3_bind_text64(
              handle, index, characters.baseAddress ?? emptyCString, UInt64(characters.count),
              sqliteTransient, UInt8(SQLITE_UTF8))
          }
        }
      case .blob(let bytes):
        code = bytes.withUnsafeBytes { buffer in
          sqlite3_bind_blob64(
            handle, index, buffer.baseAddress ?? UnsafeRawPointer(emptyCString),
            UInt64(buffer.count),
            sqliteTransient)
        }
      }
      guard code == SQLITE_OK else { throw database.lastError(code: code, sql: sql) }
    }
  }

  /// Advances to the next row: true while there is one.
  public func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = database.lastError(code: code, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Makes the statement ready to run again (bindings are cleared by the next `bind`).
  public func reset() {
    sqlite3_reset(handle)
  }

  public func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  public func int(_ column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  public func optionalInt(_ column: Int32) -> Int64? {
    isNull(column) ? nil : int(column)
  }

  public func double(_ column: Int32) -> Double {
    sqlite3_column_double(handle, column)
  }

  public func optionalDouble(_ column: Int32) -> Double? {
    isNull(column) ? nil : double(column)
  }

  public func text(_ column: Int32) -> String {
    guard let pointer = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  public func optionalText(_ column: Int32) -> String? {
    isNull(column) ? nil : text(column)
  }

  public func blob(_ column: Int32) -> [UInt8] {
    guard let pointer = sqlite3_column_blob(handle, column) else { return [] }
    let count = Int(sqlite3_column_bytes(handle, column))
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }
}
