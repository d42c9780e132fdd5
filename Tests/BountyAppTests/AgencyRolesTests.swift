import BountyCore
import BountyTestSupport
import Foundation
import Synchronization
import Testing

/// `db init-agency`: the agency's roles, enforced by the database itself, so a hunter's `psql`
/// can do no more than their bounty.
@Suite(.onTestThreads) struct AgencyRolesTests {
  @Test func aSQLiteFileHasNoRolesToSetUp() throws {
    let app = try TestApp(engine: .sqlite)
    #expect(
      throws: BountyError.refused("init-agency needs a PostgreSQL database (--db postgresql://…)")
    ) {
      try Self.initAgency(app)
    }
  }

  @Test func initAgencyGrantsThePlanAndRunsAgainCleanly() throws {
    let app = try TestApp(engine: .postgresql)
    let server = try PostgresTestServer.shared
    let first = try Self.statements(Self.initAgency(app))
    let second = try Self.statements(Self.initAgency(app))
    // The second run creates nothing and grants exactly what the first did.
    #expect(!second.contains { $0.hasPrefix("CREATE ROLE") || $0.hasPrefix("GRANT agency") })
    #expect(
      second == first.filter { !$0.hasPrefix("CREATE ROLE") && !$0.hasPrefix("GRANT agency") })
    #expect(
      second.contains(
        "GRANT INSERT, UPDATE, DELETE ON TABLE alias, case_file, expense, fugitive, hunter, note, "
          + "photo, workspace TO agency_hunter"))
    #expect(second.contains("GRANT INSERT, UPDATE, DELETE ON TABLE setting TO agency_admin"))

    try app.add("Hank Morrow", id: 7)
    let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let (hunter, admin) = ("h_" + suffix, "a_" + suffix)
    let url = app.store.path
    _ = try server.psql(url, "CREATE ROLE \(hunter) LOGIN IN ROLE agency_hunter")
    _ = try server.psql(url, "CREATE ROLE \(admin) LOGIN IN ROLE agency_admin")
    defer { _ = try? server.psql(url, "DROP ROLE \(hunter); DROP ROLE \(admin)") }

    #expect(try server.psql(url, "SELECT name FROM fugitive", role: hunter) == "Hank Morrow")
    for refused in [
      "UPDATE setting SET value = '12' WHERE key = 'commission.rate'",
      "INSERT INTO setting (key, value) VALUES ('commission.rate', '12')",
      "TRUNCATE note", "DELETE FROM bounty_migration",
    ] {
      let error = try #require(throws: PostgresTestServerError.self, "\(refused)") {
        try server.psql(url, refused, role: hunter)
      }
      #expect(error.description.contains("permission denied"), "\(refused): \(error)")
    }
    // The row policy lets a hunter delete only a fugitive they added (undoing their own add):
    // the agency's are out of reach, as they are through bounty.
    #expect(try server.psql(url, "DELETE FROM fugitive RETURNING id", role: hunter) == "")
    #expect(
      try server.psql(
        url,
        "INSERT INTO fugitive (id, name, bounty_minor) VALUES (8, 'Own', 1); "
          + "DELETE FROM fugitive RETURNING id", role: hunter) == "8")
    #expect(
      try server.psql(
        url,
        "BEGIN; INSERT INTO setting (key, value) VALUES ('commission.rate', '12'); "
          + "DELETE FROM fugitive; SELECT count(*) FROM fugitive; ROLLBACK", role: admin) == "0")

    // Through bounty the refusal is one clear line, and the setting is unchanged.
    let asHunter = BinaryRunner(database: try PostgresTestServer.url(url, as: hunter))
    let outcome = try asHunter.run(["settings", "set", "commission.rate", "12"])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains("only an agency admin may change commission.rate"),
      "\(outcome.stderr)")
    #expect(
      try server.psql(url, "SELECT count(*) FROM setting WHERE key = 'commission.rate'") == "0")
  }

  @Test func addHunterCreatesALoginRoleInItsGroup() throws {
    let app = try TestApp(engine: .postgresql)
    let server = try PostgresTestServer.shared
    _ = try Self.initAgency(app)
    let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let (hunter, admin) = ("h_" + suffix, "a_" + suffix)
    defer { _ = try? server.psql(app.store.path, "DROP ROLE \(hunter); DROP ROLE \(admin)") }
    let added = try app.dispatcher.call(
      "db.addHunter", params: ["role": .string(hunter)], front: .terminal
    ).get()
    #expect(added["statement"] == .string("CREATE ROLE \(hunter) LOGIN IN ROLE agency_hunter"))
    _ = try app.dispatcher.call(
      "db.addHunter", params: ["role": .string(admin), "admin": .bool(true)], front: .terminal
    ).get()
    let membership = """
      SELECT r.rolcanlogin, pg_has_role(r.rolname, 'agency_hunter', 'MEMBER'),
        pg_has_role(r.rolname, 'agency_admin', 'MEMBER')
      FROM pg_roles r WHERE r.rolname = '%@'
      """
    #expect(
      try server.psql(app.store.path, membership.replacingOccurrences(of: "%@", with: hunter))
        == "t|t|f")
    #expect(
      try server.psql(app.store.path, membership.replacingOccurrences(of: "%@", with: admin))
        == "t|t|t")
    #expect(
      app.dispatcher.call("db.addHunter", params: ["role": .string(hunter)], front: .terminal)
        == .failure(.conflict("the role \(hunter) already exists; nothing was changed")))
    let reserved = "order"
    if try server.psql(app.store.path, "SELECT count(*) FROM pg_roles WHERE rolname = 'order'")
      == "0"
    {
      defer { _ = try? server.psql(app.store.path, "DROP ROLE \"order\"") }
      let quoted = try app.dispatcher.call(
        "db.addHunter", params: ["role": .string(reserved)], front: .terminal
      ).get()
      #expect(quoted["statement"] == .string("CREATE ROLE \"order\" LOGIN IN ROLE agency_hunter"))
    }
    for bad in ["Carol", "9lives", "carol; DROP TABLE fugitive", "bob-smith"] {
      let result = app.dispatcher.call(
        "db.addHunter", params: ["role": .string(bad)], front: .terminal)
      guard case .failure(.invalid(field: "role", reason: _)) = result else {
        Issue.record("\(bad) was not refused: \(result)")
        continue
      }
    }
  }

  /// A hunter running init-agency is refused before anything runs: PostgreSQL would only have
  /// warned that its GRANTs granted nothing, and the plan would have read as done.
  @Test func initAgencyByAHunterIsRefused() throws {
    let app = try TestApp(engine: .postgresql)
    let server = try PostgresTestServer.shared
    _ = try Self.initAgency(app)
    let hunter = "h_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    defer { _ = try? server.psql(app.store.path, "DROP ROLE \(hunter)") }
    _ = try app.dispatcher.call("db.addHunter", params: ["role": .string(hunter)], front: .terminal)
      .get()
    let owner = try server.psql(
      app.store.path, "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 'fugitive'")
    let outcome = try BinaryRunner(database: try PostgresTestServer.url(app.store.path, as: hunter))
      .run(["db", "init-agency"])
    #expect(outcome.status == 1 && outcome.stdout.isEmpty)
    #expect(
      outcome.stderr
        == "Error: init-agency needs the role that owns bounty's tables (\(owner)), with "
        + "CREATEROLE; nothing was changed\n")
  }

  @Test func addHunterNeedsPostgreSQL() throws {
    let app = try TestApp(engine: .sqlite)
    #expect(
      app.dispatcher.call("db.addHunter", params: ["role": .string("carol")], front: .terminal)
        == .failure(.refused("add-hunter needs a PostgreSQL database (--db postgresql://…)")))
  }

  /// Roles belong to the whole cluster: three databases of a new cluster set up at the same moment
  /// all succeed, and only one of them creates the roles.
  @Test func databasesSetUpAtOnceAllSucceed() throws {
    try PostgresTestServer.withOwnCluster { _, conninfo in
      try setUpAtOnce(on: try PostgresTestServer(conninfo: conninfo))
    }
  }

  private func setUpAtOnce(on server: PostgresTestServer) throws {
    let urls = try (0..<3).map { _ in try server.freshDatabase() }
    for url in urls {
      #expect(try BinaryRunner(database: url).run(["db", "migrate"]).status == 0)
    }
    let outcomes = Mutex<[(status: Int32, stdout: String, stderr: String)?]>(
      Array(repeating: nil, count: urls.count))
    DispatchQueue.concurrentPerform(iterations: urls.count) { index in
      let outcome = try? BinaryRunner(database: urls[index]).run(["db", "init-agency"])
      let result = outcome.map { ($0.status, $0.stdout, $0.stderr) }
      outcomes.withLock { $0[index] = result }
    }
    let results = outcomes.withLock { $0 }.compactMap { $0 }
    #expect(results.count == urls.count)
    for outcome in results { #expect(outcome.status == 0, "\(outcome.stderr)") }
    let creations = results.map { $0.stdout.components(separatedBy: "CREATE ROLE").count - 1 }
    #expect(creations.reduce(0, +) == 2, "\(creations)")
    for outcome in results {
      #expect(
        outcome.stdout.contains("GRANT INSERT, UPDATE, DELETE ON TABLE setting TO agency_admin;"))
    }
  }

  /// Runs `db init-agency` (a command of the terminal only) through the dispatcher.
  static func initAgency(_ app: TestApp) throws -> JSON {
    try app.dispatcher.call("db.initAgency", front: .terminal).get()
  }

  static func statements(_ result: JSON) -> [String] {
    (result["statements"]?.arrayValue ?? []).compactMap {
      if case .string(let text) = $0 { return text }
      return nil
    }
  }
}
