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
    let help = Help(registry: registry)
    if options.version {
      Output.out("bounty \(BountyVersion.current)")
      return 0
    }
    var words = options.rest
    if words.first == "help" || options.help {
      if words.first == "help" { words.removeFirst() }
      let topic = Array(words.prefix { !$0.hasPrefix("-") })
      guard let text = help.text(for: topic) else {
        return fail(
          .usage("no help for \(SafeText.quoted(topic.joined(separator: " ")))"), words: [])
      }
      Output.out(text)
      return 0
    }
    var terminal = TerminalInfo.detect(noColor: options.noColor, environment: environment)
    terminal.photos = PhotoTerminal.detect(
      isTTY: terminal.isTTY, noPhoto: options.noPhoto, environment: environment)
    let path = Dispatcher.databasePath(option: options.database, environment: environment)
    // `bounty` on a terminal opens the full-screen workspace; `bounty shell`, TERM=dumb or
    // standard input not a terminal give the line shell; `bounty --bail` is `bounty shell --bail`.
    if words.isEmpty || words.first == "shell" || words == ["--bail"] {
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
          dispatcher: dispatcher, environment: environment, noColor: options.noColor)
        workspace.photos = !options.noPhoto
        return workspace.run()
      }
      return Shell(
        dispatcher: dispatcher, terminal: terminal, environment: environment,
        noColor: options.noColor, bail: !shellOptions.isEmpty
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
    do {
      let (found, rest) = try parser.command(for: words)
      command = found
      arguments = try parser.arguments(for: command, rest)
    } catch {
      return fail(error, words: words)
    }
    // A copy that names both its databases (`db copy --from A --to B`) opens A instead.
    var named: String?
    if let ends = command.opensDatabase,
      case .text(let location)? = arguments.value(named: ends.source),
      arguments.value(named: ends.target) != nil
    {
      named = location
    }
    guard let dispatcher = open(named ?? path, creating: named == nil) else { return 1 }
    let runner = CommandRunner(
      dispatcher: dispatcher, terminal: terminal, json: options.json, jsonFields: options.jsonFields
    )
    if command.longRunning {
      Interruption.install(on: dispatcher)
      let bar = ProgressBar.attach(to: dispatcher, for: command)
      runner.answered = { bar?.finish() }
    }
    let succeeded = runner.run(command, arguments, confirm: ConfirmPrompt.standardInput)
    return succeeded ? 0 : runner.lastStatus
  }

  /// Opens the database (creating a missing file unless `creating` is false), printing migration
  /// notices and errors on stderr.
  private func open(_ path: String, creating: Bool = true) -> Dispatcher? {
    do {
      // BOUNTY_NOW fixes the clock (ISO 8601) for reproducible transcripts, docs and tests.
      let fixed = environment["BOUNTY_NOW"].flatMap(Timestamp.init(parsing:))
      return try Dispatcher.open(
        path: path, creating: creating, now: fixed, registry: registry,
        notice: { Output.err($0) })
    } catch {
      Output.err("Error: \(error.message)")
      return nil
    }
  }

  private func fail(_ error: BountyError, words: [String]) -> Int32 {
    Output.err("Error: \(error.message)")
    if case .usage = error { Output.err(Help(registry: registry).usageHint(for: words)) }
    return error.exitStatus
  }
}
