import BountyApp
import BountyCore

/// Help text, generated from the registry: the overview, a group's commands, one command's options,
/// the topics (`bounty help exit-codes`). Every text is laid out for `width` columns (the
/// terminal's, 80 when the output is not a terminal).
public struct Help {
  public let registry: Registry
  public let width: Int

  public init(registry: Registry, width: Int = 80) {
    self.registry = registry
    self.width = width
  }

  /// `bounty --help`.
  public var overview: String {
    var page = HelpLayout(width: width)
    page.line("bounty \(BountyVersion.current) — a case tracker for bounty hunters")
    page.blank()
    page.usage("bounty [--db PATH] [--json] [--no-color] COMMAND [OPTIONS]")
    page.rows(
      [
        ("bounty", "on a terminal: the full-screen workspace (? lists its keys)"),
        (
          "bounty shell [--bail]",
          "the line shell (also for scripts on standard input; --bail stops a script at its "
            + "first failed line)"
        ),
        ("bounty rpc", "speak JSON-RPC 2.0 on stdin/stdout (see 'bounty help rpc')"),
      ], indent: 7)
    let commands = registry.specs(for: .terminal)
    for (tab, title) in CommandReference.tabTitles {
      let inTab = commands.filter { $0.tab == tab }
      if inTab.isEmpty { continue }
      page.blank()
      page.line("\(title):")
      page.rows(inTab.map { ($0.words.joined(separator: " "), $0.summary) })
    }
    page.blank()
    page.line("Global options:")
    page.rows([
      (
        "--db PATH",
        "the database (else $BOUNTY_DB, else $XDG_DATA_HOME/bounty/bounty.sqlite, else "
          + "~/.local/share/bounty/bounty.sqlite); a command that only reads creates none"
      ),
      ("--json", "print the result as JSON (the same bytes as the JSON-RPC result)"),
      ("--jq EXPR", "filter the JSON result through jq's EXPR (implies --json)"),
      ("--color=WHEN", "always, never or auto: colour a terminal only unless always"),
      ("--no-color", "the same as --color=never (NO_COLOR is obeyed too)"),
      ("--no-pager", "long tables straight to the terminal, not through $PAGER"),
      ("--no-photo", "no photo on a card (one is drawn only on a terminal, with libchafa)"),
      ("-h, --help", "this help; 'bounty help COMMAND' (or COMMAND --help) for one command"),
      ("--version", "print the version"),
    ])
    page.blank()
    page.line("Help topics ('bounty help TOPIC'):")
    page.rows(HelpTopic.all.map { ($0.name, $0.summary) })
    page.blank()
    page.paragraph(
      "Exit status: 0 success; 1 the operation failed; 64 usage error (an unknown command or "
        + "option, a missing or malformed argument); 130 interrupted by Ctrl-C (nothing was "
        + "changed).")
    return page.text
  }

  /// Help for the words given (`fugitives`, `fugitives add`, `capture`, `exit-codes`), or nil
  /// when they name nothing.
  public func text(for words: [String]) -> String? {
    if words.isEmpty { return overview }
    if words.count == 1, let topic = HelpTopic.named(words[0]) { return text(of: topic) }
    if words == ["rpc"] { return rpcHelp }
    if words == ["shell"] { return shellHelp }
    if let (command, used) = registry.spec(words: words), used == words.count {
      return commandHelp(command)
    }
    let group = registry.specs(for: .terminal).filter { $0.words.starts(with: words) }
    if !group.isEmpty {
      return listing(
        "Commands of 'bounty \(words.joined(separator: " "))':", group,
        then: "See 'bounty help \(words.joined(separator: " ")) VERB' for a command's options.")
    }
    // A tab's verb without its tab word (`capture`), as the command line takes it.
    let shortForms = registry.specs(for: .terminal).filter {
      CommandLineParser.tabWords.contains($0.words[0]) && Array($0.words.dropFirst()) == words
    }
    if shortForms.count == 1 { return commandHelp(shortForms[0]) }
    guard !shortForms.isEmpty else { return nil }
    return listing(
      "'\(words.joined(separator: " "))' is a verb of several tabs:", shortForms,
      then: "See 'bounty help TAB \(words.joined(separator: " "))' for a command's options.")
  }

