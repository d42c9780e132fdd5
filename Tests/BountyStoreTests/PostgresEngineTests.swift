import BountyCore
import BountyTestSupport
import Foundation
import Synchronization
import Testing

@testable import BountyStore

@Suite(.onTestThreads) struct PostgresEnginePlaceholderTests {
  @Test func numbersEachParameterInOrder() {
    let rewritten = PostgresPlaceholders.rewrite("SELECT a FROM t WHERE b = ? AND c IN (?, ?)")
    #expect(rewritten.sql == "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)")
    #expect(rewritten.count == 3)
  }

  @Test func leavesQuestionMarksInLiteralsIdentifiersAndCommentsAlone() {
    let cases: [(String, String, Int)] = [
      ("SELECT '?', ?", "SELECT '?', $1", 1),
      ("SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1", 1),
      ("SELECT E'a\\'?', ?", "SELECT E'a\\'?', $1", 1),
      ("SELECT \"odd?name\" FROM t WHERE x = ?", "SELECT \"odd?name\" FROM t WHERE x = $1", 1),
      ("SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2", 2),
      ("SELECT /* a /* nested? */ still? */ ?", "SELECT /* a /* nested? */ still? */ $1", 1),
      (
        "DO $$ BEGIN PERFORM '?'; END $$; SELECT ?", "DO $$ BEGIN PERFORM '?'; END $$; SELECT $1", 1
      ),
      (
        "SELECT $body$ ? $x$ ? $body$, ?",
        "SELECT $body$ ? $x$ ? $body$, $1", 1
      ),
      ("SELECT 'Zoë ✓ ?' || ?", "SELECT 'Zoë ✓ ?' || $1", 1),
      ("SELECT 'never closed ?", "SELECT 'never closed ?", 0),
    ]
    for (sql, expected, count) in cases {
      let rewritten = PostgresPlaceholders.rewrite(sql)
      #expect(rewritten.sql == expected, "\(sql)")
      #expect(rewritten.count == count, "\(sql)")
    }
  }

  @Test func aDollarBeforeADigitIsAParameterNotAQuote() {
    let rewritten = PostgresPlaceholders.rewrite("SELECT $1, ?, a$b FROM t WHERE c = ?")
    #expect(rewritten.sql == "SELECT $1, $1, a$b FROM t WHERE c = $2")
    #expect(rewritten.count == 2)
  }
}

@Suite(.onTestThreads) struct PostgresEngineLocationTests {
  @Test func recognisesServerLocationsInAnyCaseAndFilesWithoutAScheme() throws {
    let servers: [(String, String)] = [
      ("postgresql://h/db", "postgresql://h/db"), ("postgres://h/db", "postgres://h/db"),
      ("postgresql:", "postgresql:"), ("postgres:", "postgresql:"),
      ("postgresql:///db?host=/s", "postgresql:///db?host=/s"),
      ("Postgresql://ben@127.0.0.1/agency", "postgresql://ben@127.0.0.1/agency"),
      ("POSTGRES://h", "postgres://h"),
    ]
    for (given, used) in servers {
      #expect(try DatabaseURL.classify(given) == .server(used), "\(given)")
    }
    // One letter before the colon is a drive, not a scheme; so is anything not starting a letter.
    for file in [
      "bounty.sqlite", "/tmp/postgresql://x", "", "PG", "C:", "C:\\x.sqlite", "./x:y.sqlite",
      "x:y.sqlite", "../postgresql:/agency", "1abc:x",
    ] {
      #expect(try DatabaseURL.classify(file) == .file(file), "\(file)")
    }
  }

