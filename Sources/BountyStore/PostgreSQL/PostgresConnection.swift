import BountyCore
import CLibPQ
import Glibc

/// One connection to a PostgreSQL server through libpq: the engine behind `Database` in agency
/// mode.
///
/// Statements written with `?` are numbered for PostgreSQL (`PostgresPlaceholders`) and sent with
/// typed parameters: integers as `int8`, reals as `float8`, text as `text`, blobs as binary
/// `bytea`, NULL untyped. Results come back in text format (`PostgresCursor` reads them). The
/// session speaks UTF-8 and its notices (`… already exists, skipping`) are not printed.
final class PostgresConnection: DatabaseEngine {
  let api: LibPQ
  let handle: OpaquePointer
  /// Whether the server takes changes, once asked (`isReadOnly`).
  private var readOnlyAnswer: Bool?
  private(set) var changes = 0
  /// Statements as PostgreSQL reads them, by their `?` form.
  private var numbered: [String: (sql: String, count: Int)] = [:]
  /// Prepared statements' names by their SQL and parameter types (`preparedKey`).
  private var preparedNames: [String: String] = [:]
  /// The statements (`preparedKey`) run once, unprepared: one run twice is prepared then, so a
  /// one-shot command pays no extra round trip for preparing what it runs once.
  private var runOnce: Set<String> = []
  /// True while the `COMMIT` of a read-only transaction is on its way and its answer not yet
  /// collected (`commitReading`).
  private var commitPending = false
  /// A `BEGIN` not sent yet: it travels with the transaction's first statement when that one
  /// takes no parameters (one simple-protocol exchange), else just before it.
  private var pendingBegin: String?
  /// Names prepared statements apart (never reused, also after one was dropped from the cache).
  private var statementsPrepared = 0
  /// Names the server-side cursors of this connection apart.
  private var cursorsDeclared = 0
  private var canceller: PostgresCanceller?
  /// The flag `interrupt(when:)` watches, to watch again after a reconnection.
  private var interruptFlag: UnsafeMutablePointer<sig_atomic_t>?
  /// What messages call the server (the URL as given, without a password).
  private let name: String
  /// `sessionSetup` until it has been sent: it travels with the first statement sent outside a
  /// transaction (again after a reconnection).
  private var pendingSetup: String?
  /// True while the script that carries `sessionSetup` is on its way: its answer holds the
  /// probe's row (`PoolerSettings.probe`).
  private var setupInFlight = false
  /// What the session does behind a connection pooler, once the setup found one (nil: direct).
  private(set) var pooler: PoolerSettings?

  /// How long a statement waits for a lock when the session has no `lock_timeout` of its own.
  static let defaultLockTimeout = "5s"
  /// How often the server looks, while a statement runs or waits, whether bounty is still there.
  static let connectionCheckInterval = "1s"

  /// The session's settings, after `PoolerSettings.probe` (which asks whether a pooler stands
  /// between bounty and the server), in one exchange with the first statement and in a
  /// transaction of their own (a `BEGIN … ISOLATION LEVEL` after them starts afresh; without the
  /// `BEGIN`, the `COMMIT` of the script's implicit transaction would log a warning on the
  /// server):
  /// `lock_timeout` bounds every wait on a lock, the writers' turn included, unless the session
  /// already has one (`options=-c lock_timeout=…` in the URL, `PGOPTIONS`, `ALTER ROLE … SET`,
  /// `ALTER DATABASE … SET`); `client_connection_check_interval` (PostgreSQL 14 and later) makes
  /// the server end the session of a client that is gone (killed while it waited) instead of
  /// waiting on for it; `synchronous_commit` is raised to `on` when the server's, the database's
  /// or the role's value is weaker (`off` and `local` are a common tuning, and a hunter may set
  /// their own), so that a `COMMIT` is answered only once its WAL is flushed (on synchronous
  /// standbys too) and what bounty acknowledged survives a crash of the server; `remote_apply`,
  /// which waits longer, is kept. A session setting, not one of each write transaction: a
  /// statement after `BEGIN … SERIALIZABLE` would take the transaction's snapshot before the
  /// writers' turn (`Database.takeWriterTurn`), and the turn would then fail it. Settings, not startup options: PgBouncer refuses those. Whether the
  /// server knows the setting is asked with `current_setting(…, true)` (NULL when it does not),
  /// not from the view `pg_settings`, which builds every setting's row: on a new server process
  /// that view alone cost 0.7 ms of the first exchange.
  static func sessionSetup(clientPID: Int32) -> String {
    "BEGIN;\n" + PoolerSettings.probe(clientPID: clientPID) + ";\n" + settingsSetup
  }

