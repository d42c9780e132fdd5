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

/// A prepared SQLite statement, and the cursor over its rows: bind with `bind(_:)`, then `next()`
/// through the rows and read them through `row`. `SQLiteConnection` caches statements by their SQL;
/// `close()` resets one for its next use.
final class Statement: RowCursor {
  let handle: OpaquePointer
  let sql: String
  private unowned let database: SQLiteConnection

  init(connection database: SQLiteConnection, sql: String) throws(SQLiteError) {
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

  /// Clears earlier bindings and binds `values` to parameters 1, 2, …. Values for every parameter
  /// replace all the earlier ones, so those are cleared only when some stay unbound (clearing
  /// each time was 1.5% of a 5,000-row import's instructions).
  func bind(_ values: [SQLValue]) throws(SQLiteError) {
    sqlite3_reset(handle)
    if values.count < sqlite3_bind_parameter_count(handle) { sqlite3_clear_bindings(handle) }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
      case .coordinate(let number): code = sqlite3_bind_double(handle, index, number)
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

  func next() throws -> Bool {
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

  var row: Row { Row(sqlite: handle) }

  /// Makes the statement ready to run again (bindings are cleared by the next `bind`).
  func close() {
    sqlite3_reset(handle)
  }
}