  /// The names `bounty help` knows besides the commands: the topics, `rpc` and `shell`.
  public var topicNames: [String] { HelpTopic.all.map(\.name) + ["rpc", "shell"] }

  /// `bounty help exit-codes`.
  public func text(of topic: HelpTopic) -> String {
    var page = HelpLayout(width: width)
    page.line("\(topic.title) ('bounty help \(topic.name)')")
    for block in topic.blocks {
      page.blank()
      switch block {
      case .paragraph(let text): page.paragraph(text)
      case .terms(let terms): page.rows(terms.map { ($0.term, $0.meaning) }, maxTerm: 16)
      }
    }
    return page.text
  }

  var rpcHelp: String {
    var page = HelpLayout(width: width)
    page.usage("bounty rpc [--files DIR]")
    page.blank()
    page.paragraph(
      "Reads JSON-RPC 2.0 requests, one per line, from standard input and writes one response "
        + "per line to standard output, until end of input. 'rpc.discover' describes every "
        + "method. Requests name no files (data.import takes content) unless --files DIR allows "
        + "the files inside DIR. See 'bounty help json'.")
    page.blank()
    page.line("Options:")
    page.rows([("--files DIR", "let requests read and write the files inside DIR")])
    return page.text
  }

  var shellHelp: String {
    var page = HelpLayout(width: width)
    page.usage("bounty shell [--bail]")
    page.blank()
    page.paragraph(
      "The line shell: the three tabs as lines of text, for screen readers, TERM=dumb terminals "
        + "and scripts on standard input (what 'bounty' runs when its input is not a terminal). "
        + "Type 'help' in it for the commands of each tab.")
    page.blank()
    page.line("Options:")
    page.rows([
      (
        "--bail",
        "stop a script at its first failed line, name it and exit 1 (as sqlite3 -bail does), "
          + "so no later line runs on a state the script did not expect"
      )
    ])
    return page.text
  }

  /// A list of commands under `title`, with a closing hint.
  private func listing(_ title: String, _ commands: [CommandSpec], then hint: String) -> String {
    var page = HelpLayout(width: width)
    page.line(title)
    page.rows(commands.map { ($0.words.joined(separator: " "), $0.summary) })
    page.blank()
    page.paragraph(hint)
    return page.text
  }

  /// `bounty help fugitives add`.
  public func commandHelp(_ spec: CommandSpec) -> String {
    var page = HelpLayout(width: width)
    page.usage(spec.usage)
    page.blank()
    page.paragraph(spec.summary + ".")
    let params = spec.params.filter { $0.fronts.contains(.terminal) }
    if !params.isEmpty {
      page.blank()
      page.line("Arguments and options:")
      page.rows(
        params.map {
          (CommandLineLabel.label($0), $0.help + ($0.required ? " (required)" : ""))
        }, maxTerm: 28)
    }
    if spec.fronts.contains(.rpc) {
      page.blank()
      page.line("JSON-RPC method: \(spec.name)")
    }
    return page.text
  }

  /// The lines printed under a usage error: the usage and where to read more.
  public func usageHint(for words: [String]) -> String {
    // `command(for:)` takes a tab's verb without its tab word (`capture 7 --bogus`) as well.
    guard let (command, _) = try? CommandLineParser(registry: registry).command(for: words) else {
      return "See 'bounty --help'."
    }
    var page = HelpLayout(width: width)
    page.usage(command.usage)
    page.line("See 'bounty help \(command.words.joined(separator: " "))'.")
    return page.text
  }
}
