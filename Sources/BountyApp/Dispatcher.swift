internal import BountyCommands
import BountyCore
// `package`: the package's tests build a dispatcher over a store they opened (`init(store:)`);
// nothing public names the store, and the fronts cannot import it (LayeringTests).
package import BountyStore
import Glibc

/// Runs commands, and is the only way in for both fronts: it decodes params against the
/// declaration before anything runs (a missing or malformed one is `invalidParameter`), runs the
/// handler in one transaction (a change is all or nothing, and one undo step; a read never takes
/// the write lock), and answers a value or a `BountyError`. The fronts only parse and render.
public final class Dispatcher {
  public let registry: Registry
  let store: Store
  /// The calls a front holds inside `sharingReads`, how many of them it has made, and the
  /// transaction whose fugitives were last read ahead for them.
  private var queue: (calls: [QueuedCall], made: Int, readAheadIn: Int)?

  /// A dispatcher over an open store (tests build one this way; the fronts use `open`).
  package init(store: Store, registry: Registry = .standard) {
    self.store = store
    self.registry = registry
  }

  /// Opens (creating and migrating when needed) the database at `path`. With `reading` (for
  /// commands that only read) it creates and migrates nothing: a missing roster is `.notFound`
  /// ("no roster at PATH …") and an older schema `.refused`, naming `bounty db migrate`. `now`
  /// fixes the clock (reproducible transcripts); `notice` is told of backups written before a
  /// migration. `preferences` is the person's config file (`preferencesPath(environment:)`); a
  /// line in it bounty cannot read fails the open, naming the file and the line.
  public static func open(
    path: String, reading: Bool = false, now: Timestamp? = nil, registry: Registry = .standard,
    preferences: String? = nil, notice: (String) -> Void = { _ in }
  ) throws(BountyError) -> Dispatcher {
    let file = try preferences.map { path throws(BountyError) in try PreferenceFile(path: path) }
    let store = try Store.open(
      path: path, reading: reading, clock: { now ?? Store.systemTime() }, notice: notice)
    store.preferences = file
    return Dispatcher(store: store, registry: registry)
  }

  /// Where the person's config file is: `$XDG_CONFIG_HOME/bounty/config`, else
  /// `~/.config/bounty/config`; nil when neither variable says.
  public static func preferencesPath(environment: [String: String]) -> String? {
    PreferenceFile.location(environment: environment)
  }

  /// The answer of a command that needs no database for these arguments (`completions bash`), or
  /// nil when it needs one: a front asks before opening any.
  public static func answerWithoutDatabase(
    _ spec: CommandSpec, _ arguments: Arguments, registry: Registry = .standard
  ) -> Result<Reply, BountyError>? {
    guard let answer = registry.command(named: spec.name)?.answerWithoutDatabase else {
      return nil
    }
    do {
      guard let result = try answer(arguments) else { return nil }
      return .success(Reply(answer: result, currency: .usd, colour: nil))
    } catch {
      return .failure(Store.describe(error, path: ""))
    }
  }

  /// Where the database lives: `--db PATH`, else `$BOUNTY_DB`, else the XDG data folder.
  public static func databasePath(option: String?, environment: [String: String]) -> String {
    DatabaseLocation.resolve(option: option, environment: environment)
  }

  /// Told how a long command is going (rows done, rows in all when known); nil when nobody watches.
  public var progress: ((_ done: Int64, _ total: Int64?) -> Void)? {
    get { store.progress }
    set { store.progress = newValue }
  }

  /// Makes long commands (and long SQLite statements) stop, changing nothing, once `flag` is set
  /// (by a signal handler).
  public func stop(when flag: UnsafeMutablePointer<sig_atomic_t>) {
    store.isCancelled = { flag.pointee != 0 }
    store.database.interrupt(when: flag)
  }

  // MARK: Calling

  /// A call a front holds but has not made yet (a request read from a pipe).
  public struct QueuedCall: Sendable {
    public let method: String
    public let params: JSONObject