  @Test func refusesEveryOtherURLWithoutUsingItAsAFileName() {
    for url in [
      "postgresql:/agency", "postgresql:x", "postgres:agency", "http://h/db", "file:x.sqlite",
      "sqlite:db", "mysql://u@h/db",
    ] {
      #expect(throws: BountyError.self, "\(url)") { try DatabaseURL.classify(url) }
      do {
        _ = try DatabaseURL.classify(url)
      } catch {
        #expect(
          error.message.contains(
            "not a file path, a postgresql:// URL or a libpq keyword=value string"), "\(url)")
      }
    }
  }

  @Test func refusesAURLHoldingAPasswordWithoutRepeatingIt() throws {
    for url in [
      "postgresql://carol:hunter2@h/db", "postgres://carol:hunter2@h:5432",
      "postgresql:///db?host=/s&password=hunter2", "postgresql:///db?passw%6Frd=hunter2",
      "POSTGRESQL://u:hunter2@h/db", "postgresql:?password=hunter2", "Postgres:?PASSWORD=hunter2",
      "http://u:hunter2@h/", "postgresql:/x?password=hunter2",
    ] {
      #expect(DatabaseURL.holdsPassword(url), "\(url)")
      do {
        _ = try Store.open(path: url)
        Issue.record("opened \(url)")
      } catch {
        #expect(!error.message.contains("hunter2"))
        #expect(error.message.contains(".pgpass"))
      }
    }
    for url in [
      "postgresql://carol@h/db", "postgresql:///db?host=/s&user=x", "postgresql:", "./u:p@x",
    ] {
      #expect(!DatabaseURL.holdsPassword(url), "\(url)")
    }
  }
}

@Suite(.onTestThreads) struct PostgresConnectionStringTests {
  /// libpq's keyword/value form (any value that starts with `WORD=`) is a server, passed on as
  /// given; a file whose name starts so is written with a folder in front.
  @Test func aKeywordValueStringIsAServerAndAFolderInFrontKeepsAFile() throws {
    for given in [
      "host=/run/postgresql user=ben dbname=agency", "  host = /s dbname='my agency'",
      "dbname=agency", "service=agency", "a=b.sqlite", "_x=1", "host=h dbname=it\\'s",
    ] {
      #expect(try DatabaseURL.classify(given) == .server(given), "\(given)")
    }
    for file in ["./port=1.sqlite", "/tmp/host=x", "my file=x.sqlite", "=x", "1a=b", "é=x"] {
      #expect(try DatabaseURL.classify(file) == .file(file), "\(file)")
    }
  }

  /// What libpq could not read (an open quote, a keyword without `=`) is one line, never a file.
  @Test func anUnreadableConnectionStringIsRefused() {
    for given in ["host='/run/postgresql", "host=/s dbname", "host=/s dbname 'x'"] {
      #expect(throws: BountyError.self, "\(given)") { try DatabaseURL.classify(given) }
      do {
        _ = try DatabaseURL.classify(given)
      } catch {
        #expect(error.message.contains("libpq connection string"), "\(given)")
        #expect(error.message.contains("./NAME"), "\(given)")
      }
    }
  }

  /// A `password` keyword, however written, is refused without repeating it; one inside a quoted
  /// value or in a longer keyword is not a password.
  @Test func aPasswordKeywordIsRefusedWithoutRepeatingIt() throws {
    for given in [
      "host=/s password=hunter2", "password=hunter2", "host=/s PASSWORD = 'hunter2 x'",
      "host=/s\tpassword=hunter2", "dbname='a b' password=hunter2", "host=/s password=hunter2 x",
    ] {
      #expect(DatabaseURL.holdsPassword(given), "\(given)")
      #expect(DatabaseURL.anyHoldsPassword(["--db=" + given]), "\(given)")
      do {
        _ = try Store.open(path: given)
        Issue.record("opened \(given)")
      } catch {
        #expect(!error.message.contains("hunter2"), "\(given)")
        #expect(error.message.contains(".pgpass"), "\(given)")
      }
    }
    // Unreadable after the password, still a password.
    #expect(DatabaseURL.holdsPassword("password=hunter2 host='open"))
    for given in ["host=/s passfile=/p", "host=/s dbname='password=x'", "host=/s xpassword=1"] {
      #expect(!DatabaseURL.holdsPassword(given), "\(given)")
    }
  }

  /// The string reaches the server libpq would reach with it.
  @Test func storeOpensAConnectionString() throws {
    let scratch = try ScratchPostgres()
    let conninfo = "\(try ScratchPostgres.server)  dbname = '\(scratch.name)'"
    let store = try Store.open(path: conninfo)
    #expect(store.path == conninfo)
    #expect(store.database.dialect == .postgresql)
    #expect(try store.database.scalarText("SELECT current_database()") == scratch.name)
  }
}

