import BountyTestSupport
import Foundation
import Testing

/// Agency mode through PgBouncer (docs/agency.md, "Many short commands"), each hunter through the
/// real binary as its own role: the pooler hands a one-shot command a server connection an earlier
/// one used, and everything that hangs on who is connected still holds; in transaction pooling
/// too, where each transaction may run on another server connection and nothing is reset.
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

  /// Transaction pooling: a client keeps nothing on the server between transactions, so bounty
  /// prepares no statement there (one-shot commands after each other met another client's
  /// `bounty_1`: `prepared statement "bounty_1" already exists`, after the write happened) and
  /// sends its settings with each transaction. With two server connections for four sessions of
  /// two hunters, each session's transactions change server connection all the time.
  @Test func transactionPoolingKeepsNothingOnTheServerBetweenTransactions() throws {
    let server = try PostgresTestServer.shared
    let (url, _) = try AgencyConcurrencyTests.agency(hunters: 2)
    try PostgresTestPooler.withPooler(before: server, mode: "transaction", poolSize: 2) { pooler in
      let pooled = try pooler.url(url)
      let admin = BinaryRunner(database: pooled)
      func hunter(_ index: Int) throws -> BinaryRunner {
        BinaryRunner(
          database: try PostgresTestServer.url(
            pooled, as: "h\(index)_\(AgencyConcurrencyTests.suffix(url))"))
      }
      try AgencyConcurrencyTests.expectSuccess(
        admin.run(["fugitives", "add", "--name", "Hank Morrow", "--bounty", "5"]))
      for _ in 1...3 {
        try AgencyConcurrencyTests.expectSuccess(
          hunter(1).run(["fugitives", "edit", "1", "--bounty", "10"]))
        try AgencyConcurrencyTests.expectSuccess(hunter(1).run(["undo"]))
        try AgencyConcurrencyTests.expectSuccess(hunter(1).run(["redo"]))
      }
      #expect(
        try admin.run(["--json", "fugitives", "show", "1"]).stdout.contains(#""bounty":"10.00""#))
      // A key=value connection string through the pooler works alike.
      let conninfo =
        "host=\(pooler.folder) port=6432 dbname=\(AgencyConcurrencyTests.database(of: url)) "
        + "user=h1_\(AgencyConcurrencyTests.suffix(url))"
      try AgencyConcurrencyTests.expectSuccess(
        BinaryRunner(database: conninfo).run(["fugitives", "edit", "1", "--bounty", "11"]))
      try AgencyConcurrencyTests.expectSuccess(BinaryRunner(database: conninfo).run(["undo"]))

      // An RPC session of 100 calls: reads, changes, undo and redo, each answered.
      let calls = (1...100).map { call -> String in
        let request: String
        switch call % 5 {
        case 0: request = #""method":"fugitives.update","params":{"id":1,"bounty":"\#(call)"}"#
        case 1: request = #""method":"history.undo""#
        case 2: request = #""method":"history.redo""#
        case 3: request = #""method":"fugitives.list","params":{"limit":5}"#
        default: request = #""method":"fugitives.get","params":{"id":1}"#
        }
        return #"{"jsonrpc":"2.0","id":\#(call),\#(request)}"#
      }
      let answers = try hunter(2).rpc(calls)
      #expect(answers.count == calls.count)
      let failed = answers.filter { $0.contains(#""error""#) && !$0.contains("nothing to") }
      #expect(failed.isEmpty, "\(failed.prefix(3))")

      // Four sessions of two hunters at once, on two server connections, lose nothing.
      try AgencyConcurrencyTests.changeAtOnce(
        hunters: 4, changes: 60, admin: admin, session: { try hunter(1 + $0 % 2) })
      #expect(try admin.run(["db", "check"]).status == 0)
    }
  }
}
