import CSQLite

/// An error from SQLite: its extended result code, its message, and the SQL that failed. Bound values
/// are never included (they hold personal data).
public struct SQLiteError: DatabaseFailure, Sendable {
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
  /// A row's primary key taken by another row (`SQLITE_CONSTRAINT_PRIMARYKEY`, a macro Swift
  /// does not import).
  public var isPrimaryKeyViolation: Bool { extendedCode == SQLITE_CONSTRAINT | (6 << 8) }
  public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
  public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
  public var isDiskFull: Bool { primaryCode == SQLITE_FULL }
  public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }
  public var isInterrupted: Bool { primaryCode == SQLITE_INTERRUPT }
  /// SQLite writers queue behind one lock (`BEGIN IMMEDIATE`), so no transaction loses a race.
  public var isRetryable: Bool { false }
  public var isPermissionDenied: Bool { primaryCode == SQLITE_AUTH }

  public var description: String {
    var text = "SQLite error \(extendedCode): \(message)"
    if let sql { text += " (in: \(sql))" }
    return text
  }
}