    public init(method: String, params: JSONObject) {
      self.method = method
      self.params = params
    }
  }

  /// Runs `body`, in which the front makes `queued` calls in order (and may skip any it finds
  /// malformed), sharing their reads: consecutive reads run in one read transaction, and the
  /// fugitives the reads ahead show (`CommandSpec.readsFugitive`) are read together, a few
  /// queries for all instead of a few for each. A change ends the shared transaction; the next
  /// read opens another. Only for calls that had all arrived before `body` began, so that
  /// answering them all from one moment's snapshot is answering each after it arrived.
  public func sharingReads<T>(queued: [QueuedCall], _ body: () -> T) -> T {
    queue = (queued, 0, -1)
    defer { queue = nil }
    return store.database.sharingReads(body)
  }

  /// Ends the read transaction the calls in `sharingReads` share, if one is open (before the
  /// front waits on its client); the next read opens another.
  public func releaseSharedRead() {
    store.database.releaseSharedRead()
  }

  /// Reads ahead, once per shared transaction, the fugitives of the queued reads from the current
  /// call up to the first call that may change something.
  private func readAheadForQueuedCalls() throws {
    guard let queue, queue.readAheadIn != store.database.transactionSerial else { return }
    self.queue?.readAheadIn = store.database.transactionSerial
    var ids: [Int64] = []
    for call in queue.calls.dropFirst(max(queue.made - 1, 0)) {
      guard let spec = registry.command(named: call.method)?.spec else { continue }
      guard case .read = spec.effect else { break }
      if let param = spec.readsFugitive, case .number(let text)? = call.params[param],
        let id = Int64(text)
      {
        ids.append(id)
      }
    }
    try store.readAhead(fugitiveIDs: ids)
  }

  /// Calls the method `name` with JSON-RPC style params (by name): the entry for the JSON-RPC
  /// front, the tests, and the shell's own views (`front: .workspace` reaches commands only they use).
  /// An unknown method is `unknownMethod`; bad params `invalidParameter`.
  /// `openingPaths` opens every file path a call names (`bounty rpc --files DIR`), or refuses it:
  /// the command reads the file opened, never the name again.
  public func call(
    _ name: String, params: JSONObject = JSONObject(), front: CommandFronts = .rpc,
    openingPaths: ((_ path: String, _ field: String) throws(BountyError) -> OpenedFile)? = nil
  ) -> Result<JSON, BountyError> {
    answer(name, params: params, front: front, openingPaths: openingPaths).map(\.json)
  }

  /// `call`, answering the command's typed value (which the JSON-RPC front writes as it is,
  /// without a JSON tree in between).
  public func answer(
    _ name: String, params: JSONObject = JSONObject(), front: CommandFronts = .rpc,
    openingPaths: ((_ path: String, _ field: String) throws(BountyError) -> OpenedFile)? = nil
  ) -> Result<any Answer, BountyError> {
    queue?.made += 1
    guard let command = registry.command(named: name), !command.spec.fronts.isDisjoint(with: front)
    else {
      return .failure(.unknownMethod(SafeText.excerpt(name)))
    }
    do {
      var arguments = try command.spec.arguments(fromJSON: params, front: front)
      if let openingPaths {
        for param in command.spec.params where param.type == .path {
          guard case .text(let path)? = arguments.value(named: param.name) else { continue }
          arguments.set(param.name, .openedFile(try openingPaths(path, param.name)))
        }
      }
      return run(command, arguments)
    } catch {
      return .failure(error)
    }
  }

  /// Runs the command `spec` declares with arguments checked against it (the terminal's entry):
  /// the fronts hold declarations; the dispatcher alone finds the handler.
  public func run(_ spec: CommandSpec, _ arguments: Arguments) -> Result<JSON, BountyError> {
    answer(spec, arguments).map(\.json)
  }

  /// `run`, answering the command's typed value (a `FugitivePage`, a `Fugitive`, …).
  public func answer(_ spec: CommandSpec, _ arguments: Arguments) -> Result<
    any Answer, BountyError
  > {
    command(for: spec).flatMap { run($0, arguments) }
  }

