import BountyCore
internal import BountyStore

/// Shell completion scripts for bash, zsh and fish, generated from the registry: command words
/// (`fugitives note <TAB>` too, and `help <TAB>`), each command's options, the words of choice
/// options (setting keys, sort keys, formats), a setting's values after its key, Fugitive ID#s read
/// from the database the command line names (`--db`, through `bounty completions ids`) for verbs
/// that take one, and file names wherever a file is asked for (bash falls back to them: `-o default`).
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
    /// Which positional names a file (0 for `import FILE`, 1 for `fugitives photo ID FILE`).
    let filePositional: Int?
    /// For `settings set KEY VALUE`: each key's values.
    let valueChoices: [(key: String, words: [String])]
  }

  /// Parameters whose value is a path: bash and fish offer file names for them.
  static func namesFile(_ param: ParamSpec) -> Bool {
    switch param.type {
    case .file, .path: return true
    default: return false
    }
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
      let positionals = params.filter(\.positional)
      var valueChoices: [(String, [String])] = []
      if positionals.count == 2, positionals[1].name == "value" {
        valueChoices = positionalChoices.compactMap { key in
          SettingKey(rawValue: key)?.choices.map { (key, $0) }
        }
      }
      return Entry(
        words: command.spec.words,
        options: params.filter { !$0.positional }.map(\.optionName) + ["--help", "--json"],
        choices: choices,
        completesIDs: firstPositional?.name == "id",
        positionalChoices: positionalChoices,
        filePositional: positionals.firstIndex(where: namesFile),
        valueChoices: valueChoices)
    }
  }

  static func bash(_ registry: Registry) -> String {
    let entries = entries(registry)
    let top = Set(entries.map { $0.words[0] }).sorted() + ["help", "rpc", "shell"]
    var cases = ""
    for entry in entries {
      let key = entry.words.joined(separator: " ")
      var body = "      opts=\"\(entry.options.joined(separator: " "))\"\n"
      for (option, words) in entry.choices {
        body +=
          "      if [[ $prev == \(option) ]]; then COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return; fi\n"
      }
      if !entry.valueChoices.isEmpty {
        body +=
          "      if [[ $COMP_CWORD -eq $((first + \(entry.words.count + 1))) ]]; then\n        case $prev in\n"
        for (setting, words) in entry.valueChoices {
          body +=
            "          \(setting)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")) ;;\n"
        }
        body += "        esac\n        return\n      fi\n"
      }
      if entry.completesIDs {
        body +=
          "      [[ $cur != -* ]] && opts=\"$opts $(bounty \"${db[@]}\" completions ids 2>/dev/null)\"\n"
      } else if entry.filePositional == 0 {
        body += "      [[ $cur != -* ]] && return\n"
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
    let known = Set(
      entries.flatMap { entry in
        (2...max(2, entry.words.count)).compactMap { count in
          count <= entry.words.count ? entry.words.prefix(count).joined(separator: " ") : nil
        }
      }
    ).sorted().joined(separator: "|")
    var subgroups = ""
    let pairs = Set(
      entries.filter { $0.words.count > 2 }.map { $0.words.prefix(2).joined(separator: " ") })
    for pair in pairs.sorted() {
      let verbs = entries.filter {
        $0.words.count > 2 && $0.words.prefix(2).joined(separator: " ") == pair
      }
      .map { $0.words[2] }
      subgroups +=
        "    \"\(pair)\") [[ $COMP_CWORD -eq $((first + 2)) ]] && { COMPREPLY=($(compgen -W \"\(verbs.joined(separator: " "))\" -- \"$cur\")); return; } ;;\n"
    }
    groups +=
      "    help) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W \"\(top.joined(separator: " "))\" -- \"$cur\")); return; } ;;\n"
    return """
      # bash completion for bounty. Generated from the command registry: bounty completions bash
      _bounty() {
        local cur prev words cword first=1 i opts="" db=()
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD-1]}
        # ID#s come from the database the command line names.
        for ((i = 1; i < COMP_CWORD; i++)); do
          [[ ${COMP_WORDS[i]} == --db ]] && db=(--db "${COMP_WORDS[i+1]}")
          [[ ${COMP_WORDS[i]} == --db=* ]] && db=("${COMP_WORDS[i]}")
        done
        # A path: no words, so bash offers file names (-o default).
        [[ $prev == --db || $prev == --output || $prev == --export ]] && return
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
        # The command's words: as many as name a command or a group (`settings set`, not its KEY).
        local key="${COMP_WORDS[first]}" known="|\(known)|"
        for ((i = first + 1; i < COMP_CWORD && i <= first + 2; i++)); do
          [[ $known == *"|$key ${COMP_WORDS[i]}|"* ]] || break
          key="$key ${COMP_WORDS[i]}"
        done
        case $key in
      \(subgroups)  esac
        case $key in
      \(cases)  esac
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
      }
      complete -o default -F _bounty bounty

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
      "complete -c bounty -l db -r -F -d 'The database file'",
      "complete -c bounty -l json -d 'Print the result as JSON'",
      "complete -c bounty -l no-color -d 'No colour'",
      "complete -c bounty -l version -d 'Print the version'",
    ]
    let top = Set(entries.map { $0.words[0] }).sorted()
    lines.append(
      "complete -c bounty -n '__fish_use_subcommand' -a '\(top.joined(separator: " ")) help rpc shell'"
    )
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
        var arguments = choice.map { " -x -a '\($0.words.joined(separator: " "))'" } ?? ""
        if ["--output", "--export"].contains(option) { arguments = " -r -F" }
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
      for (setting, words) in entry.valueChoices {
        lines.append(
          "complete -c bounty -n '\(condition); and __fish_seen_subcommand_from \(setting)' -x -a '\(words.joined(separator: " "))'"
        )
      }
      if entry.filePositional != nil {
        lines.append("complete -c bounty -n '\(condition)' -F")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
