import BountyCore

/// An error from a PostgreSQL server (or from libpq when the connection failed): its SQLSTATE, its
/// message, and the SQL that failed. Bound values are never included (they hold personal data), and
/// neither is a password (bounty refuses URLs that hold one).
public struct PostgresError: DatabaseFailure, Sendable {
  /// The five-character SQLSTATE (`40001`, `23505`, …), or nil when libpq failed before the
  /// server answered (a lost connection).
  public let sqlState: String?
  public let message: String
  public let sql: String?
  /// A statement this connection prepared before a schema change no longer fits it; it has been
  /// dropped, so running the transaction again prepares it afresh.
  public let isStalePlan: Bool
  /// The server's CONTEXT field: where the error arose (`while updating tuple (0,7) in relation
  /// "fugitive"` names the row a lock was awaited on).
  public var context: String? = nil
  /// The connection was gone after the failure (the server shut down, crashed, or ended the
  /// session): the next command connects again (`PostgresConnection.reconnectIfLost`).
  public var connectionLost = false
  /// The connection was lost while the `COMMIT` was on its way: the server may have committed
  /// or not, and nobody can tell from here.
  public var commitOutcomeUnknown = false
  /// A `query_canceled` that bounty did not ask for: the server's `statement_timeout`, or another
  /// session's `pg_cancel_backend`. Only a cancel bounty sent (Ctrl-C) reads as interrupted.
  public var cancelledByServer = false
  /// Filled after the failed transaction was rolled back (`PostgresConnection.explained`): the
  /// setting whose time ran out (`lock_timeout`, `statement_timeout`) as the server shows it.
  public var timeout: String? = nil
  /// Filled likewise for a lock wait that ran out: what was locked and by whom, as far as the
  /// server tells (`fugitive 7 (Hank Morrow), locked by carol (psql, pid 4242)`).
  public var lockHolder: String? = nil

  public init(sqlState: String?, message: String, sql: String? = nil, isStalePlan: Bool = false) {
    self.sqlState = sqlState
    self.message = message
    self.sql = sql
    self.isStalePlan = isStalePlan
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
  /// query_canceled because `interrupt(when:)` sent a cancel request (not the server's timeout).
  public var isInterrupted: Bool { sqlState == "57014" && !cancelledByServer }
  /// serialization_failure and deadlock_detected: a concurrent transaction won (or a prepared
  /// statement went stale).
  public var isRetryable: Bool {
    !connectionLost && (sqlState == "40001" || sqlState == "40P01" || isStalePlan)
  }
  /// insufficient_privilege: the role's grants do not allow the statement.
  public var isPermissionDenied: Bool { sqlState == "42501" }
  public var isCommitOutcomeUnknown: Bool { commitOutcomeUnknown }

  /// The sentence a person reads for the failures only a server has, each its own (a lock wait
  /// that ran out is not a Ctrl-C, a statement timeout not a busy file); nil for the others, which
  /// `Store.describe` words for both engines.
  public var serverSentence: BountyError? {
    switch sqlState {
    case "55P03":
      let waited = timeout.map { "after \($0) (its lock_timeout)" } ?? "(lock_timeout)"
      return .io(
        "the server stopped waiting for a lock \(waited): "
          + (lockHolder ?? "another session held what this command needed")
          + "; nothing was changed, try again")
    case "57014" where cancelledByServer:
      guard let timeout, timeout != "0" else {
        return .io(
          "the server cancelled the command (another session's pg_cancel_backend); "
            + "nothing was changed")
      }
      return .io(
        "the server stopped the command after \(timeout) (its statement_timeout); "
          + "nothing was changed")
    case "57P01", "57P02":
      return .io(
        "the server ended this session (it was shut down or restarted, or an administrator "
          + "ended the session); nothing was changed, and the next command connects again")
    case "57P03":
      return .io("the server is starting up or shutting down; nothing was changed, try again")
    case "53300":
      return .io(
        "the server has no connection left (max_connections); nothing was changed, try again")
    case "53200":
      // Also when a long SERIALIZABLE transaction (a big import) keeps the read locks of every
      // transaction that overlapped it, which the server must hold until it ends.
      return .io(
        "the server ran out of room for locks (max_locks_per_transaction, "
          + "max_pred_locks_per_transaction); nothing was changed, try again")
    default:
      guard connectionLost else { return nil }
      return .io(
        "the connection to the server was lost (\(message)); nothing was changed, and the next "
          + "command connects again")
    }
  }

  public var description: String {
    var text = "PostgreSQL error \(sqlState ?? "(no SQLSTATE)"): \(message)"
    if let sql { text += " (in: \(sql))" }
    return text
  }
}