/// A database of its own on the test server (`PostgresTestServer.shared`: the one
/// `BOUNTY_TEST_POSTGRES` names, or a cluster this process starts) for one test, dropped when the
/// test is done.
final class ScratchPostgres {
  /// libpq's connection string for the test server (without `dbname`).
  static var server: String {
    get throws {
      let server = try PostgresTestServer.shared
      return "host=\(server.host) user=\(server.user)"
    }
  }

  let name = "a_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
  /// The database as a `postgresql:` URL.
  let url: String

  init() throws {
    url = try PostgresTestServer.shared.url(database: name)
    try Self.administer("CREATE DATABASE \(name)")
  }

  deinit {
    try? Self.administer("DROP DATABASE \(name) WITH (FORCE)")
  }

  /// Runs `sql` on the server's `postgres` database (for what is not inside one database).
  static func administer(_ sql: String) throws {
    try Database(postgresURL: "\(try server) dbname=postgres").execute(sql)
  }

  /// A new connection to this database.
  func connect() throws -> Database {
    try Database(postgresURL: "\(try Self.server) dbname=\(name)")
  }
}

@Suite(.onTestThreads) struct PostgresEngineTests {
  @Test func runsQueriesAndAnswersNewIDsAndChanges() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    #expect(database.dialect == .postgresql)
    #expect(!database.isReadOnly)
    try database.execute(
      "CREATE TABLE t (id bigserial PRIMARY KEY, name text NOT NULL, amount bigint, "
        + "lat double precision)")
    let first = try database.insertReturningID(
      "INSERT INTO t (name, amount, lat) VALUES (?, ?, ?)",
      [.text("a"), .integer(.max), .coordinate(-33.8688)])
    let second = try database.insertReturningID(
      "INSERT INTO t (name, amount, lat) VALUES (?, ?, ?)", [.text("b"), .integer(.min), .null])
    #expect(second == first + 1)
    try database.run("UPDATE t SET name = name || ? WHERE id >= ?", .text("!"), .integer(first))
    #expect(database.changes == 2)
    _ = try database.scalarInt("SELECT count(*) FROM t")
    #expect(database.changes == 2, "a query leaves the count of changed rows alone")
    let rows = try database.query("SELECT id, name, amount, lat FROM t ORDER BY id") { row in
      (row.int(0), row.text(1), row.optionalInt(2), row.optionalCoordinate(3))
    }
    #expect(rows.map(\.0) == [first, second])
    #expect(rows.map(\.1) == ["a!", "b!"])
    #expect(rows.map(\.2) == [.max, .min])
    #expect(rows.map(\.3) == [-33.8688, nil])
    #expect(
      try database.queryFirst("SELECT name FROM t WHERE id = ?", [.integer(-1)]) { $0.text(0) }
        == nil)
    #expect(try database.scalarInt("SELECT sum(amount) FROM t") == -1)
  }

  @Test func commitsRollsBackAndNestsSavepoints() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    try database.execute("CREATE TABLE t (n bigint PRIMARY KEY)")
    struct Failure: Error {}
    try database.transaction(write: true) {
      #expect(database.inTransaction)
      try database.run("INSERT INTO t VALUES (?)", .integer(1))
      #expect(throws: Failure.self) {
        try database.transaction(write: true) {
          try database.run("INSERT INTO t VALUES (?)", .integer(2))
          throw Failure()
        }
      }
      try database.transaction(write: true) {
        try database.run("INSERT INTO t VALUES (?)", .integer(3))
      }
    }
    #expect(!database.inTransaction)
    #expect(throws: Failure.self) {
      try database.transaction(write: true) {
        try database.run("INSERT INTO t VALUES (?)", .integer(4))
        throw Failure()
      }
    }
    #expect(!database.inTransaction)
    #expect(try database.query("SELECT n FROM t ORDER BY n") { $0.int(0) } == [1, 3])
  }

  @Test func streamsTwoCursorsAtOnceAcrossBatches() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    let count = Int64(PostgresCursor.batchSize * 2 + 500)
    try database.execute(
      "CREATE TABLE t AS SELECT n::bigint AS n FROM generate_series(1, \(count)) AS n")
    let (evens, odds) = try database.transaction(write: false) {
      let evens = try database.streamingCursor(
        "SELECT n FROM t WHERE n % 2 = ? ORDER BY n", [.integer(0)])
      let odds = try database.streamingCursor(
        "SELECT n FROM t WHERE n % 2 = ? ORDER BY n", [.integer(1)])
      defer {
        evens.close()
        odds.close()
      }
      var seenEvens: [Int64] = []
      var seenOdds: [Int64] = []
      while try odds.next() {
        seenOdds.append(odds.row.int(0))
        if try evens.next() { seenEvens.append(evens.row.int(0)) }
      }
      while try evens.next() { seenEvens.append(evens.row.int(0)) }
      return (seenEvens, seenOdds)
    }
    #expect(evens == Array(stride(from: 2, through: count, by: 2)))
    #expect(odds == Array(stride(from: 1, through: count, by: 2)))
    var outside: Int64 = 0
    try database.forEachRow("SELECT n FROM t") { row in outside += row.int(0) }
    #expect(outside == count * (count + 1) / 2)
  }

  @Test func aStreamingCursorClosedEarlyLeavesTheTransactionUsable() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    try database.execute(
      "CREATE TABLE t AS SELECT n::bigint AS n FROM generate_series(1, 3000) AS n")
    let firstFive = try database.transaction(write: true) {
      let cursor = try database.streamingCursor("SELECT n FROM t ORDER BY n")
      var seen: [Int64] = []
      while seen.count < 5, try cursor.next() { seen.append(cursor.row.int(0)) }
      cursor.close()
      try database.run("DELETE FROM t WHERE n > ?", .integer(10))
      return seen
    }
    #expect(firstFive == [1, 2, 3, 4, 5])
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 10)
  }

  @Test func aRoleWhoseTransactionsAreReadOnlyOpensReadOnly() throws {
    let scratch = try ScratchPostgres()
    let role = scratch.name + "_reader"
    try ScratchPostgres.administer(
      "CREATE ROLE \(role) LOGIN; ALTER ROLE \(role) SET default_transaction_read_only = on")
    defer { try? ScratchPostgres.administer("DROP ROLE \(role)") }
    let reader = try Database(
      postgresURL: "\(ScratchPostgres.server) dbname=\(scratch.name) user=\(role)")
    #expect(reader.isReadOnly)
    #expect(try !scratch.connect().isReadOnly)
  }

  /// Every session bounds its lock waits and has the server watch for a client that is gone, as
  /// any role (the settings are read without `pg_settings`), keeping a `lock_timeout` the role
  /// has of its own.
  @Test func everySessionBoundsLockWaitsAndWatchesForAGoneClient() throws {
    let scratch = try ScratchPostgres()
    let plain = scratch.name + "_plain"
    let patient = scratch.name + "_patient"
    try ScratchPostgres.administer(
      "CREATE ROLE \(plain) LOGIN; CREATE ROLE \(patient) LOGIN; "
        + "ALTER ROLE \(patient) SET lock_timeout = '10s'")
    defer { try? ScratchPostgres.administer("DROP ROLE \(plain); DROP ROLE \(patient)") }
    for (role, lockTimeout) in [(plain, "5s"), (patient, "10s")] {
      let session = try Database(
        postgresURL: "\(ScratchPostgres.server) dbname=\(scratch.name) user=\(role)")
      #expect(try session.scalarText("SELECT current_setting('lock_timeout')") == lockTimeout)
      #expect(
        try session.scalarText("SELECT current_setting('client_connection_check_interval')")
          == "1s")
    }
  }

  /// bounty's session commits durably (`synchronous_commit` at least `on`) whatever the role or
  /// the connection's options say; a stronger setting is kept.
  @Test func everyWriteCommitsDurablyWhateverTheRoleSets() throws {
    let scratch = try ScratchPostgres()
    let lax = scratch.name + "_lax"
    try ScratchPostgres.administer(
      "CREATE ROLE \(lax) LOGIN; ALTER ROLE \(lax) SET synchronous_commit = off")
    defer { try? ScratchPostgres.administer("DROP ROLE \(lax)") }
    let target = "\(try ScratchPostgres.server) dbname=\(scratch.name)"
    for (conninfo, kept) in [
      ("\(target) user=\(lax)", "on"),
      ("\(target) options='-c synchronous_commit=local'", "on"),
      ("\(target) options='-c synchronous_commit=remote_write'", "on"),
      ("\(target) options='-c synchronous_commit=remote_apply'", "remote_apply"),
    ] {
      let session = try Database(postgresURL: conninfo)
      let show = "SELECT current_setting('synchronous_commit')"
      #expect(try session.transaction(write: true) { try session.scalarText(show) } == kept)
      #expect(try session.scalarText(show) == kept, "\(conninfo)")
    }
  }

  @Test func blobsAndTextRoundTripExactly() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    try database.execute("CREATE TABLE t (id bigint PRIMARY KEY, photo bytea, note text)")
    let everyByte = (0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init)
    let text = "O'Brien \"Doc\" \\ — Zoë ✓ 🐎 ? $1 $$ -- /*"
    try database.run(
      "INSERT INTO t VALUES (?, ?, ?), (?, ?, ?)", .integer(1), .blob(everyByte), .text(text),
      .integer(2), .blob([]), .text(""))
    let rows = try database.query("SELECT photo, note, '?' FROM t ORDER BY id") { row in
      (row.blob(0), row.text(1), row.text(2))
    }
    #expect(rows.map(\.0) == [everyByte, []])
    #expect(rows.map(\.1) == [text, ""])
    #expect(rows.map(\.2) == ["?", "?"])
    #expect(
      try database.scalarInt(
        "SELECT count(*) FROM t WHERE note = ? AND photo = ?", .text(text), .blob(everyByte)) == 1)
  }

  @Test func booleansReadAsOneAndZero() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    let row = try database.queryFirst(
      "SELECT true, false, ? = 1, EXISTS (SELECT 1 WHERE false), NULL::boolean", [.integer(1)]
    ) { row in [row.int(0), row.int(1), row.int(2), row.int(3)] + [row.isNull(4) ? -1 : 9] }
    #expect(row == [1, 0, 1, 0, -1])
  }

  @Test func concurrentIncrementsAreRetriedAndNoneIsLost() throws {
    let scratch = try ScratchPostgres()
    let setup = try scratch.connect()
    try setup.execute("CREATE TABLE counter (id bigint PRIMARY KEY, n bigint NOT NULL)")
    try setup.run("INSERT INTO counter VALUES (1, 0)")
    let perWorker = 40
    let workers = 2
    let failures = Mutex<[String]>([])
    let attempts = Atomic<Int>(0)
    let name = scratch.name
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      do {
        let database = try Database(postgresURL: "\(ScratchPostgres.server) dbname=\(name)")
        for _ in 0..<perWorker {
          try database.transaction(write: true) {
            attempts.add(1, ordering: .relaxed)
            // Read, then write what was read plus one: without serializable transactions two
            // workers would both write the same number and one increment would be lost.
            let n = try database.scalarInt("SELECT n FROM counter WHERE id = 1") ?? 0
            try database.run("UPDATE counter SET n = ? WHERE id = 1", .integer(n + 1))
          }
        }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    #expect(try setup.scalarInt("SELECT n FROM counter") == Int64(perWorker * workers))
    #expect(attempts.load(ordering: .relaxed) >= perWorker * workers)
  }

  @Test func mapsFailuresBySQLState() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    let role = scratch.name + "_hunter"
    try ScratchPostgres.administer("CREATE ROLE \(role) NOLOGIN")
    defer { try? ScratchPostgres.administer("DROP ROLE \(role)") }
    try database.execute("CREATE TABLE t (id bigint PRIMARY KEY)")
    try database.run("INSERT INTO t VALUES (1)")

    func failure(_ body: () throws -> Void) -> (any DatabaseFailure)? {
      do {
        try body()
        return nil
      } catch {
        return error as? any DatabaseFailure
      }
    }
    let duplicate = failure { try database.run("INSERT INTO t VALUES (?)", .integer(1)) }
    #expect(duplicate?.isConstraintViolation == true)
    #expect(duplicate?.isPermissionDenied == false)

    try database.execute("SET ROLE \(role)")
    let denied = failure { try database.run("INSERT INTO t VALUES (?)", .integer(2)) }
    try database.execute("RESET ROLE")
    #expect(denied?.isPermissionDenied == true)
    if let denied {
      guard case .refused(let message) = Store.describe(denied, path: scratch.url) else {
        Issue.record("not refused: \(denied)")
        return
      }
      #expect(message.contains("permission denied"))
    }

    let readOnly = failure {
      try database.transaction(write: true) {
        try database.execute("SET TRANSACTION READ ONLY")
        try database.run("INSERT INTO t VALUES (?)", .integer(3))
      }
    }
    #expect(readOnly?.isReadOnly == true)
    #expect(!database.inTransaction)
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 1)
  }

  @Test func anInterruptCancelsALongQuery() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    let flag = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    flag.pointee = 0
    defer { flag.deallocate() }
    database.interrupt(when: flag)
    #expect(try database.scalarInt("SELECT 1") == 1, "statements run while the flag is clear")
    let address = Int(bitPattern: flag)
    let setter = Thread {
      usleep(300_000)
      UnsafeMutablePointer<sig_atomic_t>(bitPattern: address)?.pointee = 1
    }
    let started = Date()
    setter.start()
    do {
      try database.run("SELECT pg_sleep(20)")
      Issue.record("the query was not cancelled")
    } catch {
      #expect(Store.describe(error, path: scratch.url) == .interrupted)
    }
    #expect(Date().timeIntervalSince(started) < 5)
    flag.pointee = 0
    #expect(try database.scalarInt("SELECT 2") == 2, "the connection works after a cancel")
  }

  @Test func loadingLibpqLeavesTheEnvironmentAsItWas() throws {
    // GnuTLS's start-up switch is set for the load only (`LibPQ.openLibrary`).
    #expect(getenv("GNUTLS_NO_EXPLICIT_INIT") == nil)
    _ = try ScratchPostgres().connect()
    #expect(getenv("GNUTLS_NO_EXPLICIT_INIT") == nil)
  }

  @Test func storeOpensAServerURL() throws {
    let scratch = try ScratchPostgres()
    let store = try Store.open(path: scratch.url)
    #expect(store.path == scratch.url)
    #expect(store.database.dialect == .postgresql)
    #expect(try store.database.scalarText("SHOW client_encoding") == "UTF8")
    #expect(try store.database.scalarText("SHOW application_name") == "bounty")
    // A URL naming its own application keeps it; the encoding stays UTF-8 whatever it says.
    let named = try Store.open(
      path: scratch.url + "&application_name=payroll&client_encoding=LATIN1")
    #expect(try named.database.scalarText("SHOW application_name") == "payroll")
    #expect(try named.database.scalarText("SHOW client_encoding") == "UTF8")
  }

  @Test func aMissingDatabaseIsOneLineNamingTheURL() throws {
    let url =
      "postgresql:///a_missing_\(UInt32.random(in: 0...UInt32.max))?"
      + (try ScratchPostgres.server).split(separator: " ").joined(separator: "&")
    do {
      _ = try Store.open(path: url)
      Issue.record("opened \(url)")
    } catch {
      guard case .io(let message) = error else {
        Issue.record("not an I/O error: \(error)")
        return
      }
      #expect(message.hasPrefix("cannot connect to \(url): "))
      #expect(message.contains("does not exist"))
      #expect(!message.contains("\n"))
    }
  }
}

@Suite(.onTestThreads) struct PostgresEnginePreparedTests {
  @Test func aStatementPreparedBeforeASchemaChangeStillRuns() throws {
    let scratch = try ScratchPostgres()
    let database = try scratch.connect()
    let other = try scratch.connect()
    try database.execute("CREATE TABLE t (id bigint PRIMARY KEY)")
    try database.run("INSERT INTO t VALUES (1)")
    let everything = "SELECT * FROM t WHERE id = ?"
    #expect(try database.queryFirst(everything, [.integer(1)]) { $0.int(0) } == 1)
    try other.execute("ALTER TABLE t ADD COLUMN name text NOT NULL DEFAULT 'Hank'")
    #expect(try database.queryFirst(everything, [.integer(1)]) { $0.text(1) } == "Hank")
    try other.execute("ALTER TABLE t ADD COLUMN bounty bigint NOT NULL DEFAULT 7")
    var attempts = 0
    let bounty = try database.transaction(write: false) {
      attempts += 1
      return try database.queryFirst(everything, [.integer(1)]) { $0.int(2) }
    }
    #expect(bounty == 7)
    #expect(attempts == 2, "the transaction ran again once its statement was prepared afresh")
  }
}
