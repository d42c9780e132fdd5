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
      view: .text(field: "script"), role: .completions)
  ) { store, arguments in
    let target = try arguments.required(shell)
    if target == .ids {
      // Every ID#, written into one string as they are read (a million take 8 MB, not a list).
      var script = ""
      try store.forEachFugitiveID { id in
        if !script.isEmpty { script += "\n" }
        script += String(id)
      }
      return .object(["script": .string(script)])
    }
    return .object(
      ["script": .string(Completions.script(for: target.rawValue, registry: .standard))])
  }
}