  private static let settingsSetup = """
    SELECT set_config('lock_timeout', '\(defaultLockTimeout)', false)
    WHERE current_setting('lock_timeout') = '0';
    SELECT set_config('client_connection_check_interval', '\(connectionCheckInterval)', false)
    WHERE current_setting('client_connection_check_interval', true) IS NOT NULL;
    SELECT set_config('synchronous_commit', 'on', false)
    WHERE current_setting('synchronous_commit') NOT IN ('on', 'remote_apply');
    COMMIT
    """

  var dialect: SQLDialect { .postgresql }

  /// Connects with libpq's connection string `conninfo` (a `postgresql://` URL, `key=value`
  /// pairs, or empty for the `PG*` environment alone). `name` is what messages call the server: the
  /// text the user gave, which holds no password.
  ///
  /// The session's settings travel in the startup message, costing no round trip: UTF-8 (over
  /// whatever the URL says: bounty reads and writes nothing else) and `application_name` bounty
  /// (unless the URL names another).
  init(conninfo: String, name: String) throws(BountyError) {
    let api = try LibPQ.load()
    self.api = api
    self.name = name
    let settings = [
      ("fallback_application_name", "bounty"), ("dbname", conninfo), ("client_encoding", "UTF8"),
    ]
    let connected = Self.withCStrings(settings.map(\.0)) { keywords in
      Self.withCStrings(settings.map(\.1)) { values in
        api.connectdbParams(keywords, values, 1)
      }
    }
    guard let handle = connected else {
      throw BountyError.io("cannot connect to \(name): libpq is out of memory")
    }
    guard api.status(handle) == CONNECTION_OK else {
      let reason = Self.oneLine(api.errorMessage(handle))
      api.finish(handle)
      throw BountyError.io("cannot connect to \(name): \(reason)")
    }
    self.handle = handle
    armSessionSetup()
    _ = api.setNoticeProcessor(handle, { _, _ in }, nil)
  }

  /// Makes the session's setup, with its probe for a pooler, wait for the next statement, and
  /// forgets what an earlier probe found (a new connection, or one made again).
  private func armSessionSetup() {
    pooler = nil
    pendingSetup = Self.sessionSetup(clientPID: api.backendPID(handle))
  }

