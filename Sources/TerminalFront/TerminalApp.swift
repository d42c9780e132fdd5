import BountyApp
import BountyCore
import Glibc

/// The terminal front: one-shot commands (`bounty fugitives list`) and, with no command, the
/// interactive shell. It parses, calls the dispatcher and renders; it never touches SQL.
public struct TerminalApp {
  let arguments: [String]
  let environment: [String: String]
  /// Runs `bounty rpc` with its own arguments and a way to open the dispatcher (the RPC front lives
  /// in its own module and parses its options itself).
  let rpc: ([String], () -> Dispatcher?) -> Int32
  let registry = Registry.standard

  public init(
    arguments: [String], environment: [String: String],
    rpc: @escaping ([String], () -> Dispatcher?) -> Int32
  ) {
    self.arguments = arguments
    self.environment = environment
    self.rpc = rpc
  }

  /// Runs the command line and returns the exit status.
  public func run() -> Int32 {
    let options: GlobalOptions
    do {
      options = try GlobalOptions.parse(arguments)
    } catch {
      return fail(error, words: [])
    }
    if options.version {
      Output.out("bounty \(BountyVersion.current)")
      return 0
    }
    var terminal = TerminalInfo.detect(colour: options.colour, environment: environment)
    // Help fits the terminal, or 80 columns where there is none (a pipe, a file, a pager).
    let help = Help(registry: registry, width: terminal.width ?? 80)
    var words = options.rest
    if words.first == "help" || options.help {
      if words.first == "help" { words.removeFirst() }
      return showHelp(help, for: Array(words.prefix { !$0.hasPrefix("-") }))
    }
    terminal.photos = PhotoTerminal.detect(
      isTTY: terminal.isTTY, noPhoto: options.noPhoto, environment: environment)
    let path = Dispatcher.databasePath(option: options.database, environment: environment)
    // `bounty` on a terminal opens the full-screen workspace; `bounty shell`, TERM=dumb or
    // standard input not a terminal give the line shell; `bounty --bail` is `bounty shell --bail`.
    let interactive = words.isEmpty || words.first == "shell" || words == ["--bail"]
    if options.jq != nil, interactive || words.first == "rpc" {
      return fail(
        .usage("--jq filters one command's --json output, not the shell's or rpc's"), words: [])
    }
    if interactive {
      let shellOptions = words.first == "shell" ? words.dropFirst() : words[...]
      guard shellOptions.allSatisfy({ $0 == "--bail" }) else {
        let unknown = shellOptions.first { $0 != "--bail" } ?? ""
        return fail(
          .usage("shell takes only --bail, not \(SafeText.quoted(unknown))"), words: [])
      }
      guard let dispatcher = open(path) else { return 1 }
      TerminalLocale.useUTF8()
      if words.isEmpty, Workspace.canRun(environment: environment) {
        let workspace = Workspace(
          dispatcher: dispatcher, environment: environment, colour: options.colour)
        workspace.photos = !options.noPhoto
        return workspace.run()
      }
      return Shell(
        dispatcher: dispatcher, terminal: terminal, environment: environment,
        colour: options.colour, bail: !shellOptions.isEmpty
      ).run()
    }
    if words.first == "rpc" {
      return rpc(Array(words.dropFirst())) { open(path) }
    }
    let parser = CommandLineParser(registry: registry)
    if parser.isGroup(words), let text = help.text(for: words) {
      // `bounty fugitives` alone: the group's commands.
      Output.out(text)
      return 0
    }
    let command: CommandSpec
    let arguments: Arguments
    let jq: JQFilter?
    do {
      let (found, rest) = try parser.command(for: words)
      command = found
      // Compiled before anything runs: a bad expression changes nothing.
      jq = try options.jq.map { expression throws(BountyError) in try JQFilter(expression) }
      arguments = try parser.arguments(
        for: command, rest, editor: TextEditor.choose(environment: environment))
    } catch {
      return fail(error, words: words)
    }
    if let answer = Dispatcher.answerWithoutDatabase(command, arguments, registry: registry) {
      // A completion script: no database is opened, none is created.
      let runner = CommandRunner(
        dispatcher: nil, terminal: terminal, json: options.json, jsonFields: options.jsonFields)
      return runner.run(command, arguments, confirm: nil, answer: answer) ? 0 : runner.lastStatus
    }
    // A copy that names both its databases (`db copy --from A --to B`) opens A instead.
    var named: String?
    if let ends = command.opensDatabase,
      case .text(let location)? = arguments.value(named: ends.source),
      arguments.value(named: ends.target) != nil
    {
      named = location
    }
    let location = named ?? path
    // A command that only reads opens the database as it is: it creates and migrates nothing.
    let reading = command.onlyReadsOpenDatabase(arguments)
    let created = reading ? nil : NewDatabaseFile.before(opening: location)
    let status = runOnce(
      command, arguments, at: location, reading: reading, options, terminal, jq: jq)
    // A change that failed on a roster it was to create leaves no file behind.
    if status != 0 { created?.remove() }
    return status
  }

