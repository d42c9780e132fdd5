import BountyTestSupport
import Foundation
import Glibc
import Testing

/// A one-shot command leaves the server's log and statistics as a well-behaved client does: it
/// takes the answer of its last `COMMIT` before it says goodbye, so the server never finds the
/// socket closed while it answers (which it logged as `could not send data to client`, then
/// `FATAL: connection to client lost`, once for every command that only read).
@Suite(.onTestThreads, .serialized) struct AgencySessionEndTests {
  @Test func commandsThatOnlyReadEndTheirSessionsWithoutAFatalError() throws {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    let runner = BinaryRunner(database: url)
    let added = try runner.run(["fugitives", "add", "--id", "7", "--name", "Hank", "--bounty", "1"])
    #expect(added.status == 0, "\(added.stderr)")
    let counts = """
      SELECT sessions || ' ' || sessions_fatal FROM pg_stat_database
      WHERE datname = current_database()
      """
    func sessions() throws -> (all: Int, fatal: Int) {
      let fields = try server.psql(url, counts).split(separator: " ").compactMap { Int($0) }
      return (fields.first ?? -1, fields.last ?? -1)
    }
    let before = try sessions()
    let reads = 8
    for index in 0..<reads {
      let shown = try runner.run(
        index.isMultiple(of: 2) ? ["fugitives", "list"] : ["fugitives", "show", "7"])
      #expect(shown.status == 0, "\(shown.stderr)")
    }
    // A session's end reaches the statistics as its backend exits: wait for all of them.
    var after = try sessions()
    for _ in 0..<100 where after.all < before.all + reads {
      usleep(50_000)
      after = try sessions()
    }
    #expect(after.all >= before.all + reads)
    #expect(
      after.fatal == before.fatal, "sessions ended by a fatal error: \(after.fatal - before.fatal)")
  }
}
