import BountyCore
import CLibPQ

/// What a connection does behind a connection pooler such as PgBouncer (docs/agency.md,
/// "PgBouncer"). A pooler answers the log-in itself, with a cancel key of its own, so the server
/// process's `pg_backend_pid()` is not the one libpq was given (`PQbackendPID`): that is how the
/// session's first exchange tells a pooled connection from a direct one, at no extra round trip.
///
/// In transaction pooling a client's next transaction may run on another server connection, and
/// nothing is reset between clients, so a pooled connection keeps nothing on the server between
/// transactions: no named prepared statements (another server connection has none, or another
/// client's of the same name: `prepared statement "bounty_1" already exists`), and the session's
/// settings sent again, transaction-local, after each `BEGIN`, from the server's defaults for the
/// role and database (`pg_settings.reset_val`, which no other client's `SET` on a shared server
/// connection changes). `SET LOCAL` takes no snapshot, so the serializable snapshot is still taken
/// after the writers' turn. In session pooling all this is merely unneeded.
struct PoolerSettings: Equatable {
  /// The transaction-local settings each `BEGIN` carries, as statements after it ("" for none).
  let afterBegin: String

  /// The first statement of the session's setup: whether the server process is not the one the
  /// log-in named (`clientPID`), and only then, the defaults of the settings bounty keeps.
  static func probe(clientPID: Int32) -> String {
    """
    SELECT pooled, CASE WHEN pooled THEN (SELECT string_agg(name || '=' || reset_val, ',')
      FROM pg_settings WHERE name IN ('lock_timeout', 'synchronous_commit',
        'client_connection_check_interval')) END
    FROM (SELECT pg_backend_pid() <> \(clientPID) AS pooled) AS session
    """
  }

  /// The settings a pooled session needs, from the probe's row; nil when the session is direct.
  static func from(pooled: Bool, defaults: String?) -> PoolerSettings? {
    guard pooled else { return nil }
    var values: [Substring: Substring] = [:]
    for pair in (defaults ?? "").split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    var statements: [String] = []
    if values["lock_timeout"] == "0" {
      statements.append("SET LOCAL lock_timeout = '\(PostgresConnection.defaultLockTimeout)'")
    }
    if values["client_connection_check_interval"] == "0" {
      statements.append(
        "SET LOCAL client_connection_check_interval = '\(PostgresConnection.connectionCheckInterval)'"
      )
    }
    if let durability = values["synchronous_commit"], durability != "on",
      durability != "remote_apply"
    {
      statements.append("SET LOCAL synchronous_commit = on")
    }
    return PoolerSettings(afterBegin: statements.joined(separator: "; "))
  }
}
