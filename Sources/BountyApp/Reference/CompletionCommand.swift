internal import BountyCommands
import BountyCore
internal import BountyStore

/// `bounty completions bash|zsh|fish` prints a completion script; `bounty completions ids` prints the
/// Fugitive ID#s, one a line, for the scripts to offer.
enum CompletionCommand {
  /// What `completions` prints: a shell's script, or the ID#s.
  enum Target: String, CaseIterable {
    case bash, zsh, fish, ids
  }

  static let shell = Param.choice(
    "shell", Target.self, required: true, positional: true,
    help: "bash, zsh or fish; ids prints every Fugitive ID#")

  static let command: Command = Command(
    CommandSpec(
      name: "completions", words: ["completions"], tab: .data,
      summary: "Print a shell completion script (bash, zsh, fish), or the ID#s for one",
      params: [shell],
      effect: .read, fronts: .terminal, result: "{script}", schema: .component(.script),
      view: .text(field: "script"), role: .completions),
    // A script comes from the registry alone: printing one opens no database.
    withoutDatabase: script
  ) { store, arguments in
    if let script = try script(arguments) { return script }
    // Every ID#, written into one string as they are read (a million take 8 MB, not a list).
    var ids = ""
    try store.forEachFugitiveID { id in
      if !ids.isEmpty { ids += "\n" }
      ids += String(id)
    }
    return .object(["script": .string(ids)])
  }

  /// The completion script the arguments ask for, or nil when they ask for the ID#s.
  @Sendable static func script(_ arguments: Arguments) throws -> JSON? {
    let target = try arguments.required(shell)
    guard target != .ids else { return nil }
    return .object(
      ["script": .string(Completions.script(for: target.rawValue, registry: .standard))])
  }
}