  func run(_ command: Command, _ arguments: Arguments) -> Result<any Answer, BountyError> {
    perform(command, arguments, withContext: false).map(\.answer)
  }

  /// The registered command `spec` declares.
  func command(for spec: CommandSpec) -> Result<Command, BountyError> {
    guard let command = registry.command(named: spec.name) else {
      return .failure(.unknownMethod(SafeText.excerpt(spec.name)))
    }
    return .success(command)
  }

  /// Told, in the command's transaction, right after its amounts became money (tests: a currency
  /// change from another connection at that moment must wait for the command to end).
  var amountsResolved: ((Store) -> Void)?

  /// What a front needs to render a result, read in the transaction that produced it.
  public struct Reply: Sendable {
    /// The command's typed answer.
    public let answer: any Answer
    /// The answer as a JSON value (built each time it is asked for: read it once).
    public var result: JSON { answer.json }
    /// The database currency: how amounts are shown.
    public let currency: Currency
    /// The `color` setting: `auto`, `always` or `never`.
    public let colour: String?
    /// The `pager` preference: `auto` or `never`.
    public var pager: String? = nil
  }

  /// Runs `command` and answers its result with what rendering it needs (the currency, the
  /// colour setting and the pager preference), all from one transaction.
  public func runForDisplay(_ spec: CommandSpec, _ arguments: Arguments) -> Result<
    Reply, BountyError
  > {
    command(for: spec).flatMap { perform($0, arguments, withContext: true) }
  }

  /// Checks one value typed for `param` as the command would, amounts against the database
  /// currency: a form asks again with the reason instead of failing on save.
  public func check(_ text: String, for param: ParamSpec) throws(BountyError) {
    guard case .moneyText(let amount) = try param.value(fromText: text) else { return }
    _ = try Self.amount(amount, in: databaseCurrency(), field: param.name)
  }

  /// The question to ask before running `command`, or nil when none is due: the command declares
  /// none, its skip flag was given, its setting is off, or the thing it names does not exist (the
  /// command itself then says so). Text from the database passes through `escape`.
  public func confirmationQuestion(
    for spec: CommandSpec, _ arguments: Arguments, escape: @escaping (String) -> String
  ) -> String? {
    guard let confirmation = spec.confirmation,
      arguments.value(named: confirmation.skipFlag) != .boolean(true),
      let subject = registry.command(named: confirmation.subject)
    else { return nil }
    let wanted = Result { () throws -> Bool in
      try store.database.transaction(write: false) {
        try store.settingText(confirmation.setting) == "true"
      }
    }
    guard (try? wanted.get()) == true,
      case .success(let thing) = run(subject, arguments.restricted(to: subject.spec))
    else { return nil }
    return confirmation.question.text(for: thing.json, escape: escape)
  }

  private func perform(_ command: Command, _ arguments: Arguments, withContext: Bool) -> Result<
    Reply, BountyError
  > {
    let spec = command.spec
    do {
      // Ctrl-C before the command began (during its confirmation's look-ups, say) stops it.
      try store.checkCancelled()
      let arguments = resolvingRelativeDates(spec, arguments)
      let onlyReads = spec.onlyReads(arguments)
      let work = { () throws -> Reply in
        if onlyReads, spec.readsFugitive != nil { try self.readAheadForQueuedCalls() }
        // Amounts become money in the currency read here, in the transaction the handler writes
        // in: a currency change from another client can come before or after, never between.
        let arguments = try self.resolvingAmounts(arguments)
        self.amountsResolved?(self.store)
        let answer = try self.execute(command, arguments)
        guard withContext else { return Reply(answer: answer, currency: .usd, colour: nil) }
        return Reply(
          answer: answer, currency: try self.store.currency(),
          colour: try self.store.settingText(.color), pager: try self.store.settingText(.pager))
      }
      // Such a command makes its own transactions (its amounts, if it had any, would be read
      // outside them, in a transaction of their own).
      if case .outsideTransaction = spec.effect { return .success(try work()) }
      if spec.role == .undo || spec.role == .redo { return .success(try store.historyReplay(work)) }
      return .success(
        try store.database.transaction(
          write: !onlyReads, foreignKeysOff: !onlyReads && Self.repairsSchema.contains(spec.name)
        ) { try work() })
    } catch {
      return .failure(
        Store.describe(error, path: store.path, command: spec.words.joined(separator: " ")))
    }
  }

