import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Each hunter undoes their own steps, so the place a step frees in the manual order may be taken
/// by another hunter's fugitive before the step is undone: the undo puts its fugitives back where
/// they were and the order is numbered 1 to n again, never two fugitives at one position.
@Suite(.onTestThreads) struct AgencyUndoOrderTests {
  @Test func undoingADeleteAfterAnotherHuntersAddKeepsTheOrderDense() throws {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    let ana = BinaryRunner(database: url)
    #expect(try ana.run(["db", "init-agency"]).status == 0)
    let role = "ben_" + String(url.dropFirst("postgresql:///".count).prefix { $0 != "?" }.suffix(8))
    #expect(try ana.run(["db", "add-hunter", role]).status == 0)
    defer { _ = try? server.psql(url, "DROP OWNED BY \(role); DROP ROLE \(role)") }
    for name in ["A", "B", "C", "D"] {
      #expect(try ana.run(["fugitives", "add", "--name", name, "--bounty", "1"]).status == 0)
    }
    #expect(try ana.run(["fugitives", "delete", "3", "--yes"]).status == 0)
    let ben = BinaryRunner(database: try PostgresTestServer.url(url, as: role))
    #expect(try ben.run(["fugitives", "add", "--name", "E", "--bounty", "1"]).status == 0)
    let undo = try ana.run(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    let order = try server.psql(
      url, "SELECT string_agg(name || position, ' ' ORDER BY position, id) FROM fugitive")
    #expect(order == "A1 B2 C3 D4 E5")
    // Redo deletes C again and the order closes up behind it.
    #expect(try ana.run(["redo"]).status == 0)
    #expect(
      try server.psql(
        url, "SELECT string_agg(name || position, ' ' ORDER BY position, id) FROM fugitive")
        == "A1 B2 D3 E4")
  }
}
