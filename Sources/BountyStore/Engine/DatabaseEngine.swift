import BountyCore
import Glibc

/// The primitives one engine gives `Database`: scripts, cursors over bound statements, and the state
/// a transaction needs. Everything else (queries, transactions, retries) is built once on these.
protocol DatabaseEngine: AnyObject {
  var dialect: SQLDialect { get }
  /// Runs one or more statements that take no parameters (schema scripts, `BEGIN`, `COMMIT`).
  func execute(_ sql: String) throws
  /// Runs `sql` with `values` bound to its `?` parameters, in order, and answers a cursor over its
  /// rows. `streaming` asks for rows to be fetched a few at a time (a million-row export) rather
  /// than all at once; the cursor must be closed before the next statement that is not itself a
  /// cursor opened with `streaming`.
  func cursor(_ sql: String, _ values: [SQLValue], streaming: Bool) throws -> any RowCursor
  /// Rows changed by the last INSERT, UPDATE or DELETE.
  var changes: Int { get }
  /// True when changes cannot be written through this connection.
  var isReadOnly: Bool { get }
  /// True while a transaction is open on this connection.
  var inTransaction: Bool { get }
  /// True when the open transaction failed and takes no more statements until it is rolled back
  /// (PostgreSQL's aborted transaction; SQLite has none).
  var transactionFailed: Bool { get }
  /// Makes a long statement stop (as an `.interrupted` failure) once `*flag` is non-zero.
  func interrupt(when flag: UnsafeMutablePointer<sig_atomic_t>)
  /// Ends a transaction that only read. An engine may send the `COMMIT` without waiting for its
  /// answer (nothing depends on it): it is collected before the next statement, or never, when
  /// the connection closes first.
  func commitReading() throws
  /// Before a command's first transaction: makes a connection found lost (the server restarted,
  /// the session was ended) again, once, or throws why it cannot be.
  func reconnectIfLost() throws
  /// `error`, which failed the transaction just rolled back, with what the engine can still find
  /// out about it (who held the lock that was waited on, the timeout that ran out).
  func explained(_ error: any Error) -> any Error
}

extension DatabaseEngine {
  func commitReading() throws {
    try execute("COMMIT")
  }

  func reconnectIfLost() throws {}

  func explained(_ error: any Error) -> any Error { error }
}

/// The rows of one statement, one at a time.
public protocol RowCursor: AnyObject {
  /// Advances to the next row: true while there is one.
  func next() throws -> Bool
  /// The current row; valid until the next call of `next` or `close`.
  var row: Row { get }
  /// Releases the statement (or server-side cursor); the cursor must not be used afterwards.
  func close()
}

/// An engine's failure, described the same way for both engines so `Store.describe` can say what
/// happened without knowing which engine it was.
public protocol DatabaseFailure: Error, CustomStringConvertible {
  /// The engine's own message (never bound values).
  var message: String { get }
  /// Another connection held a lock too long.
  var isBusy: Bool { get }
  /// The database cannot be written through this connection.
  var isReadOnly: Bool { get }
  /// No space left on the device.
  var isDiskFull: Bool { get }
  /// The file or server is not a database this engine can read.
  var isNotADatabase: Bool { get }
  /// A uniqueness, foreign-key or check rule refused the change.
  var isConstraintViolation: Bool { get }
  /// Stopped by `interrupt(when:)`.
  var isInterrupted: Bool { get }
  /// A concurrent transaction won; running the whole transaction again may succeed.
  var isRetryable: Bool { get }
  /// The database refused this role the statement (agency roles).
  var isPermissionDenied: Bool { get }
  /// The connection went away while the `COMMIT` was on its way: saved or not, nobody can tell.
  var isCommitOutcomeUnknown: Bool { get }
  /// The sentence for a failure only this engine has, or nil to let `Store.describe` word it.
  var serverSentence: BountyError? { get }
}

extension DatabaseFailure {
  public var isCommitOutcomeUnknown: Bool { false }
  public var serverSentence: BountyError? { nil }
}

/// An engine with a faster way in for many rows than one INSERT each (PostgreSQL's COPY).
protocol BulkCopyEngine: DatabaseEngine {
  /// Writes every row `produce` hands to `write` into `table` (`columns` in order), in the open
  /// transaction.
  func copyRows(
    into table: String, columns: [String],
    _ produce: (_ write: ([SQLValue]) throws -> Void) throws -> Void
  ) throws
}
