/// `bounty completions zsh`: a native `#compdef` function built on `_arguments` and `_describe`,
/// from `CompletionModel`, so that the first Tab in a new shell works and every candidate shows
/// what it does.
enum ZshCompletion {
  static func script(_ model: CompletionModel) -> String {
    var nextCases = ""
    for group in model.groups {
      let items = group.next.map { quoted(describeItem($0.word, $0.help)) }
      nextCases +=
        "    \(quoted(group.key))) next=(\n      \(items.joined(separator: "\n      "))\n    ) ;;\n"
    }
    var table: [String] = ["help _bounty_help"]
    var functions = ""
    for command in model.commands {
      let name = "_bounty_cmd_\(command.identifier)"
      table += command.keys.map { "\(quoted($0)) \(name)" }
      var specs = command.options.map(optionSpec)
      for (index, positional) in command.positionals.enumerated() {
        let position = positional.repeated ? "*" : String(index + 1)
        specs.append(
          quoted("\(position):\(escaped(positional.label)):\(action(positional.value))"))
      }
      functions +=
        "\(name)() {\n  _arguments -S \\\n    \(specs.joined(separator: " \\\n    "))\n}\n\n"
    }
    var settingCases = ""
    for (key, words) in model.settingValues {
      settingCases += "    \(key)) values=(\(words.joined(separator: " "))) ;;\n"
    }
    let globals = CompletionModel.globalOptions.map { option -> String in
      switch option.name {
      case "--help", "--version": return "'(- *)\(option.name)[\(escaped(option.help))]'"
      default: return optionSpec(option)
      }
    }
    return """
      #compdef bounty
      # zsh completion for bounty. Generated from the command registry: bounty completions zsh
      # zsh loads it from a folder on $fpath (compinit); or source it after compinit.

      _bounty() {
        local curcontext=$curcontext state state_descr line ret=1 db
        local -a bounty_db
        typeset -A opt_args
        _arguments -C \\
          \(globals.joined(separator: " \\\n    ")) \\
          '1:command:->command' \\
          '*::argument:->argument' && ret=0
        # ID#s come from the database the command line names.
        if [[ -n ${opt_args[--db]} ]]; then
          db=${(Q)opt_args[--db]}
          [[ $db == \\~/* ]] && db=$HOME/${db#\\~/}
          bounty_db=(--db "$db")
        fi
        case $state in
          command) _bounty_next && ret=0 ;;
          argument) _bounty_command && ret=0 ;;
        esac
        return ret
      }

      # The command the words name (the longest run, a short form too), completed by its function;
      # else the words that may follow a group (`fugitives note`).
      _bounty_command() {
        local n fn
        local -A commands
        commands=(
          \(table.joined(separator: "\n    "))
        )
        for n in 3 2 1; do
          (( CURRENT > n )) || continue
          fn=${commands[${(j: :)words[1,n]}]}
          if [[ -n $fn ]]; then
            shift $(( n - 1 )) words
            (( CURRENT -= n - 1 ))
            $fn
            return
          fi
        done
        _bounty_next ${words[1,CURRENT-1]}
      }

      # The words that may follow the group $* (none: the top level), with what each does.
      _bounty_next() {
        local -a next
        case "$*" in
      \(nextCases)    *) return 1 ;;
        esac
        _describe -t commands 'bounty command' next
      }

      # `help COMMAND`: the top level's words.
      _bounty_help() {
        (( CURRENT == 2 )) && _bounty_next
      }

      # The Fugitive ID#s of the database the command line names, else of the default one.
      _bounty_ids() {
        local -a ids
        ids=(${(f)"$(_call_program ids bounty ${(@q)bounty_db} completions ids 2>/dev/null)"})
        _wanted ids expl 'Fugitive ID#' compadd -a ids
      }

      # A setting's value: the values of the key before it (`settings set color <Tab>`).
      _bounty_setting_value() {
        local -a values
        case $words[2] in
      \(settingCases)    *) _message 'value'; return 1 ;;
        esac
        _wanted values expl 'value' compadd -a values
      }

      \(functions)if [[ $funcstack[1] == _bounty ]]; then
        _bounty "$@"
      else
        compdef _bounty bounty
      fi

      """
  }

  /// An `_arguments` spec for an option: `'--sort=[Order: …]:sort:(name bounty id)'`.
  static func optionSpec(_ option: CompletionModel.Option) -> String {
    let help = "[\(escaped(option.help))]"
    guard let value = option.value else { return quoted(option.name + help) }
    let message = escaped(String(option.name.dropFirst(2)))
    return quoted("\(option.name)=\(help):\(message):\(action(value))")
  }

  /// What completes a value in an `_arguments` spec.
  static func action(_ value: CompletionModel.Value) -> String {
    switch value {
    case .nothing: return " "
    case .ids: return "_bounty_ids"
    case .files(let extensions) where extensions.isEmpty: return "_files"
    case .files(let extensions):
      return "_files -g \"*.(\(extensions.joined(separator: "|")))(-.)\""
    case .words(let words): return "(\(words.joined(separator: " ")))"
    case .settingValue: return "_bounty_setting_value"
    }
  }

  /// `word:help` for `_describe`.
  static func describeItem(_ word: String, _ help: String) -> String {
    word.replacing(":", with: "\\:") + ":" + help
  }

  /// Text inside an `_arguments` spec, whose brackets and colons are syntax.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "[]:\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// `text` in single quotes for zsh.
  static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
