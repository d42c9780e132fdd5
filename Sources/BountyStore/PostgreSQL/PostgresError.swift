/// An error from a PostgreSQL server (or from libpq when the connection failed): its SQLSTATE, its
/// message, and the SQL that failed. Bound values are never included (they hold personal data), and
/// neither is a password (bounty refuses URLs that hold one).
public struct PostgresError: DatabaseFailure, Sendable {
  /// The five-character SQLSTATE (`40001`, `23505`, …), or nil when libpq failed before the
  /// server answered (a lost connection).
  public let sqlState: String?
  public let message: String
  public let sql: String?

  public init(sqlState: String?, message: String, sql: String? = nil) {
    self.sqlState = sqlState
    self.message = message
    self.sql = sql
  }

  /// The SQLSTATE's class: its first two characters (`23` integrity constraint violation).
  private var sqlStateClass: Substring? { sqlState?.prefix(2) }

  public var isConstraintViolation: Bool { sqlStateClass == "23" }
  /// lock_not_available (a `NOWAIT` lock, `lock_timeout`), and a server that is shutting down,
  /// starting up or has no connection left.
  public var isBusy: Bool {
    ["55P03", "57P01", "57P02", "57P03", "53300"].contains(sqlState)
  }
  /// read_only_sql_transaction: a standby, or a role whose transactions are read-only.
  public var isReadOnly: Bool { sqlState == "25006" }
  public var isDiskFull: Bool { sqlState == "53100" }
  /// Bounty opens a server's database by name; a wrong one is a connection failure, not this.
  public var isNotADatabase: Bool { false }
  /// query_canceled: `interrupt(when:)` sent a cancel request.
  public var isInterrupted: Bool { sqlState == "57014" }
  /// serialization_failure and deadlock_detected: a concurrent transaction won.
  public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }
  /// insufficient_privilege: the role's grants do not allow the statement.
  public var isPermissionDenied: Bool { sqlState == "42501" }

  public var description: String {
    var text = "PostgreSQL error \(sqlState ?? "(no SQLSTATE)"): \(message)"
    if let sql { text += " (in: \(sql))" }
    return text
  }
}
