import BountyCommands
import BountyCore
import BountyReports
import BountyStore
import CapturedTab
import FugitivesTab
import SettingsTab

/// The one list of commands. Argv parsing, help, the shell's verbs, JSON-RPC dispatch, params
/// checking, `rpc.discover`, `docs/commands.md`, completions and the man page all come from it.
public struct Registry: Sendable {
  public let commands: [Command]
  private let byName: [String: Command]

  public init(commands: [Command]) {
    self.commands = commands
    self.byName = Dictionary(
      commands.map { ($0.spec.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Every command of the product, tab by tab.
  public static let standard: Registry = Registry(
    commands: FugitivesTab.commands + CapturedTab.commands + SettingsTab.commands
      + ReportCommands.commands
      // `db check` with `--repair` (DatabaseCheckCommand.swift) in place of AppCommands' read-only one.
      + AppCommands.commands.map { $0.spec.name == "db.check" ? DatabaseCheckCommand.command : $0 }
      + WorkspaceCommands.commands + [CompletionCommand.command, DiscoverCommand.command])

  public func command(named name: String) -> Command? { byName[name] }

  /// The command whose words start `words`, the longest match first (`fugitives note add` before
  /// `fugitives note`), and how many words it used.
  public func command(words: [String], front: CommandFronts = .terminal) -> (Command, Int)? {
    var best: (Command, Int)?
    for command in commands where command.spec.fronts.contains(front) {
      let count = command.spec.words.count
      if count <= words.count, Array(words.prefix(count)) == command.spec.words,
        count > (best?.1 ?? 0)
      {
        best = (command, count)
      }
    }
    return best
  }

  /// The commands a front offers.
  public func commands(for front: CommandFronts) -> [Command] {
    commands.filter { $0.spec.fronts.contains(front) }
  }
}

/// A command as the fronts see it: its declaration (`spec`) to parse and render by; they hand it
/// back to the `Dispatcher`, which alone runs its handler.
public typealias Command = BountyCommands.Command
