import BountyApp
import BountyCore

/// Help text, generated from the registry: the overview, a group's commands, one command's options.
public struct Help {
  public let registry: Registry

  public init(registry: Registry) {
    self.registry = registry
  }

  /// `bounty --help`.
  public var overview: String {
    var lines = [
      "bounty \(BountyVersion.current) — a case tracker for bounty hunters",
      "",
      "Usage: bounty [--db PATH] [--json] [--no-color] COMMAND [OPTIONS]",
      "       bounty                  on a terminal: the full-screen workspace (? lists its keys)",
      "       bounty shell [--bail]   the line shell (also for scripts on standard input;",
      "                               --bail stops a script at its first failed line)",
      "       bounty rpc              speak JSON-RPC 2.0 on stdin/stdout (see docs/json-rpc.md)",
    ]
    let commands = registry.specs(for: .terminal)
    let width = commands.map { $0.words.joined(separator: " ").count }.max() ?? 10
    for (tab, title) in CommandReference.tabTitles {
      let inTab = commands.filter { $0.tab == tab }
      if inTab.isEmpty { continue }
      lines += ["", "\(title):"]
      for command in inTab {
        let words = command.words.joined(separator: " ")
        lines.append("  " + padded(words, toWidth: width) + "  " + command.summary)
      }
    }
    lines += [
      "",
      "Global options:",
      "  --db PATH      the database (else $BOUNTY_DB, else $XDG_DATA_HOME/bounty/bounty.sqlite,",
      "                 else ~/.local/share/bounty/bounty.sqlite)",
      "  --json         print the result as JSON (the same bytes as the JSON-RPC result)",
      "  --no-color     no colour (NO_COLOR is obeyed too; colour only ever on a terminal)",
      "  --no-photo     no photo on a card (one is drawn only on a terminal, with libchafa)",
      "  -h, --help     this help; 'bounty help COMMAND' for one command",
      "  --version      print the version",
      "",
      "Exit status: 0 success; 1 the operation failed; 64 usage error (an unknown command or",
      "option, a missing or malformed argument); 130 interrupted by Ctrl-C (nothing was changed).",
    ]
    return lines.joined(separator: "\n")
  }

  /// Help for the words given (`fugitives`, `fugitives add`), or nil when they name nothing.
  public func text(for words: [String]) -> String? {
    if words.isEmpty { return overview }
    if words == ["rpc"] {
      return """
        Usage: bounty rpc [--files DIR]

        Reads JSON-RPC 2.0 requests, one per line, from standard input and writes one response per
        line to standard output, until end of input. 'rpc.discover' describes every method.
        Requests name no files (data.import takes content) unless --files DIR allows the files
        inside DIR.
        """
    }
    if words == ["shell"] {
      return """
        Usage: bounty shell [--bail]

        The line shell: the three tabs as lines of text, for screen readers, TERM=dumb terminals
        and scripts on standard input (what 'bounty' runs when its input is not a terminal).
        Type 'help' in it for the commands of each tab.

        Options:
          --bail  stop a script at its first failed line, name it and exit 1 (as sqlite3 -bail
                  does), so no later line runs on a state the script did not expect
        """
    }
    if let (command, used) = registry.spec(words: words), used == words.count {
      return commandHelp(command)
    }
    let group = registry.specs(for: .terminal).filter { $0.words.starts(with: words) }
    guard !group.isEmpty else { return nil }
    let width = group.map { $0.words.joined(separator: " ").count }.max() ?? 10
    var lines = ["Commands of 'bounty \(words.joined(separator: " "))':"]
    for command in group {
      lines.append(
        "  " + padded(command.words.joined(separator: " "), toWidth: width) + "  "
          + command.summary)
    }
    lines += [
      "", "See 'bounty help \(words.joined(separator: " ")) VERB' for a command's options.",
    ]
    return lines.joined(separator: "\n")
  }

  /// `bounty help fugitives add`.
  public func commandHelp(_ spec: CommandSpec) -> String {
    var lines = ["Usage: \(spec.usage)", "", spec.summary + "."]
    let params = spec.params.filter { $0.fronts.contains(.terminal) }
    if !params.isEmpty {
      lines += ["", "Arguments and options:"]
      let labels = params.map(CommandLineLabel.label)
      let width = labels.map(\.count).max() ?? 0
      for (param, label) in zip(params, labels) {
        lines.append(
          "  " + padded(label, toWidth: width) + "  " + param.help
            + (param.required ? " (required)" : ""))
      }
    }
    if spec.fronts.contains(.rpc) {
      lines += ["", "JSON-RPC method: \(spec.name)"]
    }
    return lines.joined(separator: "\n")
  }

  /// The lines printed under a usage error: the usage and where to read more.
  public func usageHint(for words: [String]) -> String {
    if let (command, _) = registry.spec(words: words) {
      return
        "Usage: \(command.usage)\nSee 'bounty help \(command.words.joined(separator: " "))'."
    }
    return "See 'bounty --help'."
  }
}
