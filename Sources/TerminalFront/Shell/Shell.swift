import BountyApp
import BountyCore
import Glibc

/// The line shell (`bounty shell`, and `bounty` when standard input is not a terminal): a tab bar
/// (`Fugitives (9) │ Captured (3) │ Settings`), the active tab's view, and a prompt. Commands are the
/// one-shot verbs without the tab word, plus navigation. Verbs given no ID# act on the fugitive on
/// screen. On a terminal lines are edited with libedit and the workspace (tab, sorts, filters) is
/// remembered; a script gets no prompt and no colour, starts from the defaults, remembers nothing,
/// and exits 1 if any command failed. In a script a failed command leaves no fugitive on screen, so
/// a later verb given no ID# never acts on the one shown before the failure; `--bail` stops the
/// script at its first failed line.
final class Shell {
  let dispatcher: Dispatcher
  let client: AppClient
  let terminal: TerminalInfo
  let interactive: Bool
  let runner: CommandRunner
  let parser: CommandLineParser
  let home: String?
  /// The process environment (`TERM=dumb` draws the progress bar without escape sequences).
  let environment: [String: String]
  var model = ViewModel()
  let input: any LineSource
  /// Where the interactive session is remembered; nil in a script.
  private let memory: WorkspaceMemory?
  private var anyFailed = false
  /// Stop at the first failed line (`bounty shell --bail`), as `sqlite3 -bail` does.
  let bail: Bool
  /// Set when a line failed under `bail`: nothing after it runs.
  private var bailed = false
  /// Rows shown per page of a list: the terminal's height, or 50 in a script.
  let pageSize: Int64

  init(
    dispatcher: Dispatcher, terminal: TerminalInfo, environment: [String: String],
    colour option: ColourOption?,
    bail: Bool = false
  ) {
    self.dispatcher = dispatcher
    self.bail = bail
    let client = AppClient(dispatcher: dispatcher)
    self.client = client
    let interactive = isatty(STDIN_FILENO) == 1 && terminal.isTTY
    self.interactive = interactive
    let colour = Colour.enabled(
      option: option, environment: environment, setting: client.setting(.color),
      isTTY: interactive)
    var shown = TerminalInfo(
      isTTY: interactive, width: interactive ? terminal.width : nil, style: Style(enabled: colour))
    shown.photos = interactive ? terminal.photos : nil
    self.terminal = shown
    self.runner = CommandRunner(dispatcher: dispatcher, terminal: self.terminal, json: false)
    self.parser = CommandLineParser(registry: dispatcher.registry)
    self.home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    self.environment = environment
    self.memory = interactive ? WorkspaceMemory(client: client) : nil
    self.pageSize = interactive ? max(5, Int64(Colour.terminalRows() - 8)) : 50
    if interactive, let editor = EditLineSource(historyPath: ShellHistory.path(environment)) {
      // The flags first: the handler must never be what first touches one (a lazy global).
      dispatcher.stop(when: Interruption.flag)
      Interrupt.reset()
      Interrupt.install()
      self.input = editor
    } else {
      self.input = PlainLineSource()
    }
    if let editor = input as? EditLineSource {
      editor.completer = { [unowned self] before in
        Completer(registry: dispatcher.registry, client: client, active: model.active, home: home)
          .complete(before)
      }
    }
  }

  func run() -> Int32 {
    if let memory {
      var warnings: [String] = []
      model = memory.load(warnings: &warnings)
      for warning in warnings { Output.err("Warning: \(warning)") }
    }
    if client.count(.fugitives) == 0, client.count(.captured) == 0 {
      say(
        "Welcome to bounty. There are no fugitives yet: 'add' one, or load the sample roster "
          + "with 'sample'. Type 'help' for every command.")
    }
    showCurrentView()
    loop: while true {
      switch input.readLine(prompt: prompt) {
      case .end: break loop
      case .interrupted: continue
      case .line(let line):
        if !handle(line) { break loop }
        // The last line read: the command's own, or the answer to its form that was refused.
        let number = scriptLine
        if bailed {
          // On a terminal there are no line numbers: the command just typed is the one.
          let which = number.map { "at line \($0), which failed" } ?? "as that command failed"
          Output.err("Error: stopped \(which) (--bail); nothing after it ran")
          break loop
        }
      }
    }
    memory?.save(model)
    return anyFailed ? 1 : 0
  }

