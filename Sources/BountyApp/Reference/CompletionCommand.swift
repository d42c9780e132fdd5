import BountyCore
import BountyStore

/// `bounty completions bash|zsh|fish` prints a completion script; `bounty completions ids` prints the
/// Fugitive ID#s, one a line, for the scripts to offer.
enum CompletionCommand {
  static let command: Command = Command(
    CommandSpec(
      name: "completions", words: ["completions"], tab: .data,
      summary: "Print a shell completion script (bash, zsh, fish), or the ID#s for one",
      params: [
        ParamSpec(
          "shell", .choice(Completions.shells + ["ids"]), required: true, positional: true,
          help: "bash, zsh or fish; ids prints every Fugitive ID#")
      ],
      effect: .read, fronts: .terminal, result: "{script}")
  ) { store, arguments in
    let shell = arguments.text("shell") ?? "bash"
    if shell == "ids" {
      // Every ID#, written into one string as they are read (a million take 8 MB, not a list).
      var script = ""
      try store.database.forEachRow("SELECT id FROM fugitive ORDER BY id") {
        if !script.isEmpty { script += "\n" }
        script += String($0.int(0))
      }
      return .object(["script": .string(script)])
    }
    return .object(["script": .string(Completions.script(for: shell, registry: .standard))])
  }
}
