import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// A session tells a pooled connection from a direct one by its first exchange, and behind a
/// pooler keeps nothing on the server between transactions but sends, after each `BEGIN`, the
/// settings the role's and database's defaults lack.
@Suite(.onTestThreads) struct PostgresPoolingTests {
  @Test func eachTransactionCarriesTheSettingsTheDefaultsLack() {
    #expect(PoolerSettings.from(pooled: false, defaults: nil) == nil)
    #expect(
      PoolerSettings.from(
        pooled: true,
        defaults: "client_connection_check_interval=0,lock_timeout=0,synchronous_commit=off")
        == PoolerSettings(
          afterBegin:
            "SET LOCAL lock_timeout = '5s'; SET LOCAL client_connection_check_interval = '1s'; "
            + "SET LOCAL synchronous_commit = on"))
    // A hunter's own lock_timeout, a stricter commit and an older server (no check interval)
    // are kept as they are.
    #expect(
      PoolerSettings.from(
        pooled: true, defaults: "lock_timeout=10000,synchronous_commit=remote_apply")
        == PoolerSettings(afterBegin: ""))
    #expect(
      PoolerSettings.from(pooled: true, defaults: "lock_timeout=0,synchronous_commit=local")
        == PoolerSettings(
          afterBegin: "SET LOCAL lock_timeout = '5s'; SET LOCAL synchronous_commit = on"))
  }

  /// Direct, the session prepares what it runs twice; through PgBouncer (in either mode) it finds
  /// the pooler in its first exchange, prepares nothing, and each write commits durably under a
  /// role whose default is `synchronous_commit = off`.
  @Test(arguments: ["session", "transaction"])
  func aPooledSessionIsFoundByItsFirstExchange(mode: String) throws {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    let direct = try Database(postgresURL: url)
    // With a parameter: a statement without one is sent as text, never prepared.
    let show = "SELECT current_setting(?)"
    let setting = SQLValue.text("synchronous_commit")
    let prepared = "SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'bounty\\_%'"
    for _ in 1...2 { _ = try direct.scalarText(show, setting) }
    #expect((direct.engine as? PostgresConnection)?.pooler == nil)
    let preparedDirect = try direct.scalarInt(prepared) ?? 0
    #expect(preparedDirect > 0, "\(preparedDirect)")
    let name = String(url.dropFirst("postgresql:///".count).prefix { $0 != "?" })
    try direct.execute("ALTER DATABASE \(name) SET synchronous_commit = off")
    try PostgresTestPooler.withPooler(before: server, mode: mode, poolSize: 2) { pooler in
      let pooled = try Database(postgresURL: try pooler.url(url))
      for _ in 1...3 {
        let durability = try pooled.transaction(write: true) {
          try pooled.scalarText(show, setting)
        }
        #expect(durability == "on")
      }
      let connection = try #require(pooled.engine as? PostgresConnection)
      #expect(connection.pooler != nil)
      #expect(try pooled.scalarInt(prepared) == 0)
    }
  }
}