  var prompt: String {
    let title = model.active.title
    guard terminal.style.enabled else { return title + "> " }
    // libedit skips what lies between \u{1} marks when it counts the prompt's columns.
    return "\u{1}\u{1B}[1m\u{1}\(title)\u{1}\u{1B}[0m\u{1}> "
  }

  func say(_ text: String) { Output.out(text) }

  func fail(_ error: BountyError, of spec: CommandSpec? = nil) {
    _ = runner.failed(error, of: spec)
    failed()
  }

  /// The number of the script line being run; nil on a terminal.
  private var scriptLine: Int? { interactive ? nil : (input as? PlainLineSource)?.linesRead }

  /// After a failed line: the script's outcome is 1; in a script no fugitive stays on screen (what
  /// the failed line meant to show or change is unknown, so no verb may fall back on the card shown
  /// before it); under `--bail` nothing more runs.
  private func failed() {
    anyFailed = true
    if !interactive { model.leaveNoFugitiveOnScreen() }
    if bail { bailed = true }
  }

  // MARK: Commands

  /// Runs one line; false when it asks to quit.
  func handle(_ line: String) -> Bool {
    guard let words = shellWords(line, home: home) else {
      fail(.usage("unterminated quote"))
      return true
    }
    // A blank line, or a comment (`# …`) as in any script, does nothing.
    guard let verb = words.first?.text, !verb.hasPrefix("#") else { return true }
    let rest = words.dropFirst().map(\.text)
    switch verb {
    case "quit", "exit", "q":
      return false
    case "1": switchTab(to: .fugitives)
    case "2": switchTab(to: .captured)
    case "3": switchTab(to: .settings)
    case "tab":
      guard let name = rest.first?.lowercased(), !name.isEmpty,
        let tab = TabName.allCases.first(where: { $0.rawValue.hasPrefix(name) })
      else {
        fail(.usage("tab needs a name: fugitives, captured or settings"))
        return true
      }
      switchTab(to: tab)
    case "help", "?":
      help(rest)
    case "back":
      model.back()
      showCurrentView()
    case "list" where rest.isEmpty, "ls" where rest.isEmpty:
      model.current.stack = [.list]
      showCurrentView()
    case "next", "prev":
      let step = verb == "next" ? pageSize : -pageSize
      model.current.offset = max(0, model.current.offset + step)
      model.current.stack = [.list]
      showCurrentView()
    case "sort":
      setSort(rest)
    case "find":
      let text = words.count > 1 ? String(line[words[1].start...]).trimmingASCIIWhitespace() : ""
      model.current.search = text.isEmpty ? nil : (words.count == 2 ? words[1].text : text)
      model.resetList()
      remember()
      showCurrentView()
    case "show" where rest.count == 1 || (rest.count == 2 && rest[0] == "--"):
      let word = rest[rest.count - 1]
      guard let id = Self.fugitiveID(rest) else {
        fail(.invalid(field: "id", reason: "\(SafeText.quoted(word)) is not a whole number"))
        return true
      }
      show(id)
    case "add" where rest.isEmpty:
      if let id = ShellForms(shell: self).add() { follow(id, switchingTab: true) }
    // The form opens for `edit` or `edit ID` only: `edit --bounty` (a value left out) is the
    // command's own usage error, never a form that reads the script's next lines as answers.
    case "edit" where model.active != .settings && (rest.isEmpty || Self.fugitiveID(rest) != nil):
      guard let id = Self.fugitiveID(rest) ?? model.currentFugitive else {
        fail(ShellLine.noFugitiveOnScreen("edit", line: scriptLine))
        return true
      }
      if let saved = ShellForms(shell: self).edit(id: id) { model.focus(saved) }
    default:
      runRegistryCommand(line)
    }
    return true
  }

