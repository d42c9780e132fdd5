import BountyApp
import BountyCore
import Glibc

/// The interactive shell: a tab bar (`Fugitives (9) | Captured (3) | Settings`), the active tab's
/// view and a prompt. Commands are the one-shot verbs without the tab word, plus navigation. With
/// standard input not a terminal it reads commands line by line, prints no prompt and no colour,
/// and exits 1 if any command failed.
final class Shell {
  let dispatcher: Dispatcher
  let terminal: TerminalInfo
  let interactive: Bool
  let runner: CommandRunner
  let parser: CommandLineParser
  var state: ShellState
  var input: any LineSource
  private var anyFailed = false
  /// Fugitives shown per page of a list.
  static let pageSize: Int64 = 50

  init(dispatcher: Dispatcher, terminal: TerminalInfo, environment: [String: String]) {
    self.dispatcher = dispatcher
    let interactive = isatty(STDIN_FILENO) == 1 && terminal.isTTY
    self.interactive = interactive
    self.terminal =
      interactive ? terminal : TerminalInfo(isTTY: false, width: nil, style: Style(enabled: false))
    self.runner = CommandRunner(dispatcher: dispatcher, terminal: self.terminal, json: false)
    self.parser = CommandLineParser(registry: dispatcher.registry)
    self.state = ShellState.load(from: dispatcher)
    self.input = interactive ? TerminalLineEditor() : PlainLineSource()
  }

  func run() -> Int32 {
    if case .success(let all) = dispatcher.call(
      "fugitives.list", params: ["all": true, "limit": 1]),
      all["total"] == .int(0)
    {
      say(
        "Welcome to bounty. There are no fugitives yet: 'add' one, or load the sample roster "
          + "with 'sample'. Type 'help' for every command.")
    }
    showCurrentView()
    while let line = input.readLine(prompt: prompt) {
      input.remember(line)
      guard let words = shellWords(line) else {
        fail(.usage("unterminated quote"))
        continue
      }
      if words.isEmpty { continue }
      if words == ["quit"] || words == ["exit"] || words == ["q"] { break }
      handle(words)
    }
    state.save(to: dispatcher)
    return anyFailed ? 1 : 0
  }

  var prompt: String {
    terminal.style.bold(state.active.title) + "> "
  }

  func say(_ text: String) { Output.out(text) }

  func fail(_ error: BountyError) {
    anyFailed = true
    _ = runner.failed(error)
  }

  // MARK: Commands

  func handle(_ words: [String]) {
    let verb = words[0]
    let rest = Array(words.dropFirst())
    switch verb {
    case "1": switchTab(to: .fugitives)
    case "2": switchTab(to: .captured)
    case "3": switchTab(to: .settings)
    case "tab":
      guard let name = rest.first,
        let tab = ShellState.TabName.allCases.first(where: {
          $0.rawValue.hasPrefix(name.lowercased())
        })
      else {
        return fail(.usage("tab needs a name: fugitives, captured or settings"))
      }
      switchTab(to: tab)
    case "help", "?":
      say(ShellHelp.text(for: state.active))
    case "back":
      if state.current.stack.count > 1 { state.current.stack.removeLast() }
      showCurrentView()
    case "list" where rest.isEmpty, "ls" where rest.isEmpty:
      state.current.stack = [.list]
      showCurrentView()
    case "next", "prev":
      let step = verb == "next" ? Self.pageSize : -Self.pageSize
      state.current.offset = max(0, state.current.offset + step)
      state.current.stack = [.list]
      showCurrentView()
    case "sort":
      setSort(rest)
    case "find":
      state.current.search = rest.isEmpty ? nil : rest.joined(separator: " ")
      state.current.offset = 0
      state.current.stack = [.list]
      state.save(to: dispatcher)
      showCurrentView()
    case "show" where rest.count == 1 && state.active != .settings:
      guard let id = Int64(rest[0]) else {
        return fail(.invalid(field: "id", reason: "'\(rest[0])' is not a whole number"))
      }
      state.current.stack = [.list, .detail(id)]
      if !showCurrentView() { state.current.stack = [.list] }
    case "add" where rest.isEmpty:
      ShellForms(shell: self).add()
    case "edit" where rest.count <= 1 && state.active != .settings:
      guard let id = rest.first.flatMap({ Int64($0) }) ?? currentDetailID else {
        return fail(.usage("edit needs an ID#"))
      }
      ShellForms(shell: self).edit(id: id)
    default:
      runRegistryCommand(words)
    }
  }

  /// The fugitive on screen, when the view is a detail.
  var currentDetailID: Int64? {
    if case .detail(let id)? = state.current.stack.last { return id }
    return nil
  }

