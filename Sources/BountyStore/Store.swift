import BountyCore
import Glibc

/// An open bounty database: the connection, set up, validated and migrated, plus the clock that
/// stamps changes. Tab modules work through it; only the store speaks SQL to SQLite.
public final class Store {
  package let database: Database
  public let path: String
  /// Settings read in a transaction (`settingText`), with the transaction they belong to; nil when
  /// they must be read again.
  var settingsRead: (serial: Int, values: [SettingKey: String])?
  /// Fugitives read ahead (`readAhead(fugitiveIDs:)`) by ID#, with the transaction they belong to.
  var fugitivesReadAhead: (serial: Int, byID: [Int64: Fugitive])?
  /// The person's config file, which their preferences (`SettingKey.Scope.personal`) are read
  /// from and written to; nil keeps them in the roster as before the config file (a store opened
  /// where no config folder is known).
  public var preferences: PreferenceFile?
  /// The current time; tests replace it to get fixed timestamps.
  public var clock: () -> Timestamp = Store.systemTime
  /// Told how a long import or export is going; nil when nobody is watching.
  public var progress: ProgressHandler?
  /// Asked now and then by long operations; true makes them stop with `.interrupted`.
  public var isCancelled: () -> Bool = { false }
  /// True when opened for a command that only reads: its page cache serves that one command.
  private(set) var onlyReads = false
  /// The schema cookie (`PRAGMA schema_version`) at which every trigger was last found as the
  /// schema has it (`requireIntactTriggers`); nil until then, and after a repair.
  var verifiedSchemaCookie: Int64?

  /// Throws `.interrupted` when the user asked to stop.
  public func checkCancelled() throws(BountyError) {
    if isCancelled() { throw BountyError.interrupted }
  }

  /// The system clock, to the second.
  public static func systemTime() -> Timestamp {
    Timestamp(secondsSinceEpoch: Int64(time(nil)))
  }

  public var now: Timestamp { clock() }

  init(database: Database, path: String, mode: OpenMode) {
    self.database = database
    self.path = path
    self.mode = mode
  }

  /// How the file was opened: `.immutable` when this process cannot write it and SQLite could read
  /// it no other way without leaving files behind.
  public let mode: OpenMode

  /// Opens (creating when missing: folder 0700, file 0600) and migrates the database at `path`,
  /// which is always a file name (never an SQLite URI).
  ///
  /// With `reading` (a command that only reads) nothing is created and nothing migrated: a missing
  /// file (or an empty one) is `.notFound` ("no roster at PATH"), a file of an older schema is
  /// `.refused` with the sentence that `bounty db migrate` brings it up to date, and neither the
  /// journal mode nor a lost `user_version` is written back.
  ///
  /// Refuses with `.refused`, leaving the file byte for byte as it was, a database newer than this
  /// binary, a file that is not a SQLite database, another application's database, one whose applied
  /// migrations were edited, and one that needs migrating but cannot be written. Before migrating a
  /// database that holds fugitives it writes a backup beside it and reports the backup's path through
  /// `notice`. A file this process cannot write opens read-only without writing anything (see
  /// `OpenMode`); when that takes `immutable=1`, a one-line warning goes through `notice`.
  ///
  /// A `path` that names a PostgreSQL server (`DatabaseURL.classify`) opens the agency database
  /// there instead (`openServer`); a URL of another scheme, a malformed PostgreSQL one, or one
  /// holding a password is refused before any file is touched.
  public static func open(
    path: String, reading: Bool = false, migrator: Migrator = Migrator(),
    clock: @escaping () -> Timestamp = systemTime, notice: (String) -> Void = { _ in }
  ) throws(BountyError) -> Store {
    guard !path.isEmpty else { throw BountyError.usage("the database path is empty") }
    if case .server(let url) = try DatabaseURL.classify(path) {
      return try openServer(url: url, clock: clock)
    }
    if reading, access(path, F_OK) != 0 { throw noRoster(at: path) }
    guard sqliteHasFullTextSearch else {
      throw BountyError.refused(
        "the SQLite library in this bounty (\(SQLiteConnection.libraryVersion)) was built without FTS5, "
          + "which search needs (PRAGMA compile_options lacks ENABLE_FTS5); nothing was opened")
    }
    try DatabaseLocation.createIfMissing(path)
    let mode = OpenMode.choose(for: path)
    let database: Database
    do {
      database = try Database(path: path, mode: mode)
    } catch {
      throw BountyError.io("cannot open database \(path): \(error.message)")
    }
    try migrator.validate(database)
    if reading { try requireCurrentSchema(database, path: path, migrator: migrator) }
    let store = Store(database: database, path: path, mode: mode)
    store.clock = clock
    store.onlyReads = reading
    if let warning = mode.warning(for: path) { notice(warning) }
    try store.configure(journal: !reading)
    try store.migrate(with: migrator, notice: notice)
    do {
      if !store.isReadOnly, !reading { try Migrator.restoreUserVersion(of: database) }
      // Marked first: the rows a read mends now are bounty's writes, not another program's.
      try Store.markBountyWrites(of: database)
      try store.mendStaleRowsAlways()
    } catch {
      throw Store.describe(error, path: path)
    }
    return store
  }

  /// What a command that only reads says of a path where there is no roster (no file, or an empty
  /// one): it creates nothing, and names the commands that would.
  public static func noRoster(at path: String) -> BountyError {
    .notFound(
      "no roster at \(path) (a change such as `bounty sample` or `fugitives add` creates it)")
  }