  /// `strings` as a NULL-terminated array of C strings, valid while `body` runs.
  private static func withCStrings<T>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
  ) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  /// True when the server is a standby, or the role's transactions are read-only by default.
  /// Asked the first time it matters (before the first change), not when connecting: a command
  /// that only reads never pays the round trip. A failed question answers false: the change then
  /// fails and says why itself.
  var isReadOnly: Bool {
    if let readOnlyAnswer { return readOnlyAnswer }
    var answer = false
    if let asked = try? cursor(
      "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on'", [],
      streaming: false)
    {
      answer = (try? asked.next()) == true && asked.row.int(0) == 1
      asked.close()
    }
    readOnlyAnswer = answer
    return answer
  }

  deinit {
    canceller?.stop()
    awaitPendingCommitBriefly()
    api.finish(handle)
  }

  /// Takes the answer of a `COMMIT` sent by `commitReading` before the connection closes: left
  /// unread, the server found the socket closed as it answered and logged a lost connection
  /// (`could not send data to client`, then FATAL) for every command that only read. By then the
  /// answer has had the command's whole output to arrive in; a server that does not answer within
  /// `goodbyeMilliseconds` (the network gone) is left, so that it never holds the process at exit.
  private func awaitPendingCommitBriefly() {
    guard commitPending else { return }
    commitPending = false
    var watched = pollfd(fd: api.socket(handle), events: Int16(POLLIN), revents: 0)
    guard watched.fd >= 0 else { return }
    var waited = 0
    while api.isBusy(handle) != 0 {
      guard waited < Self.goodbyeMilliseconds, poll(&watched, 1, 50) >= 0,
        api.consumeInput(handle) == 1
      else { return }
      waited += 50
    }
    drainResults()
  }

  /// The longest a closing connection waits for its last `COMMIT`'s answer.
  static let goodbyeMilliseconds = 1_000

  /// libpq's message on one line, without its trailing newline.
  static func oneLine(_ message: UnsafeMutablePointer<CChar>?) -> String {
    guard let message else { return "unknown error" }
    let lines = String(cString: message).split(whereSeparator: \.isNewline)
    return lines.joined(separator: "; ")
  }

  // MARK: Running statements

  func execute(_ sql: String) throws {
    collectPendingCommit()
    if sql.hasPrefix("BEGIN ") {
      pendingBegin = sql
      return
    }
    if pendingBegin != nil, sql == "COMMIT" || sql == "ROLLBACK" {
      // A transaction that ran nothing has nothing to end.
      pendingBegin = nil
      return
    }
    api.clear(try runScript(try afterPendingBegin(sql)))
  }

  /// Sends what waits to be sent before a statement that cannot carry it: collects a pending
  /// `COMMIT`'s answer and sends a pending `BEGIN` on its own.
  func settlePending() throws(PostgresError) {
    collectPendingCommit()
    let pending = takePending()
    guard !pending.isEmpty else { return }
    api.clear(try runScript(pending.joined(separator: "; ")))
  }

  /// `sql` with the pending session settings and `BEGIN` before it, which are then no longer
  /// pending.
  private func afterPendingBegin(_ sql: String) throws(PostgresError) -> String {
    if pendingSetup != nil, pendingBegin == nil, !Self.isQuery(sql) {
      // A statement that must run alone (CREATE DATABASE, VACUUM) goes after the settings, not
      // in one script with them.
      try settlePending()
    }
    return (takePending() + [sql]).joined(separator: "; ")
  }

  /// The session settings (outside a transaction) and the `BEGIN` waiting to be sent, in that
  /// order, which are then no longer pending.
  private func takePending() -> [String] {
    var scripts: [String] = []
    if let setup = pendingSetup, transactionStatus == PQTRANS_IDLE {
      pendingSetup = nil
      setupInFlight = true
      scripts.append(setup)
    }
    if let begin = pendingBegin {
      pendingBegin = nil
      scripts.append(begin)
      if let settings = pooler?.afterBegin, !settings.isEmpty { scripts.append(settings) }
    }
    return scripts
  }

  /// True when something waits to be sent before the next statement.
  private var somethingPending: Bool {
    pendingBegin != nil || (pendingSetup != nil && transactionStatus == PQTRANS_IDLE)
  }

  /// Runs statements without parameters in one exchange (`PQexec`) and answers the last one's
  /// result, which the caller clears.
  private func runScript(_ script: String) throws(PostgresError) -> OpaquePointer {
    let probing = setupInFlight
    setupInFlight = false
    let result = try whileCancellable(script) { () throws(PostgresError) in
      probing ? try executeProbing(script) : try Self.execute(script, on: handle, api: api)
    }
    noteChanges(result)
    return result
  }

  /// `PQexec` of a script that begins with the session's setup: answers the last statement's
  /// result (or the first error, as `PQexec` does) and takes from the probe's row, the script's
  /// second result, whether a pooler stands between bounty and the server (`pooler`).
  private func executeProbing(_ script: String) throws(PostgresError) -> OpaquePointer {
    guard api.sendQuery(handle, script) == 1 else {
      return try Self.execute(script, on: handle, api: api)
    }
    var last: OpaquePointer?
    var failed: OpaquePointer?
    var index = 0
    while let result = api.getResult(handle) {
      defer { index += 1 }
      let status = api.resultStatus(result)
      if status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK, status != PGRES_EMPTY_QUERY {
        if failed == nil { failed = result } else { api.clear(result) }
        continue
      }
      if index == 1, status == PGRES_TUPLES_OK, api.ntuples(result) == 1 {
        let pooled = api.getvalue(result, 0, 0).map { String(cString: $0) } == "t"
        let defaults =
          api.getisnull(result, 0, 1) == 0
          ? api.getvalue(result, 0, 1).map { String(cString: $0) } : nil
        pooler = PoolerSettings.from(pooled: pooled, defaults: defaults)
      }
      if let last { api.clear(last) }
      last = result
      // Where `PQexec` stops reading: a COPY waits for its data, a lost connection has no more.
      if status == PGRES_COPY_IN || status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH
        || api.status(handle) == CONNECTION_BAD
      {
        break
      }
    }
    if let failed {
      if let last { api.clear(last) }
      return try check(failed, sql: script)
    }
    return try check(last, sql: script)
  }

  func cursor(_ sql: String, _ values: [SQLValue], streaming: Bool) throws -> any RowCursor {
    if streaming { try settlePending() }
    guard streaming, transactionStatus == PQTRANS_INTRANS, Self.isQuery(sql) else {
      return PostgresCursor(connection: self, result: try run(sql, values), serverCursor: nil)
    }
    cursorsDeclared += 1
    let name = "bounty_cursor_\(cursorsDeclared)"
    api.clear(try run("DECLARE \(name) NO SCROLL CURSOR FOR \(sql)", values, prepared: false))
    let first = try run("FETCH \(PostgresCursor.batchSize) FROM \(name)", [], prepared: false)
    return PostgresCursor(connection: self, result: first, serverCursor: name)
  }

  /// Runs `sql` with `values` bound to its `?` parameters and answers its result, which the caller
  /// clears. A statement run `prepared` is parsed and planned once per connection (and per types
  /// of its values) and then only executed; one that differs every time (a cursor's name in it)
  /// should not be.
  func run(_ sql: String, _ values: [SQLValue], prepared: Bool = true) throws(PostgresError)
    -> OpaquePointer
  {
    collectPendingCommit()
    if somethingPending {
      // The transaction's first statement goes with its BEGIN, in one exchange, when it can.
      if values.isEmpty, !sql.contains("?") { return try runScript(try afterPendingBegin(sql)) }
      try settlePending()
    }
    let statement = numberedStatement(sql)
    guard statement.count == values.count else {
      throw PostgresError(
        sqlState: "08P01",
        message: "the statement has \(statement.count) parameters but \(values.count) were given",
        sql: sql)
    }
    let parameters = PostgresParameters(values)
    let result: OpaquePointer
    // Behind a pooler nothing is kept on the server between transactions (`PoolerSettings`).
    let prepares = prepared && pooler == nil
    let key = prepares ? Self.preparedKey(statement.sql, types: parameters.types) : ""
    if prepares, preparedNames[key] != nil || runOnce.contains(key) {
      result = try runPrepared(statement.sql, parameters, reportedAs: sql)
    } else {
      if prepares { runOnce.insert(key) }
      result = try whileCancellable(sql) { () throws(PostgresError) in
        try check(
          parameters.withArrays { values, lengths, formats in
            api.execParams(
              handle, statement.sql, parameters.count, parameters.types, values, lengths, formats,
              0)
          }, sql: sql)
      }
    }
    noteChanges(result)
    return result
  }

  /// Runs the server-side prepared statement for `sql` with parameters of their types, preparing
  /// it the first time. One prepared before a schema change may no longer fit the schema (`cached
  /// plan must not change result type`): it is prepared afresh, and run again at once outside a
  /// transaction; inside one the failure is retryable, so `Database.transaction` runs the whole
  /// transaction again.
  private func runPrepared(
    _ sql: String, _ parameters: PostgresParameters, reportedAs original: String
  ) throws(PostgresError) -> OpaquePointer {
    let key = Self.preparedKey(sql, types: parameters.types)
    let known = preparedNames[key]
    let name: String
    if let known {
      name = known
    } else {
      statementsPrepared += 1
      name = "bounty_\(statementsPrepared)"
      api.clear(
        try check(
          api.prepare(handle, name, sql, parameters.count, parameters.types), sql: original))
      preparedNames[key] = name
    }
    do throws(PostgresError) {
      return try whileCancellable(original) { () throws(PostgresError) in
        try check(
          parameters.withArrays { values, lengths, formats in
            api.execPrepared(handle, name, parameters.count, values, lengths, formats, 0)
          }, sql: original)
      }
    } catch let error where known != nil && error.sqlState == "0A000" {
      preparedNames[key] = nil
      guard inTransaction else { return try runPrepared(sql, parameters, reportedAs: original) }
      throw PostgresError(
        sqlState: error.sqlState, message: error.message, sql: original, isStalePlan: true)
    }
  }

  private static func preparedKey(_ sql: String, types: [Oid]) -> String {
    types.map { String($0) }.joined(separator: ",") + ";" + sql
  }

  private func numberedStatement(_ sql: String) -> (sql: String, count: Int) {
    if let known = numbered[sql] { return known }
    let statement = PostgresPlaceholders.rewrite(sql)
    numbered[sql] = statement
    return statement
  }

  /// True when `sql` is a query a server-side cursor can hold (`SELECT`, `WITH`, `VALUES`).
  private static func isQuery(_ sql: String) -> Bool {
    let keyword = sql.drop { $0.isWhitespace }.prefix { $0.isLetter }.uppercased()
    return keyword == "SELECT" || keyword == "WITH" || keyword == "VALUES"
  }

  /// Remembers the rows changed by an INSERT, UPDATE, DELETE or MERGE (other statements leave the
  /// count as it was, as SQLite's does).
  private func noteChanges(_ result: OpaquePointer) {
    guard let status = api.cmdStatus(result) else { return }
    let tag = String(cString: status)
    guard ["INSERT", "UPDATE", "DELETE", "MERGE"].contains(where: { tag.hasPrefix($0 + " ") }),
      let count = api.cmdTuples(result)
    else { return }
    changes = Int(String(cString: count)) ?? 0
  }

  /// libpq's `PQexec`: one or more statements without parameters.
  private static func execute(_ sql: String, on handle: OpaquePointer, api: LibPQ)
    throws(PostgresError) -> OpaquePointer
  {
    try check(api.exec(handle, sql), sql: sql, on: handle, api: api)
  }

  func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) -> OpaquePointer {
    try Self.check(result, sql: sql, on: handle, api: api)
  }

  /// `result` when it succeeded; otherwise it is cleared and its error thrown.
  private static func check(
    _ result: OpaquePointer?, sql: String, on handle: OpaquePointer, api: LibPQ
  ) throws(PostgresError) -> OpaquePointer {
    guard let result else {
      var failure = PostgresError(
        sqlState: nil, message: oneLine(api.errorMessage(handle)), sql: sql)
      failure.connectionLost = api.status(handle) != CONNECTION_OK
      throw failure
    }
    let status = api.resultStatus(result)
    if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY {
      return result
    }
    let sqlState = api.resultErrorField(result, Int32(UInt8(ascii: "C"))).map {
      String(cString: $0)
    }
    let primary = api.resultErrorField(result, Int32(UInt8(ascii: "M")))
    let message = primary.map { String(cString: $0) } ?? oneLine(api.resultErrorMessage(result))
    var failure = PostgresError(sqlState: sqlState, message: message, sql: sql)
    failure.context = api.resultErrorField(result, Int32(UInt8(ascii: "W"))).map {
      String(cString: $0)
    }
    failure.connectionLost = api.status(handle) != CONNECTION_OK
    api.clear(result)
    throw failure
  }

  /// Sends the `COMMIT` of a transaction that only read and goes on without its answer: a
  /// one-shot command then ends a round trip sooner. The answer is collected before the next
  /// statement is sent; a read-only transaction's `COMMIT` has nothing to report but a lost
  /// connection, which the next statement reports itself.
  func commitReading() throws {
    collectPendingCommit()
    if pendingBegin != nil {
      // Nothing was read: nothing to end.
      pendingBegin = nil
      return
    }
    guard api.sendQuery(handle, "COMMIT") == 1 else { return try execute("COMMIT") }
    commitPending = true
  }

  /// Collects the answer of a `COMMIT` sent by `commitReading`, if one is on its way.
  func collectPendingCommit() {
    guard commitPending else { return }
    commitPending = false
    drainResults()
  }

  /// Reads and drops every result libpq still holds for the last statement sent.
  func drainResults() {
    while let result = api.getResult(handle) { api.clear(result) }
  }

  // MARK: State

  var transactionStatus: PGTransactionStatusType { api.transactionStatus(handle) }

  /// True inside a transaction block, also one that failed and awaits its `ROLLBACK`.
  var inTransaction: Bool {
    if pendingBegin != nil { return true }
    if commitPending { return false }
    let status = transactionStatus
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
  }

  /// True in a transaction that failed and awaits its `ROLLBACK`.
  var transactionFailed: Bool { !commitPending && transactionStatus == PQTRANS_INERROR }

  // MARK: A lost connection

  /// Connects again, on the same libpq connection, after it was found lost, and forgets what the
  /// server forgot with the old session: its prepared statements, its settings (sent again), the
  /// transaction it was in. False, with libpq's reason in `errorMessage`, when it cannot.
  func reset() -> Bool {
    api.reset(handle)
    guard api.status(handle) == CONNECTION_OK else { return false }
    preparedNames = [:]
    runOnce = []
    pendingBegin = nil
    commitPending = false
    readOnlyAnswer = nil
    armSessionSetup()
    // The cancel key belongs to the server process, which is a new one.
    if let interruptFlag { interrupt(when: interruptFlag) }
    return true
  }

  /// What messages call the server.
  var serverName: String { name }

  // MARK: Interrupting

  /// From now on a statement that runs while `*flag` is non-zero is cancelled on the server (it
  /// fails with `query_canceled`, which reads as interrupted). A watcher thread looks at the flag
  /// every 50 ms while a statement runs.
  func interrupt(when flag: UnsafeMutablePointer<sig_atomic_t>) {
    interruptFlag = flag
    canceller?.stop()
    canceller = api.getCancel(handle).flatMap {
      PostgresCanceller(api: api, cancel: $0, flag: flag)
    }
  }

  /// Runs `body` (one round trip to the server) where the canceller can stop it. A `ROLLBACK` is
  /// never cancelled: it is what an interrupted change leaves behind. A `query_canceled` bounty
  /// did not ask for is the server's (`cancelledByServer`).
  private func whileCancellable(
    _ sql: String, _ body: () throws(PostgresError) -> OpaquePointer
  ) throws(PostgresError) -> OpaquePointer {
    guard let canceller, !sql.hasPrefix("ROLLBACK") else { return try byServer(body) }
    canceller.statementStarted()
    defer { canceller.statementEnded() }
    do {
      return try body()
    } catch var failure where failure.sqlState == "57014" && !canceller.sentCancel {
      failure.cancelledByServer = true
      throw failure
    }
  }

  /// `body`, whose every `query_canceled` is the server's: no cancel of bounty's was watching.
  private func byServer(_ body: () throws(PostgresError) -> OpaquePointer) throws(PostgresError)
    -> OpaquePointer
  {
    do {
      return try body()
    } catch var failure where failure.sqlState == "57014" {
      failure.cancelledByServer = true
      throw failure
    }
  }
}