  /// The commands that recreate the schema's own tables, indexes, views and triggers
  /// (`Store.repairSchema`): they run with foreign keys off (a table rebuilt must not take its
  /// children with it) and are the changes not refused while a trigger is missing.
  static let repairsSchema: Set<String> = [
    DatabaseCheckCommand.command.spec.name, AppCommands.dbMigrate.spec.name,
  ]

  /// Runs the handler; a changing, undoable command becomes one history step. A change is
  /// refused first while the schema lacks a trigger (`Store.requireIntactTriggers`).
  private func execute(_ command: Command, _ arguments: Arguments) throws -> any Answer {
    let spec = command.spec
    if !spec.onlyReads(arguments), !Self.repairsSchema.contains(spec.name) {
      try store.requireIntactTriggers()
    }
    try ClosedCaseGuard.check(spec, arguments, store)
    try AgencyAdminGuard.check(spec, arguments, store)
    guard case .change(undoable: true) = spec.effect, !spec.onlyReads(arguments) else {
      return try command.handler(store, arguments)
    }
    return try store.recordingStep({ Self.stepLabel(spec, arguments, result: $0.json) }) {
      try command.handler(store, arguments)
    }
  }

  /// Turns every amount typed as text into `Money` in the database currency. An amount that does
  /// not parse (malformed, negative, more decimals than the currency has) is `invalidParameter`.
  ///
  /// Called inside the command's transaction, so the currency is read in the transaction that
  /// writes the amounts (`databaseCurrency` joins it).
  func resolvingAmounts(_ arguments: Arguments) throws(BountyError) -> Arguments {
    var resolved = arguments
    var currency: Currency?
    for (name, value) in arguments.values {
      guard case .moneyText(let text) = value else { continue }
      let scale: Currency
      if let currency {
        scale = currency
      } else {
        scale = try databaseCurrency()
      }
      currency = scale
      resolved.set(name, .money(try Self.amount(text, in: scale, field: name)))
    }
    return resolved
  }

  /// The database currency: read in the current transaction when there is one, else in a read
  /// transaction of its own (`check`, a form's look-up before anything runs).
  private func databaseCurrency() throws(BountyError) -> Currency {
    do {
      if store.database.inTransaction { return try store.currency() }
      return try store.database.transaction(write: false) { try store.currency() }
    } catch {
      throw Store.describe(error, path: store.path)
    }
  }

  private static func amount(_ text: String, in currency: Currency, field: String)
    throws(BountyError) -> Money
  {
    switch Money.parse(text, currency: currency) {
    case .success(let money): return money
    case .failure(let error): throw BountyError.invalidParameter(field: field, reason: error.reason)
    }
  }

  /// How an undo step is named in `history`: `fugitives delete 7`, `settings set rounding`.
  static func stepLabel(_ spec: CommandSpec, _ arguments: Arguments, result: JSON) -> String {
    var label = spec.words.joined(separator: " ")
    if case .integer(let id)? = arguments.value(named: "id") {
      label += " \(id)"
    } else if case .integers(let ids)? = arguments.value(named: "ids") {
      label +=
        " " + ids.prefix(5).map(String.init).joined(separator: " ") + (ids.count > 5 ? " …" : "")
    } else if case .number(let id)? = result["id"] {
      label += " \(id)"
    }
    if case .text(let key)? = arguments.value(named: "key") { label += " \(key)" }
    return label
  }
}
