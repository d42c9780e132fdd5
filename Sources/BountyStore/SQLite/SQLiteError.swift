import CSQLite

/// An error from SQLite: its extended result code, its message, and the SQL that failed. Bound values
/// are never included (they hold personal data).
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
  /// The extended result code (`SQLITE_CONSTRAINT_PRIMARYKEY`, `SQLITE_BUSY_SNAPSHOT`, …).
  public let extendedCode: Int32
  public let message: String
  public let sql: String?

  public init(extendedCode: Int32, message: String, sql: String? = nil) {
    self.extendedCode = extendedCode
    self.message = message
    self.sql = sql
  }

  /// The primary result code (the low byte of the extended one).
  public var primaryCode: Int32 { extendedCode & 0xFF }

  public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }
  public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
  public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
  public var isDiskFull: Bool { primaryCode == SQLITE_FULL || primaryCode == SQLITE_IOERR }
  public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }

  public var description: String {
    var text = "SQLite error \(extendedCode): \(message)"
    if let sql { text += " (in: \(sql))" }
    return text
  }
}
