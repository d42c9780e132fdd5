import BountyCore
import BountyTestSupport
import Foundation
import Glibc
import Testing

/// The agency server's faults, through the real binary: a lock another session holds is waited for
/// at most `lock_timeout`, and the refusal says what was locked, by whom and for how long; a
/// client killed while it waits leaves nothing held on the server; a `statement_timeout` is not a
/// Ctrl-C; a session the server ended is made again for the next request; a commit cut off says
/// its outcome is unknown.
@Suite(.onTestThreads, .serialized) struct AgencyServerFaultTests {
  /// A fresh agency database holding fugitive 7, and a runner for it as the superuser.
  static func agency() throws -> (server: PostgresTestServer, url: String, runner: BinaryRunner) {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    let runner = BinaryRunner(database: url)
    let added = try runner.run([
      "fugitives", "add", "--id", "7", "--name", "Hank Morrow", "--bounty", "1000",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    return (server, url, runner)
  }

  /// `psql` running `sql` (a transaction that takes a lock, then sleeps in it) in the background,
  /// once the lock is held: the holder the tests wait on. It ends by itself when its sleep does.
  static func holding(_ sql: String, on url: String, server: PostgresTestServer) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: PostgresTestServer.serverBinFolder + "/psql")
    process.arguments = ["-X", "-q", "-d", url, "-c", sql]
    process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    try waitUntil(on: url, server: server) {
      """
      SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
        AND application_name = 'psql' AND wait_event = 'PgSleep'
      """
    }
    return process
  }

  /// Polls `query` (a count) every 100 ms until it is not 0; throws after 20 s.
  static func waitUntil(
    on url: String, server: PostgresTestServer, _ query: () -> String
  ) throws {
    for _ in 0..<200 {
      if try server.psql(url, query()) != "0" { return }
      usleep(100_000)
    }
    throw GaveUpWaiting(query: query())
  }

  /// The backends of bounty (its `application_name`) connected to the database.
  static func bountyBackends(on url: String, server: PostgresTestServer) throws -> Int {
    Int(
      try server.psql(
        url,
        """
        SELECT count(*) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'bounty'
        """)) ?? -1
  }