  /// Opens the database at `location` and runs `command` on it; the database is closed again
  /// when this returns.
  private func runOnce(
    _ command: CommandSpec, _ arguments: Arguments, at location: String, reading: Bool,
    _ options: GlobalOptions, _ terminal: TerminalInfo, jq: JQFilter?
  ) -> Int32 {
    guard let dispatcher = open(location, reading: reading) else { return 1 }
    let runner = CommandRunner(
      dispatcher: dispatcher, terminal: terminal, json: options.json, jsonFields: options.jsonFields
    )
    runner.jq = jq
    if !options.json {
      runner.pager = Pager.choose(
        environment: environment, noPager: options.noPager, isTTY: terminal.isTTY)
    }
    if command.longRunning {
      Interruption.install(on: dispatcher)
      let bar = ProgressBar.attach(to: dispatcher, for: command, environment: environment)
      runner.answered = { bar?.finish() }
    }
    let succeeded = runner.run(command, arguments, confirm: ConfirmPrompt.standardInput)
    return succeeded ? 0 : runner.lastStatus
  }

  /// Opens the database (for a change: creating a missing file and migrating an old one; for a
  /// read, `reading`, neither), printing migration notices and errors on stderr.
  private func open(_ path: String, reading: Bool = false) -> Dispatcher? {
    do {
      // BOUNTY_NOW fixes the clock (ISO 8601) for reproducible transcripts, docs and tests.
      let fixed = environment["BOUNTY_NOW"].flatMap(Timestamp.init(parsing:))
      return try Dispatcher.open(
        path: path, reading: reading, now: fixed, registry: registry,
        preferences: Dispatcher.preferencesPath(environment: environment),
        notice: { Output.err($0) })
    } catch {
      Output.err("Error: \(error.message)")
      return nil
    }
  }

  /// `bounty help WORDS` and `bounty WORDS --help`: the help of the longest run of `words` that
  /// names something (`capture 7 --help` is the help of `capture`).
  private func showHelp(_ help: Help, for words: [String]) -> Int32 {
    for count in stride(from: words.count, through: min(words.count, 1), by: -1) {
      guard let text = help.text(for: Array(words.prefix(count))) else { continue }
      Output.out(text)
      return 0
    }
    let known = help.topicNames + registry.specs(for: .terminal).flatMap(\.words) + ["help"]
    return fail(
      .usage(
        "no help for \(SafeText.quoted(words.joined(separator: " ")))"
          + Suggestion.hint(for: words[0], among: Array(Set(known)).sorted())),
      words: [])
  }

  private func fail(_ error: BountyError, words: [String]) -> Int32 {
    let spec = try? CommandLineParser(registry: registry).command(for: words).0
    Output.err("Error: \(error.commandLineMessage(for: spec))")
    if case .usage = error {
      let width = TerminalInfo.detect(colour: .never, environment: environment).width ?? 80
      Output.err(Help(registry: registry, width: width).usageHint(for: words))
    }
    return error.exitStatus
  }
}
