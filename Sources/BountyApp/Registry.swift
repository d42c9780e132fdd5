internal import BountyCommands
import BountyCore
internal import BountyReports
internal import BountyStore
internal import CapturedTab
internal import FugitivesTab
internal import SettingsTab

/// The one list of commands. Argv parsing, help, the shell's verbs, JSON-RPC dispatch, params
/// checking, `rpc.discover`, `docs/commands.md`, completions and the man page all come from it.
///
/// The fronts see each command's declaration (`CommandSpec`) only, to parse and render by, and
/// hand it back to the `Dispatcher`, which alone finds and runs its handler: `Command` (the
/// declaration with its handler over the store) is internal to the app, whose import of
/// `BountyCommands` is internal, so the compiler keeps handlers from the fronts.
public struct Registry: Sendable {
  let commands: [Command]
  private let byName: [String: Command]
  private let byRole: [CommandRole: CommandSpec]

  init(commands: [Command]) {
    self.commands = commands
    self.byName = Dictionary(
      commands.map { ($0.spec.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.byRole = Dictionary(
      commands.compactMap { command in command.spec.role.map { ($0, command.spec) } },
      uniquingKeysWith: { first, _ in first })
  }

  /// Every command of the product, tab by tab.
  public static let standard: Registry = Registry(
    commands: FugitivesTab.commands + CapturedTab.commands + SettingsTab.commands
      + ReportCommands.commands
      + AppCommands.commands
      + WorkspaceCommands.commands + [CompletionCommand.command, DiscoverCommand.command])

  /// The tab words whose verbs may be given alone (`capture` for `fugitives capture`) where only
  /// one of these tabs has the verb: the command line and the completion scripts read it here.
  public static let shortFormTabWords = ["fugitives", "captured", "settings"]

  /// Every command's declaration, in the registry's order.
  public var specs: [CommandSpec] { commands.map(\.spec) }

  /// The declaration of the command named `name` (`fugitives.add`).
  public func spec(named name: String) -> CommandSpec? { byName[name]?.spec }

  /// The command that plays `role` (see `CommandRole`).
  public func spec(for role: CommandRole) -> CommandSpec? { byRole[role] }

  func command(named name: String) -> Command? { byName[name] }

  /// The command whose words start `words`, the longest match first (`fugitives note add` before
  /// `fugitives note`), and how many words it used.
  public func spec(words: [String], front: CommandFronts = .terminal) -> (CommandSpec, Int)? {
    command(words: words, front: front).map { ($0.0.spec, $0.1) }
  }

  func command(words: [String], front: CommandFronts = .terminal) -> (Command, Int)? {
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

  /// The declarations of the commands a front offers.
  public func specs(for front: CommandFronts) -> [CommandSpec] {
    commands(for: front).map(\.spec)
  }

  func commands(for front: CommandFronts) -> [Command] {
    commands.filter { $0.spec.fronts.contains(front) }
  }
}
