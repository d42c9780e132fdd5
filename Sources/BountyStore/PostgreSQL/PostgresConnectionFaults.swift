import BountyCore
import CLibPQ
import Glibc

/// What a PostgreSQL connection does about the faults only a server has: a connection the server
/// ended (a restart, `pg_terminate_backend`) is made again before the next command, and a lock
/// wait or statement the server stopped is told apart and explained with what the server can
/// still say about it.
extension PostgresConnection {
  /// Before a command's first transaction: a connection found lost is made again, once. A lost
  /// connection shows as such only after libpq reads from it, so when the server has sent
  /// something while the connection sat idle (the notice of a shutdown, then the end of the
  /// stream), that is read first.
  func reconnectIfLost() throws {
    collectPendingCommit()
    var looks = 0
    while api.status(handle) == CONNECTION_OK, transactionStatus == PQTRANS_IDLE, looks < 3,
      hasInput()
    {
      _ = api.consumeInput(handle)
      looks += 1
    }
    guard api.status(handle) != CONNECTION_OK else { return }
    guard reset() else {
      throw BountyError.io(
        "the connection to \(serverName) was lost and could not be made again: "
          + Self.oneLine(api.errorMessage(handle)))
    }
  }

  /// True when the server has sent something (or closed the connection) that nobody read yet.
  private func hasInput() -> Bool {
    var watched = pollfd(fd: api.socket(handle), events: Int16(POLLIN), revents: 0)
    guard watched.fd >= 0 else { return false }
    return poll(&watched, 1, 0) > 0
  }

  /// `error`, which failed the transaction just rolled back, with the timeout that ran out and,
  /// for a lock wait, what was locked and by whom (the server's `pg_locks` and
  /// `pg_stat_activity`; a hunter sees every session's role, program and process there, not
  /// its statements).
  func explained(_ error: any Error) -> any Error {
    guard var failure = error as? PostgresError, api.status(handle) == CONNECTION_OK,
      !inTransaction
    else { return error }
    switch failure.sqlState {
    case "55P03":
      failure.timeout = setting("lock_timeout")
      failure.lockHolder = lockHolder(of: failure)
    case "57014" where failure.cancelledByServer:
      failure.timeout = setting("statement_timeout")
    default:
      return error
    }
    return failure
  }

  /// The session's value of a setting, as the server shows it (`5s`).
  private func setting(_ name: String) -> String? {
    firstRow("SELECT current_setting(?)", [.text(name)]) { $0.text(0) }
  }

  /// The first row of `sql` mapped with `row`, or nil when there is none or it fails.
  private func firstRow<T>(_ sql: String, _ values: [SQLValue], _ row: (Row) -> T) -> T? {
    guard let cursor = try? cursor(sql, values, streaming: false) else { return nil }
    defer { cursor.close() }
    guard (try? cursor.next()) == true else { return nil }
    return row(cursor.row)
  }

  /// What the lock `failure` waited on was, and who held it, as far as the server tells.
  private func lockHolder(of failure: PostgresError) -> String? {
    if failure.sql?.hasSuffix(Database.takeWriterTurn) == true {
      let holder = firstRow(
        Self.sessionHolding + "l.relation = CAST('bounty_writer' AS regclass)", []
      ) { Self.who($0) }
      return "another change had the roster (bounty's writers take turns)"
        + (holder.map { ", held by \($0)" } ?? "")
    }
    if let tuple = Self.lockedTuple(in: failure.context), tuple.relation == "fugitive" {
      return firstRow(
        """
        SELECT f.id, f.name, a.usename, a.application_name, a.pid FROM fugitive AS f
        LEFT JOIN pg_locks AS l ON l.locktype = 'transactionid' AND l.granted
          AND l.transactionid = f.xmax
        LEFT JOIN pg_stat_activity AS a ON a.pid = l.pid
        WHERE f.ctid = CAST(? AS tid)
        """, [.text(tuple.tid)]
      ) { row in
        "fugitive \(row.int(0)) (\(row.text(1))) was locked"
          + (row.isNull(4) ? " by another session" : " by " + Self.who(row, from: 2))
      }
    }
    if let tuple = Self.lockedTuple(in: failure.context) {
      return "a row of \(tuple.relation) was locked by another session"
    }
    return firstRow(
      """
      SELECT a.usename, a.application_name, a.pid, c.relname FROM pg_locks AS l
      JOIN pg_class AS c ON c.oid = l.relation
      JOIN pg_stat_activity AS a ON a.pid = l.pid
      WHERE l.locktype = 'relation' AND l.granted AND l.pid <> pg_backend_pid()
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.mode IN ('ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock')
      ORDER BY l.mode = 'AccessExclusiveLock' DESC, a.pid LIMIT 1
      """, []
    ) { "the table \($0.text(3)) was locked by \(Self.who($0))" }
  }

  /// The start of a query for the session holding a lock the condition after it names.
  private static let sessionHolding = """
    SELECT a.usename, a.application_name, a.pid FROM pg_locks AS l
    JOIN pg_stat_activity AS a ON a.pid = l.pid
    WHERE l.granted AND l.pid <> pg_backend_pid() AND 
    """

  /// A session as people name it: `carol (psql, pid 4242)`, from the role, the program and the
  /// process at columns `from`, `from + 1` and `from + 2`.
  private static func who(_ row: Row, from column: Int32 = 0) -> String {
    let program = row.isNull(column + 1) ? "" : row.text(column + 1)
    let role = row.isNull(column) ? "another role" : row.text(column)
    return "\(role) (\(program.isEmpty ? "" : program + ", ")pid \(row.int(column + 2)))"
  }

  /// The row a lock was awaited on, from the server's CONTEXT (`while updating tuple (0,7) in
  /// relation "fugitive"`): its `ctid` and its table.
  static func lockedTuple(in context: String?) -> (tid: String, relation: String)? {
    guard let context, let open = context.firstRange(of: "tuple ("),
      let close = context[open.upperBound...].firstIndex(of: ")"),
      let relation = context[close...].firstRange(of: " in relation \"")
    else { return nil }
    let tid = "(" + context[open.upperBound..<close] + ")"
    let name = context[relation.upperBound...].prefix { $0 != "\"" }
    return (tid, String(name))
  }
}
