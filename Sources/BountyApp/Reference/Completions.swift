import BountyCore
import BountyStore

/// Shell completion scripts for bash, zsh and fish, generated from the registry: command words,
/// each command's options, the words of choice options (setting keys, sort keys, formats), and
/// Fugitive ID#s read from the database (through `bounty completions ids`) for verbs that take one.
public enum Completions {
  public static let shells = ["bash", "zsh", "fish"]

  public static func script(for shell: String, registry: Registry) -> String {
    switch shell {
    case "zsh": return zsh(registry)
    case "fish": return fish(registry)
    default: return bash(registry)
    }
  }

  /// Each terminal command: its words, its options, and what its first positional completes to.
  struct Entry {
    let words: [String]
    let options: [String]
    let choices: [(option: String, words: [String])]
    let completesIDs: Bool
    let positionalChoices: [String]
  }

  static func entries(_ registry: Registry) -> [Entry] {
    registry.commands(for: .terminal).map { command in
      let params = command.spec.params.filter { $0.fronts.contains(.terminal) }
      let choices = params.compactMap { param -> (String, [String])? in
        if case .choice(let words) = param.type, !param.positional {
          return (param.optionName, words)
        }
        return nil
      }
      let firstPositional = params.first { $0.positional }
      var positionalChoices: [String] = []
      if let firstPositional, case .choice(let words) = firstPositional.type {
        positionalChoices = words
      }
      return Entry(
        words: command.spec.words,
        options: params.filter { !$0.positional }.map(\.optionName) + ["--help", "--json"],
        choices: choices,
        completesIDs: firstPositional?.name == "id",
        positionalChoices: positionalChoices)
    }
  }

  static func bash(_ registry: Registry) -> String {
    let entries = entries(registry)
    let top = Set(entries.map { $0.words[0] }).sorted() + ["help", "rpc"]
    var cases = ""
    for entry in entries {
      let key = entry.words.joined(separator: " ")
      var body = "      opts=\"\(entry.options.joined(separator: " "))\"\n"
      for (option, words) in entry.choices {
        body +=
          "      if [[ $prev == \(option) ]]; then COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return; fi\n"
      }
      if entry.completesIDs {
        body += "      [[ $cur != -* ]] && opts=\"$opts $(bounty completions ids 2>/dev/null)\"\n"
      } else if !entry.positionalChoices.isEmpty {
        body +=
          "      [[ $cur != -* ]] && opts=\"$opts \(entry.positionalChoices.joined(separator: " "))\"\n"
      }
      cases += "    \"\(key)\")\n\(body)      ;;\n"
    }
    var groups = ""
    for word in Set(entries.filter { $0.words.count > 1 }.map { $0.words[0] }).sorted() {
      let verbs = Set(
        entries.filter { $0.words.count > 1 && $0.words[0] == word }.map { $0.words[1] }
      ).sorted()
      groups +=
        "    \(word)) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W \"\(verbs.joined(separator: " "))\" -- \"$cur\")); return; } ;;\n"
    }
    return """
      # bash completion for bounty. Generated from the command registry: bounty completions bash
      _bounty() {
        local cur prev words cword first=1 i opts=""
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD-1]}
        while [[ ${COMP_WORDS[first]} == --* && $first -lt $COMP_CWORD ]]; do
          [[ ${COMP_WORDS[first]} == --db ]] && first=$((first + 1))
          first=$((first + 1))
        done
        if [[ $COMP_CWORD -eq $first ]]; then
          COMPREPLY=($(compgen -W "\(top.joined(separator: " ")) --db --json --no-color --help --version" -- "$cur"))
          return
        fi
        case ${COMP_WORDS[first]} in
      \(groups)  esac
        local key="${COMP_WORDS[first]}"
        for ((i = first + 1; i < COMP_CWORD && i <= first + 2; i++)); do
          [[ ${COMP_WORDS[i]} == -* || ${COMP_WORDS[i]} =~ ^[0-9]+$ ]] && break
          key="$key ${COMP_WORDS[i]}"
        done
        case $key in
      \(cases)  esac
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
      }
      complete -F _bounty bounty

      """
  }

  static func zsh(_ registry: Registry) -> String {
    // zsh runs the bash function through bashcompinit: one implementation, two shells.
    """
    #compdef bounty
    # zsh completion for bounty. Generated from the command registry: bounty completions zsh
    autoload -Uz bashcompinit && bashcompinit
    \(bash(registry))
    """
  }

  static func fish(_ registry: Registry) -> String {
    let entries = entries(registry)
    var lines = [
      "# fish completion for bounty. Generated from the command registry: bounty completions fish",
      "complete -c bounty -f",
      "complete -c bounty -l db -r -d 'The database file'",
      "complete -c bounty -l json -d 'Print the result as JSON'",
      "complete -c bounty -l no-color -d 'No colour'",
      "complete -c bounty -l version -d 'Print the version'",
    ]
    let top = Set(entries.map { $0.words[0] }).sorted()
    lines.append(
      "complete -c bounty -n '__fish_use_subcommand' -a '\(top.joined(separator: " ")) help rpc'")
    for word in top {
      let verbs = Set(
        entries.filter { $0.words.count > 1 && $0.words[0] == word }.map { $0.words[1] }
      ).sorted()
      if !verbs.isEmpty {
        lines.append(
          "complete -c bounty -n '__fish_seen_subcommand_from \(word); and not __fish_seen_subcommand_from \(verbs.joined(separator: " "))' -a '\(verbs.joined(separator: " "))'"
        )
      }
    }
    for entry in entries {
      let condition = entry.words.map { "__fish_seen_subcommand_from \($0)" }.joined(
        separator: "; and ")
      for option in entry.options where option != "--help" && option != "--json" {
        let choice = entry.choices.first { $0.option == option }
        let arguments = choice.map { " -x -a '\($0.words.joined(separator: " "))'" } ?? ""
        lines.append("complete -c bounty -n '\(condition)' -l \(option.dropFirst(2))\(arguments)")
      }
      if entry.completesIDs {
        lines.append(
          "complete -c bounty -n '\(condition)' -a '(bounty completions ids 2>/dev/null)'")
      } else if !entry.positionalChoices.isEmpty {
        lines.append(
          "complete -c bounty -n '\(condition)' -a '\(entry.positionalChoices.joined(separator: " "))'"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
