import BountyTestSupport
import Foundation
import Testing

/// Agency mode through PgBouncer in session pooling (docs/agency.md, "Many short commands"), each
/// hunter through the real binary as its own role: the pooler hands a one-shot command a server
/// connection an earlier one used, and everything that hangs on who is connected still holds.
@Suite(.onTestThreads, .serialized) struct AgencyPoolerTests {
  @Test func huntersThroughAPoolerStayThemselvesAndLoseNothing() throws {
    let server = try PostgresTestServer.shared
    let (url, _) = try AgencyConcurrencyTests.agency(hunters: 4)
    try PostgresTestPooler.withPooler(before: server) { pooler in
      let pooled = try pooler.url(url)
      let admin = BinaryRunner(database: pooled)
      func role(_ index: Int) -> String { "h\(index)_\(AgencyConcurrencyTests.suffix(url))" }
      func hunter(_ index: Int) throws -> BinaryRunner {
        BinaryRunner(database: try PostgresTestServer.url(pooled, as: role(index)))
      }

      // A client after another gets the server process the first one had: it is pooled.
      let first = try server.psql(pooled, "SELECT pg_backend_pid()", role: role(1))
      let again = try server.psql(pooled, "SELECT pg_backend_pid()", role: role(1))
      #expect(first == again && !first.isEmpty)

      // Each change is its hunter's, on a reused connection too: undo keeps to its owner.
      try AgencyConcurrencyTests.expectSuccess(
        admin.run(["fugitives", "add", "--name", "Hank Morrow", "--bounty", "5"]))
      try AgencyConcurrencyTests.expectSuccess(
        hunter(1).run(["fugitives", "edit", "1", "--bounty", "10"]))
      try AgencyConcurrencyTests.expectSuccess(
        hunter(2).run(["fugitives", "edit", "1", "--description", "Seen in Elko"]))
      let refused = try hunter(1).run(["undo"])
      #expect(refused.status == 1)
      #expect(refused.stderr.contains("Hank Morrow") && refused.stderr.contains(role(2)))
      #expect(try hunter(2).run(["history"]).stdout.contains("by \(role(2))"))
      try AgencyConcurrencyTests.expectSuccess(hunter(2).run(["undo"]))
      try AgencyConcurrencyTests.expectSuccess(hunter(1).run(["undo"]))
      #expect(
        try admin.run(["--json", "fugitives", "show", "1"]).stdout.contains(#""bounty":"5.00""#))

      // A session's prepared statements end with it: the next client on the same server
      // connection prepares its own under the same names.
      let gets = (1...30).map {
        #"{"jsonrpc":"2.0","id":\#($0),"method":"fugitives.get","params":{"id":1}}"#
      }
      for _ in 1...2 {
        let answers = try hunter(3).rpc(gets)
        #expect(answers.count == gets.count)
        #expect(answers.allSatisfy { $0.contains("Hank Morrow") }, "\(answers.first ?? "")")
      }

      // Four hunters at once through the pooler lose nothing and keep the order dense.
      try AgencyConcurrencyTests.changeAtOnce(
        hunters: 4, changes: 100, admin: admin, session: hunter)
    }
  }
}