  /// The ID# of `show ID` or `edit ID`: `7`, `-5`, `' -5'` or `-- -5` (spaces around it and a
  /// leading `--` allowed, as on the command line); nil for anything else.
  static func fugitiveID(_ rest: [String]) -> Int64? {
    let words = rest.first == "--" ? Array(rest.dropFirst()) : rest
    guard words.count == 1 else { return nil }
    return Int64(words[0].trimmingASCIIWhitespace())
  }

  /// `help`: this tab's commands; `help WORDS`: a command's or group's help (`help report`).
  private func help(_ topic: [String]) {
    guard !topic.isEmpty else {
      return say(ShellHelp.text(for: model.active, width: terminal.width ?? 80))
    }
    let help = Help(registry: dispatcher.registry, width: terminal.width ?? 80)
    // The active tab's verb first (`help list` in Captured is `captured list`), then the words as
    // they are (`help report`, `help dates`), then the other tabs' verbs.
    let others = TabName.allCases.filter { $0 != model.active }
    let text =
      help.text(for: [model.active.rawValue] + topic) ?? help.text(for: topic)
      ?? others.lazy.compactMap { help.text(for: [$0.rawValue] + topic) }.first
    guard let text else {
      return fail(.usage("no help for \(SafeText.quoted(topic.joined(separator: " ")))"))
    }
    say(text)
  }

  /// `show ID` from any tab: switches to the tab the fugitive is in and shows its card.
  private func show(_ id: Int64) {
    switch client.fugitive(id, in: client.currency) {
    case .success(let fugitive):
      model.show(id, in: TabName.of(captured: fugitive.captured))
      say(tabBar())
      for line in views.detail(fugitive) { say(line) }
    case .failure(let error):
      fail(error)
    }
  }

  /// The fugitive `id` is now the one on screen (its card was just printed).
  private func follow(_ id: Int64, switchingTab: Bool) {
    if switchingTab, case .success(let fugitive) = client.fugitive(id, in: client.currency) {
      model.show(id, in: TabName.of(captured: fugitive.captured))
    } else {
      model.focus(id)
    }
  }

  /// Runs a verb of the registry (see `ShellLine`).
  func runRegistryCommand(_ line: String) {
    let reader = ShellLine(
      registry: dispatcher.registry, active: model.active, current: model.currentFugitive,
      home: home, line: scriptLine)
    var resolved: CommandSpec?
    do {
      guard let (command, tokens) = try reader.resolve(line) else {
        return fail(
          reader.unknownCommand(line, otherwise: "type 'help' for the commands of this tab"))
      }
      let spec = command
      resolved = spec
      let arguments = try withTabView(parser.arguments(for: spec, tokens), for: spec)
      let confirm: ConfirmPrompt? =
        interactive
        ? ConfirmPrompt { [self] question in
          guard case .line(let answer) = input.readAnswer(prompt: "\(question) [y/N] ") else {
            return false
          }
          return ["y", "yes"].contains(answer.trimmingASCIIWhitespace().lowercased())
        } : nil
      if spec.longRunning {
        let bar = ProgressBar.attach(to: dispatcher, for: spec, environment: environment)
        runner.answered = { bar?.finish() }
      }
      let succeeded = runner.run(command, arguments, confirm: confirm)
      runner.answered = {}
      dispatcher.progress = nil
      // A Ctrl-C that came as the command ended is spent: the redraw after it is not stopped.
      Interruption.flag.pointee = 0
      guard succeeded else { return failed() }
      afterSuccess(spec)
    } catch {
      fail(error, of: resolved)
    }
  }

  /// `list --limit 5` on a tab keeps the tab's filter (`find`) and sort (`sort`) unless the options
  /// give their own, as `list` alone does.
  private func withTabView(_ arguments: Arguments, for spec: CommandSpec) throws(BountyError)
    -> Arguments
  {
    guard spec.role == model.active.listRole, model.active != .settings else { return arguments }
    var merged = arguments
    let view = try spec.arguments(fromJSON: client.listParams(model.active, model.current))
    // `--desc` alone reverses the tab's sort; `--sort` replaces it, direction and all.
    let ordered = ["sort", "desc", "asc"].contains { arguments.value(named: $0) != nil }
    for (name, value) in view.values where arguments.value(named: name) == nil {
      if name == "desc" && ordered { continue }
      merged.set(name, value)
    }
    return merged
  }