  @Test func aLockWaitEndsAfterLockTimeoutNamingWhatIsLockedAndByWhom() throws {
    let (server, url, runner) = try Self.agency()
    let holder = try Self.holding(
      "BEGIN; SELECT 1 FROM fugitive WHERE id = 7 FOR UPDATE; SELECT pg_sleep(20); COMMIT",
      on: url, server: server)
    defer { holder.terminate() }
    var waiting = runner
    waiting.environment["PGOPTIONS"] = "-c lock_timeout=1s"
    let started = Date()
    let edit = try waiting.run(["fugitives", "edit", "7", "--bounty", "5"])
    #expect(Date().timeIntervalSince(started) < 15)
    #expect(edit.status == 1)
    #expect(
      edit.stderr.hasPrefix(
        "Error: the server stopped waiting for a lock after 1s (its lock_timeout): "
          + "fugitive 7 (Hank Morrow) was locked by postgres (psql, pid "),
      "\(edit.stderr)")
    #expect(edit.stderr.hasSuffix("); nothing was changed, try again\n"))
    // Without a lock_timeout of the session's own, bounty's default bounds the wait.
    let defaulted = try runner.run(["fugitives", "edit", "7", "--bounty", "6"])
    #expect(defaulted.status == 1)
    #expect(defaulted.stderr.contains("after 5s (its lock_timeout)"), "\(defaulted.stderr)")
    #expect(try server.psql(url, "SELECT bounty_minor FROM fugitive WHERE id = 7") == "100000")
  }

  @Test func theWritersTurnWaitEndsAfterLockTimeoutNamingItsHolder() throws {
    let (server, url, runner) = try Self.agency()
    let holder = try Self.holding(
      "BEGIN; LOCK TABLE bounty_writer IN EXCLUSIVE MODE; SELECT pg_sleep(20); COMMIT",
      on: url, server: server)
    defer { holder.terminate() }
    var waiting = runner
    waiting.environment["PGOPTIONS"] = "-c lock_timeout=1s"
    let add = try waiting.run(["fugitives", "add", "--name", "Ada Byron", "--bounty", "10"])
    #expect(add.status == 1)
    #expect(
      add.stderr.hasPrefix(
        "Error: the server stopped waiting for a lock after 1s (its lock_timeout): another "
          + "change had the roster (bounty's writers take turns), held by postgres (psql, pid "),
      "\(add.stderr)")
  }

  /// A one-shot command killed while it waits for a row (by SIGINT, SIGTERM or SIGKILL alike: the
  /// client is gone without a word to the server): its server process goes within about
  /// `client_connection_check_interval` (1 s), and with it the writers' turn, which is the
  /// transaction's; the next hunter's change goes through.
  @Test func aClientKilledWhileWaitingLeavesNothingHeld() throws {
    let (server, url, runner) = try Self.agency()
    let holder = try Self.holding(
      "BEGIN; SELECT 1 FROM fugitive WHERE id = 7 FOR UPDATE; SELECT pg_sleep(25); COMMIT",
      on: url, server: server)
    defer { holder.terminate() }
    var patient = runner
    patient.environment["PGOPTIONS"] = "-c lock_timeout=60s"
    let edit = try patient.start(["fugitives", "edit", "7", "--bounty", "5"])
    try Self.waitUntil(on: url, server: server) {
      """
      SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
        AND application_name = 'bounty' AND wait_event_type = 'Lock'
      """
    }
    // SIGKILL: a child of the test process inherits its blocked SIGTERM; either way the client is
    // gone without a word to the server.
    kill(edit.processIdentifier, SIGKILL)
    edit.waitUntilExit()
    var left = -1
    for _ in 0..<50 {
      left = try Self.bountyBackends(on: url, server: server)
      if left == 0 { break }
      usleep(100_000)
    }
    #expect(left == 0, "the killed command's server process still runs")
    var next = runner
    next.environment["PGOPTIONS"] = "-c lock_timeout=2s"
    let add = try next.run(["fugitives", "add", "--name", "Ada Byron", "--bounty", "10"])
    #expect(add.status == 0, "\(add.stderr)")
  }

  @Test func aStatementTimeoutIsItsOwnFailureNotAnInterruption() throws {
    let (server, url, runner) = try Self.agency()
    let holder = try Self.holding(
      "BEGIN; SELECT 1 FROM fugitive WHERE id = 7 FOR UPDATE; SELECT pg_sleep(20); COMMIT",
      on: url, server: server)
    defer { holder.terminate() }
    var timed = runner
    timed.environment["PGOPTIONS"] = "-c statement_timeout=1s -c lock_timeout=30s"
    let edit = try timed.run(["fugitives", "edit", "7", "--bounty", "5"])
    #expect(edit.status == 1)
    #expect(
      edit.stderr
        == "Error: the server stopped the command after 1s (its statement_timeout); "
        + "nothing was changed\n")
  }

  /// `bounty rpc` whose server session an administrator ends between two requests: the next
  /// request connects again and is answered.
  @Test func anRPCSessionConnectsAgainAfterTheServerEndedIt() throws {
    let (server, url, _) = try Self.agency()
    let session = try RPCSession(database: url)
    defer { session.close() }
    #expect(try session.ask(#""method":"fugitives.get","params":{"id":7}"#).contains("Hank"))
    #expect(
      try server.psql(
        url,
        """
        SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'bounty'
        """) == "1")
    usleep(300_000)
    let again = try session.ask(#""method":"fugitives.get","params":{"id":7}"#)
    #expect(again.contains(#""name":"Hank Morrow""#), "\(again)")
    let add = try session.ask(
      #""method":"fugitives.add","params":{"name":"Ada Byron","bounty":"10"}"#)
    #expect(add.contains(#""result""#), "\(add)")
  }

  /// The connection cut while the COMMIT is on its way (a deferred trigger keeps the commit busy
  /// while the test ends the session): nobody knows whether the change was saved, and the error
  /// says so.
  @Test func aCommitCutOffSaysItsOutcomeIsUnknown() throws {
    let (server, url, runner) = try Self.agency()
    _ = try server.psql(
      url,
      """
      CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(20); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON note DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION slow_commit()
      """)
    let folder = try TemporaryFolder()
    let errPath = folder.file("stderr")
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
    process.arguments = ["fugitives", "note", "add", "7", "seen at the docks"]
    process.environment = runner.environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    try process.run()
    try Self.waitUntil(on: url, server: server) {
      """
      SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
        AND application_name = 'bounty' AND query = 'COMMIT' AND state = 'active'
      """
    }
    _ = try server.psql(
      url,
      """
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'bounty'
      """)
    process.waitUntilExit()
    let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    #expect(process.terminationStatus == 1)
    #expect(
      stderr
        == "Error: the server went away during the commit; whether the change (fugitives note add) "
        + "was saved is unknown: check with bounty history (your steps) once the server "
        + "answers again\n")
  }
}

extension AgencyServerFaultTests {
  /// What `AgencyServerFaultTests.waitUntil` throws when the server never got there.
  struct GaveUpWaiting: Error {
    let query: String
  }

  /// `bounty rpc` on a database, asked one request at a time.
  final class RPCSession {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    private var buffered = ""
    private var nextID = 1

    init(database: String) throws {
      process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
      process.arguments = ["rpc"]
      process.environment = BinaryRunner(database: database).environment
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    /// Sends `{"jsonrpc":"2.0","id":N,` + `request` + `}` and returns the answer's line.
    func ask(_ request: String) throws -> String {
      let line = #"{"jsonrpc":"2.0","id":\#(nextID),\#(request)}"# + "\n"
      nextID += 1
      try input.fileHandleForWriting.write(contentsOf: Data(line.utf8))
      while !buffered.contains("\n") {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        buffered += String(decoding: chunk, as: UTF8.self)
      }
      let answer = buffered.prefix { $0 != "\n" }
      buffered = String(buffered.dropFirst(answer.count + 1))
      return String(answer)
    }

    func close() {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }
}