  /// Runs a verb of the registry: tried with the active tab's word first, then the other tabs',
  /// then on its own (`undo`, `sample`). On a detail view a verb that needs an ID# gets that one.
  func runRegistryCommand(_ words: [String]) {
    let prefixes =
      [[state.active.rawValue]]
      + ShellState.TabName.allCases.filter { $0 != state.active }.map { [$0.rawValue] } + [[]]
    for prefix in prefixes {
      guard let (command, used) = dispatcher.registry.command(words: prefix + words),
        used > prefix.count
      else { continue }
      var tokens = Array((prefix + words).dropFirst(used))
      if let id = currentDetailID, command.spec.params.first?.name == "id",
        command.spec.params.first?.positional == true, tokens.first.flatMap({ Int64($0) }) == nil
      {
        tokens.insert(String(id), at: 0)
      }
      do {
        let arguments = try parser.arguments(for: command.spec, tokens)
        // Scripts are not asked (their next line is a command, not an answer), as on a pipe.
        let confirm: ConfirmPrompt? =
          !interactive
          ? nil
          : ConfirmPrompt { [self] question in
            let answer = input.readLine(prompt: "\(question) [y/N] ") ?? ""
            return ["y", "yes"].contains(answer.trimmingASCIIWhitespace().lowercased())
          }
        if !runner.run(command, arguments, confirm: confirm) { anyFailed = true }
        if case .integer(let id)? = arguments.value(named: "id"), currentDetailID == id,
          case .failure = dispatcher.call("fugitives.get", params: ["id": .int(id)])
        {
          state.current.stack = [.list]  // the fugitive on screen is gone
        }
      } catch {
        fail(error)
      }
      return
    }
    fail(.usage("unknown command '\(words[0])'; type 'help' for the commands of this tab"))
  }

  func switchTab(to tab: ShellState.TabName) {
    state.active = tab
    state.save(to: dispatcher)
    showCurrentView()
  }

  func setSort(_ words: [String]) {
    guard state.active != .settings, let key = words.first,
      SettingKey.sortKeys.contains(key.lowercased())
    else {
      return fail(
        .usage("sort needs one of: \(SettingKey.sortKeys.joined(separator: ", ")) [desc|asc]"))
    }
    state.current.sort = key.lowercased()
    state.current.descending = words.count > 1 ? words[1].lowercased().hasPrefix("desc") : nil
    state.current.offset = 0
    state.current.stack = [.list]
    state.save(to: dispatcher)
    showCurrentView()
  }

  // MARK: Views

  /// Draws the tab bar and the active tab's current view. False when the view could not be shown.
  @discardableResult
  func showCurrentView() -> Bool {
    say(tabBar())
    switch state.current.stack.last ?? .list {
    case .list:
      return showList()
    case .detail(let id):
      let method = state.active == .captured ? "captured.get" : "fugitives.get"
      switch dispatcher.call(method, params: ["id": .int(id)]) {
      case .success(let fugitive):
        for line in views.detail(fugitive) { say(line) }
        return true
      case .failure(let error):
        fail(error)
        return false
      }
    }
  }

  var views: FugitiveViews {
    FugitiveViews(terminal: terminal, currency: runner.lastReply?.currency ?? currency())
  }

  /// The database currency, for a view drawn before any command ran.
  private func currency() -> Currency {
    guard case .success(let setting) = dispatcher.call("settings.get", params: ["key": "currency"]),
      let code = setting["value"]?.stringValue
    else { return .usd }
    return Currency.named(code) ?? .usd
  }

  func tabBar() -> String {
    func count(_ method: String) -> String {
      guard case .success(let result) = dispatcher.call(method, params: ["limit": 1]),
        case .number(let total)? = result["total"]
      else { return "?" }
      return total
    }
    let titles: [(ShellState.TabName, String)] = [
      (.fugitives, "Fugitives (\(count("fugitives.list")))"),
      (.captured, "Captured (\(count("captured.list")))"),
      (.settings, "Settings"),
    ]
    let bar = titles.map { tab, title in
      guard tab == state.active else { return " \(title) " }
      return terminal.style.enabled ? terminal.style.inverse(" \(title) ") : "[\(title)]"
    }.joined(separator: "│")
    return bar.hasSuffix(" ") ? String(bar.dropLast()) : bar
  }

  private func showList() -> Bool {
    let tab = state.current
    var params: JSONObject = ["limit": .int(Self.pageSize), "offset": .int(tab.offset)]
    if let sort = tab.sort { params["sort"] = .string(sort) }
    if let descending = tab.descending { params["desc"] = .bool(descending) }
    if let search = tab.search { params["search"] = .string(search) }
    let method: String
    switch state.active {
    case .settings:
      return runListing("settings.list", JSONObject())
    case .fugitives: method = "fugitives.list"
    case .captured: method = "captured.list"
    }
    if let search = tab.search {
      say(
        terminal.style.dim("Showing matches for '\(terminalSafe(search))' ('find' alone shows all)")
      )
    }
    return runListing(method, params)
  }

  private func runListing(_ method: String, _ params: JSONObject) -> Bool {
    guard let command = dispatcher.registry.command(named: method) else { return false }
    do {
      let arguments = try command.spec.arguments(fromJSON: params)
      return runner.run(command, arguments, confirm: nil)
    } catch {
      fail(error)
      return false
    }
  }
}
