import BountyApp
import BountyCore
import BountyStore
import Glibc

/// Runs one parsed command through the dispatcher and prints its result: JSON with `--json`, the
/// human view otherwise; errors as one `Error: …` line on stderr. Shared by one-shot commands and
/// the shell.
final class CommandRunner {
  let dispatcher: Dispatcher
  let terminal: TerminalInfo
  let json: Bool
  /// The exit status of the last failed command (1 or 64).
  private(set) var lastStatus: Int32 = 0
  /// The result of the last command that succeeded (the shell follows the fugitive it names).
  private(set) var lastResult: JSON?

  init(dispatcher: Dispatcher, terminal: TerminalInfo, json: Bool) {
    self.dispatcher = dispatcher
    self.terminal = terminal
    self.json = json
  }

  /// Runs `command`; true on success. `confirm` is asked before a delete when the setting wants it.
  @discardableResult
  func run(_ command: Command, _ arguments: Arguments, confirm: ConfirmPrompt?) -> Bool {
    lastResult = nil
    if command.spec.name == "fugitives.delete", arguments.bool("yes") != true, let confirm,
      (try? dispatcher.store.settingText(.confirmDelete)) == "true"
    {
      let id = arguments.int("id") ?? 0
      let name = (try? dispatcher.store.fugitive(id: id))??.name
      if let name {
        guard confirm.ask("Delete fugitive \(id) (\(terminalSafe(name))) and its notes and photo?")
        else {
          Output.out("Not deleted.")
          return true
        }
      }
    } else if command.spec.name == "fugitives.delete", arguments.bool("yes") != true,
      confirm == nil, (try? dispatcher.store.settingText(.confirmDelete)) == "true"
    {
      // Nobody can answer (a pipe, a script): refuse rather than delete unasked, as gh does.
      return failed(
        .usage("delete needs --yes when no terminal can answer (or set confirm.delete false)"))
    }
    var arguments = arguments
    if !json, !arguments.has("output"), command.spec.param(named: "output")?.fronts == .terminal {
      // Reports stream straight to standard output instead of being built whole first.
      arguments.set("output", .text("-"))
    }
    switch dispatcher.run(command, arguments) {
    case .success(let result):
      lastResult = result
      // A check that finds a problem prints what it found and still fails.
      let healthy = !(command.spec.name == "db.check" && result["ok"] == .bool(false))
      if !healthy { lastStatus = 1 }
      if json {
        Output.out(result.serialized)
        return healthy
      }
      do {
        let currency = (try? dispatcher.store.currency()) ?? .usd
        let renderer = ResultRenderer(terminal: terminal, currency: currency)
        for line in try renderer.render(command.spec, arguments, result) { Output.out(line) }
        return healthy
      } catch {
        return failed(error)
      }
    case .failure(let error):
      return failed(error)
    }
  }

  func failed(_ error: BountyError) -> Bool {
    Output.err("Error: \(error.message)")
    lastStatus = error.exitStatus
    return false
  }
}

/// Asks a yes/no question; nil where nobody can answer (a pipe), and then nothing is asked.
struct ConfirmPrompt {
  let ask: (String) -> Bool

  /// Asks on the terminal when standard input is one; nil otherwise (scripts are not asked).
  static var standardInput: ConfirmPrompt? {
    guard isatty(STDIN_FILENO) == 1 else { return nil }
    return ConfirmPrompt { question in
      Output.outRaw("\(question) [y/N] ")
      guard let answer = readLine() else { return false }
      return ["y", "yes"].contains(answer.trimmingASCIIWhitespace().lowercased())
    }
  }
}
