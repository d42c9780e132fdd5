import BountyTestSupport
import Foundation
import Testing

/// The PostgreSQL fixture agency-mode tests stand on: a server reached over its Unix socket, and a
/// database of their own for each test.
@Suite(.onTestThreads) struct PostgresClusterTests {
  @Test func aFreshDatabaseIsEmptyAndReachableByItsURL() throws {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    #expect(url.hasPrefix("postgresql:///t_"))
    #expect(url.contains("?host=\(server.host)&user=\(server.user)"))
    let tables = try server.psql(
      url, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()")
    #expect(tables == "0")
    let name = try server.psql(url, "SELECT current_database()")
    #expect(url.hasPrefix("postgresql:///\(name)?"))
  }

  @Test func freshDatabasesAreSeparate() throws {
    let server = try PostgresTestServer.shared
    let first = try server.freshDatabase()
    let second = try server.freshDatabase()
    #expect(first != second)
    _ = try server.psql(
      first, "CREATE TABLE roster (name text); INSERT INTO roster VALUES ('Hank')")
    #expect(try server.psql(first, "SELECT name FROM roster") == "Hank")
    #expect(throws: PostgresTestServerError.self) {
      try server.psql(second, "SELECT name FROM roster")
    }
  }

  @Test func psqlReturnsRowsAndThrowsTheServersError() throws {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    #expect(try server.psql(url, "SELECT 1, 'a' UNION ALL SELECT 2, 'b' ORDER BY 1") == "1|a\n2|b")
    let error = try #require(throws: PostgresTestServerError.self) {
      try server.psql(url, "SELECT * FROM no_such_table")
    }
    #expect(error.description.contains("no_such_table"))
  }

  @Test func psqlConnectsAsTheRoleItIsGiven() throws {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    let role = "r_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    _ = try server.psql(url, "CREATE ROLE \(role) LOGIN")
    defer { _ = try? server.psql(url, "DROP ROLE \(role)") }
    #expect(
      try server.psql(url, "SELECT current_user, session_user", role: role) == "\(role)|\(role)")
    #expect(try server.psql(url, "SELECT current_user") == server.user)
  }

  /// scripts/pg-test-cluster: a server on its socket only, started again and stopped twice cleanly.
  @Test func theClusterScriptStartsOnASocketOnlyAndStopsIdempotently() throws {
    let folder = try PostgresTestServer.makeClusterFolder()
    defer {
      _ = try? PostgresTestServer.execute(PostgresTestServer.clusterScript, ["stop", folder])
      try? FileManager.default.removeItem(atPath: folder)
    }
    let script = PostgresTestServer.clusterScript
    let started = try PostgresTestServer.execute(script, ["start", folder])
    #expect(started.status == 0, "\(started.stderr)")
    #expect(started.stdout == "host=\(folder)/socket user=postgres\n")
    let server = try PostgresTestServer(conninfo: started.stdout)
    let url = server.url(database: "postgres")
    #expect(try server.psql(url, "SHOW listen_addresses") == "")
    #expect(try server.psql(url, "SHOW fsync") == "off")
    let again = try PostgresTestServer.execute(script, ["start", folder])
    #expect(again.status == 0 && again.stdout == started.stdout)
    #expect(try PostgresTestServer.execute(script, ["stop", folder]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: folder + "/socket/.s.PGSQL.5432"))
    #expect(try PostgresTestServer.execute(script, ["stop", folder]).status == 0)
    #expect(throws: PostgresTestServerError.self) { try server.psql(url, "SELECT 1") }
  }

  @Test func sqliteTestAppsStillOpenAFileInTheirFolder() throws {
    let app = try TestApp(engine: .sqlite)
    #expect(app.engine == .sqlite)
    #expect(app.store.path == app.folder.file("bounty.sqlite"))
    try app.add("Hank Morrow")
    #expect(FileManager.default.fileExists(atPath: app.folder.file("bounty.sqlite")))
  }
}