  /// Keeps the view in step with a change: the card a command printed (its view is a fugitive's
  /// card) becomes current, in the tab the fugitive now belongs to; a change that printed no card
  /// redraws the view on screen (and a fugitive that no longer exists leaves it).
  private func afterSuccess(_ spec: CommandSpec) {
    if let result = runner.lastReply?.result,
      let fugitive = Workspace.fugitive(answeredBy: spec, result, in: client.currency)
    {
      let tab = TabName.of(captured: fugitive.captured)
      return follow(fugitive.id, switchingTab: tab != model.active)
    }
    guard case .change = spec.effect else { return }
    if let id = model.currentFugitive,
      case .failure(.notFound) = client.fugitive(id, in: client.currency)
    {
      model.forget(id)
    }
    if runner.lastReply == nil { return }  // a question was declined: nothing ran, the card stays
    // A setting changed from another tab leaves the view as it was.
    if spec.tab == .settings, model.active != .settings { return }
    showCurrentView()
  }

  func switchTab(to tab: TabName) {
    model.active = tab
    remember()
    showCurrentView()
  }

  private func remember() { memory?.save(model) }

  func setSort(_ words: [String]) {
    guard model.active != .settings, let key = words.first?.lowercased(),
      SettingKey.sortKeys.contains(key)
    else {
      return fail(
        .usage("sort needs one of: \(SettingKey.sortKeys.joined(separator: ", ")) [desc|asc]"))
    }
    model.current.sort = key
    // `desc` and `asc` name which end comes first; the tab's own order for the key may already be
    // the one asked for (the Captured tab lists newest captures first).
    model.current.reversed =
      words.count > 1
      ? words[1].lowercased().hasPrefix("desc") != model.active.naturallyDescending(sort: key)
      : nil
    model.resetList()
    remember()
    showCurrentView()
  }

  // MARK: Views

  /// Draws the tab bar and the active tab's current view.
  func showCurrentView() {
    if let id = model.currentFugitive {
      switch client.fugitive(id, in: client.currency) {
      case .success(let fugitive):
        say(tabBar())
        for line in views.detail(fugitive) { say(line) }
        return
      case .failure:
        // Deleted meanwhile (here or by another process): back to the list.
        model.forget(id)
      }
    }
    say(tabBar())
    showList()
  }

  var views: FugitiveViews {
    FugitiveViews(terminal: terminal, currency: client.currency)
  }

  func tabBar() -> String {
    let titles: [(TabName, String)] = TabName.allCases.map { tab in
      (
        tab,
        tab == .settings ? tab.title : "\(tab.title) (\(client.count(tab).map(String.init) ?? "?"))"
      )
    }
    let bar = titles.map { tab, title in
      guard tab == model.active else { return " \(title) " }
      return terminal.style.enabled ? terminal.style.inverse(" \(title) ") : "[\(title)]"
    }.joined(separator: "│")
    return bar.hasSuffix(" ") ? String(bar.dropLast()) : bar
  }

  private func showList() {
    let tab = model.current
    var params = JSONObject()
    if model.active != .settings {
      params = client.listParams(model.active, tab)
      params["limit"] = .int(pageSize)
      params["offset"] = .int(tab.offset)
      if let search = tab.search {
        say(
          terminal.style.dim(
            "Showing matches for '\(terminalSafe(search))' ('find' alone shows all)"))
      }
    }
    guard let command = dispatcher.registry.spec(for: model.active.listRole) else { return }
    do {
      let arguments = try command.arguments(fromJSON: params)
      if !runner.run(command, arguments, confirm: nil) { failed() }
    } catch {
      fail(error)
    }
  }
}
