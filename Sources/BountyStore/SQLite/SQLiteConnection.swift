import BountyCore
import CSQLite
import Glibc

/// One connection to a SQLite database file: the engine behind `Database` for the default store.
///
/// Set up for bounty's guarantees: extended result codes, a busy handler (`WriterQueue`: writers
/// wait their turn instead of failing with "database is locked"), defensive mode, no double-quoted string literals,
/// and the `bounty_fold` function that makes name sort keys. WAL, `synchronous=FULL` and foreign keys
/// are turned on by `Store` once the file is known to be a bounty database (before that nothing may
/// write to it).
final class SQLiteConnection: DatabaseEngine {
  let handle: OpaquePointer
  let path: String
  private var statementCache: [String: Statement] = [:]
  /// How this connection waits for other processes' writes (its busy handler).
  let writerQueue: WriterQueue

  /// How long a writer waits for another process's write to finish before giving up, counted
  /// from the last commit any process made (`WriterQueue`).
  static let busyTimeoutMilliseconds: Int32 = 5000

  var dialect: SQLDialect { .sqlite }

  /// Opens the file at `path`, which is always a file name. `.immutable` opens a URI made from
  /// the path (`file:///…?immutable=1`).
  convenience init(path: String, mode: OpenMode) throws(SQLiteError) {
    switch mode {
    case .readWrite:
      try self.init(
        filename: Self.literalFilename(path), path: path,
        flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    case .readOnly:
      try self.init(filename: Self.literalFilename(path), path: path, flags: SQLITE_OPEN_READONLY)
    case .immutable:
      try self.init(
        filename: Self.immutableURI(path), path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      )
    }
  }

  /// `path` as SQLite must be given it to take it literally. This libsqlite3 is built with
  /// `SQLITE_USE_URI`, so a name that begins `file:` is a URI (`file:x?mode=memory` would be a
  /// database in memory) and `:memory:` is no file at all; `./` in front of a relative path makes
  /// each an ordinary file name. `VACUUM INTO` needs the same.
  static func literalFilename(_ path: String) -> String {
    path.hasPrefix("/") ? path : "./" + path
  }

  /// `file:///absolute/path?immutable=1`, every byte of the path but unreserved ones and `/`
  /// percent-encoded (so `?`, `#`, `%` and spaces in a folder name stay part of the path).
  static func immutableURI(_ path: String) -> String {
    var absolute = path
    if !path.hasPrefix("/"), let folder = getcwd(nil, 0) {
      absolute = String(cString: folder) + "/" + path
      free(folder)
    }
    var uri = "file://"
    for byte in absolute.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        uri += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return uri + "?immutable=1"
  }

  /// A private, empty database in memory.
  static func inMemory() throws(SQLiteError) -> SQLiteConnection {
    try SQLiteConnection(
      filename: ":memory:", path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY)
  }

  /// Opens `filename` as SQLite reads it; `path` is what messages name.
  private init(filename: String, path: String, flags: Int32) throws(SQLiteError) {
    var handle: OpaquePointer?
    let flags = flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    let code = sqlite3_open_v2(filename, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close_v2(handle)
      throw SQLiteError(extendedCode: code, message: message)
    }
    self.handle = handle
    self.path = path
    writerQueue = WriterQueue(databasePath: path, limitMilliseconds: Self.busyTimeoutMilliseconds)
    sqlite3_extended_result_codes(handle, 1)
    writerQueue.install(on: handle)
    _ = bounty_sqlite3_db_config_defensive(handle)
    _ = bounty_sqlite3_db_config_no_dqs(handle)
    registerFunctions()
  }

  deinit {
    statementCache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// The error SQLite holds for the last call that returned `code`.
  func lastError(code: Int32, sql: String?) -> SQLiteError {
    let extended = sqlite3_extended_errcode(handle)
    return SQLiteError(
      extendedCode: extended != 0 ? extended : code,
      message: String(cString: sqlite3_errmsg(handle)), sql: sql)
  }

  func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    if code != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? "error \(code)"
      sqlite3_free(message)
      throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
    }
  }

  /// The prepared statement for `sql`, from the cache when it was prepared before.
  func statement(_ sql: String) throws(SQLiteError) -> Statement {
    if let cached = statementCache[sql] { return cached }
    let statement = try Statement(connection: self, sql: sql)
    statementCache[sql] = statement
    return statement
  }

  func cursor(_ sql: String, _ values: [SQLValue], streaming: Bool) throws -> any RowCursor {
    let statement = try statement(sql)
    try statement.bind(values)
    return statement
  }

  var changes: Int { Int(sqlite3_changes64(handle)) }

  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// True when SQLite opened the file read-only (by request, or because it cannot be written).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// True while a transaction is open on this connection.
  var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// SQLite has no aborted state: a failed statement leaves its transaction usable (or, after an
  /// I/O error or a full disk, rolled back, which `inTransaction` tells).
  var transactionFailed: Bool { false }

  /// Makes every long statement stop with `SQLITE_INTERRUPT` once `*flag` is non-zero (Ctrl-C sets
  /// it from a signal handler). SQLite polls it every thousand virtual-machine steps.
  func interrupt(when flag: UnsafeMutablePointer<sig_atomic_t>) {
    sqlite3_progress_handler(
      handle, 1000,
      { context in
        guard let context else { return 0 }
        return context.assumingMemoryBound(to: sig_atomic_t.self).pointee != 0 ? 1 : 0
      }, UnsafeMutableRawPointer(flag))
  }

  /// The SQLite library's version, e.g. `3.40.1`.
  static var libraryVersion: String { String(cString: sqlite3_libversion()) }

  private func registerFunctions() {
    // bounty_fold(name): the case- and diacritic-insensitive sort key; used by migrations that
    // fill `name_key` for rows written before it existed.
    sqlite3_create_function_v2(
      handle, "bounty_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
      { context, _, arguments in
        guard let argument = arguments?[0], let pointer = sqlite3_value_text(argument) else {
          sqlite3_result_null(context)
          return
        }
        let count = Int(sqlite3_value_bytes(argument))
        let bytes = UnsafeBufferPointer(start: pointer, count: count)
        if bytes.allSatisfy({ $0 < 0x80 }) {
          // ASCII (most text): lowercase the bytes without making a Swift String.
          guard bytes.contains(where: { $0 >= 65 && $0 <= 90 }) else {
            sqlite3_result_value(context, argument)
            return
          }
          guard let folded = sqlite3_malloc64(UInt64(max(count, 1))) else {
            sqlite3_result_error_nomem(context)
            return
          }
          let output = folded.bindMemory(to: UInt8.self, capacity: count)
          for index in 0..<count {
            let byte = bytes[index]
            output[index] = byte >= 65 && byte <= 90 ? byte + 32 : byte
          }
          sqlite3_result_text64(
            context, UnsafeRawPointer(folded).assumingMemoryBound(to: CChar.self), UInt64(count),
            sqlite3_free, UInt8(SQLITE_UTF8))
          return
        }
        let name = String(
          decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
        let key = nameSortKey(name)
        sqlite3_result_text(context, key, -1, sqliteTransient)
      }, nil, nil, nil)
  }
}