  /// Refuses, before anything is written, a file a command that only reads cannot read as it is:
  /// an empty one (no roster yet) or one of an older schema, which only a change migrates.
  private static func requireCurrentSchema(
    _ database: Database, path: String, migrator: Migrator
  ) throws(BountyError) {
    let version = try Migrator.version(of: database)
    if version == 0 { throw noRoster(at: path) }
    guard version < migrator.latestVersion else { return }
    throw BountyError.refused(
      "\(path) has schema version \(version), older than this bounty's \(migrator.latestVersion); "
        + "`bounty db migrate` brings it up to date (after a backup), and so does any change; "
        + "nothing was read or changed")
  }

  /// Durable commits, enforced references, a page cache (settings of this connection only), and
  /// WAL (readers never block the writer) unless `journal` is false (a command that only reads).
  /// Run only after `validate` accepted the file; a file this process cannot write keeps its
  /// journal mode, so opening it writes nothing.
  private func configure(journal: Bool) throws(BountyError) {
    do {
      // The page cache is SQLite's 2 MiB but while a change runs (`Database.writingPageCacheKiB`).
      let cacheKibibytes = Database.readingPageCacheKiB
      try database.execute(
        "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL; PRAGMA cache_size = -\(cacheKibibytes)"
      )
      guard !isReadOnly, journal else { return }
      _ = try database.scalarText("PRAGMA journal_mode = WAL")
    } catch let error as BountyError {
      throw error
    } catch {
      throw Store.describe(error, path: path)
    }
  }

  /// True when changes cannot be written: the file or its folder is not writable by this process
  /// (or the file system is mounted read-only). Commands that change nothing still work.
  public var isReadOnly: Bool { database.isReadOnly }

  private func migrate(with migrator: Migrator, notice: (String) -> Void) throws(BountyError) {
    let pending = try migrator.pending(for: database)
    guard !pending.isEmpty else { return }
    let version = try Migrator.version(of: database)
    if isReadOnly {
      throw BountyError.refused(
        "\(path) has schema version \(version) and needs migrating to \(migrator.latestVersion), "
          + "but you cannot write it; open it once as a user who can")
    }
    do {
      if version >= 1, try database.scalarInt("SELECT EXISTS (SELECT 1 FROM fugitive)") == 1 {
        let backup = try writeBackup(suffix: "v\(version)-backup")
        notice(
          "bounty: migrating \(path) from schema version \(version) to \(migrator.latestVersion); "
            + "a backup of the old file is at \(backup)")
      }
      try migrator.migrate(database, now: now)
    } catch let error as BountyError {
      throw error
    } catch {
      throw Store.describe(error, path: path)
    }
  }

  /// Writes a consistent copy of the database to a new file beside it (mode 0600) and returns its
  /// path: `bounty.v1-backup-20261130T101500Z.sqlite`.
  public func writeBackup(suffix: String) throws(BountyError) -> String {
    let stamp = now.iso8601.filter { $0 != "-" && $0 != ":" }
    let base = path.hasSuffix(".sqlite") ? String(path.dropLast(7)) : path
    var candidate = "\(base).\(suffix)-\(stamp).sqlite"
    var attempt = 1
    while access(candidate, F_OK) == 0 {
      attempt += 1
      candidate = "\(base).\(suffix)-\(stamp)-\(attempt).sqlite"
    }
    try backup(to: candidate)
    return candidate
  }

  /// Writes a consistent copy of the database to `destination`, which must not exist (mode 0600).
  public func backup(to destination: String) throws(BountyError) {
    try DatabaseLocation.createPrivateFile(destination)
    do {
      guard database.dialect == .sqlite else {
        throw BountyError.refused(
          "backups of an agency database are PostgreSQL's: pg_dump --enable-row-security as an "
            + "agency admin, or a standby; nothing was written")
      }
      try database.run("VACUUM INTO ?", .text(SQLiteConnection.literalFilename(destination)))
    } catch {
      unlink(destination)
      throw Store.describe(error, path: destination)
    }
  }

  /// Turns an engine's failure into the error a person reads; the SQL stays out of the message.
  /// `command` names what was being done (`fugitives edit`), for a change whose commit the
  /// server may or may not have made.
  public static func describe(_ error: any Error, path: String, command: String? = nil)
    -> BountyError
  {
    if let error = error as? BountyError { return error }
    guard let error = error as? any DatabaseFailure else { return .io("\(error)") }
    if error.isCommitOutcomeUnknown {
      let change = command.map { "the change (\($0))" } ?? "the change"
      return .io(
        "the server went away during the commit; whether \(change) was saved is unknown: "
          + "check with bounty history (your steps) once the server answers again")
    }
    if let sentence = error.serverSentence { return sentence }
    if error.isBusy {
      return .io(
        "the database is busy: another process held it locked for more than "
          + "\(SQLiteConnection.busyTimeoutMilliseconds / 1000) s; nothing was changed, try again")
    }
    if error.isReadOnly { return .io("\(path) is read-only; nothing was changed") }
    if error.isInterrupted { return .interrupted }
    if error.isDiskFull { return .io("the disk is full; nothing was changed") }
    if error.isNotADatabase { return .refused("\(path) is damaged or not a database") }
    if error.isPermissionDenied {
      return .refused("your database role may not do this (\(error.message)); nothing was changed")
    }
    if error.isRetryable {
      return .conflict(
        "other hunters kept changing the same rows; nothing was changed, try again")
    }
    if error.isConstraintViolation { return .conflict("the change breaks a rule of the database") }
    return .io("database error: \(error.message)")
  }
}

extension Store {
  /// Reports progress of a long operation (rows done, rows in all when known); set by a front that
  /// can show it. Called at most a few times a second by the operation.
  public typealias ProgressHandler = (_ done: Int64, _ total: Int64?) -> Void
}
