/// `bounty completions bash`: a function for bash's `complete -F`, from `CompletionModel`.
enum BashCompletion {
  static func script(_ model: CompletionModel) -> String {
    let groups = model.groups
    let top = groups.first { $0.key.isEmpty }?.next.map(\.word) ?? []
    let keys = model.commands.flatMap(\.keys) + groups.map(\.key).filter { !$0.isEmpty } + ["help"]
    var groupCases = ""
    for group in groups where !group.key.isEmpty {
      groupCases +=
        "      \"\(group.key)\") COMPREPLY=($(compgen -W \"\(group.next.map(\.word).joined(separator: " "))\" -- \"$cur\")); return ;;\n"
    }
    groupCases +=
      "      help) COMPREPLY=($(compgen -W \"\(top.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
    var commandCases = ""
    for command in model.commands {
      let labels = command.keys.map { "\"\($0)\"" }.joined(separator: "|")
      var body = "      opts=\"\(command.options.map(\.name).joined(separator: " "))\"\n"
      let valued = command.options.filter { $0.value != nil }
      body += "      valued=\"\(valued.map(\.name).joined(separator: " "))\"\n"
      let positionals = command.positionals.map { "\"\(action($0.value))\"" }
      body +=
        "      positionals=(\(positionals.joined(separator: " "))) repeated=\(command.positionals.last?.repeated == true ? 1 : 0)\n"
      let valueCases = valued.map {
        "        \($0.name)) _bounty_value \"\(action($0.value ?? .nothing))\"; return ;;\n"
      }
      if !valueCases.isEmpty {
        body += "      case $prev in\n\(valueCases.joined())      esac\n"
      }
      commandCases += "    \(labels))\n\(body)      ;;\n"
    }
    var settingCases = ""
    for (key, words) in model.settingValues {
      settingCases +=
        "        \(key)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")) ;;\n"
    }
    return """
      # bash completion for bounty. Generated from the command registry: bounty completions bash
      # bash-completion loads it from share/bash-completion/completions; or source it from ~/.bashrc.

      # Offers what $1 names for the word being completed: ids (the Fugitive ID#s of the database the
      # line names), files [EXTENSION...], words WORD..., setting (the values of the key before it),
      # text (nothing).
      _bounty_value() {
        local IFS=$' \\t\\n' kind=${1%% *} extension
        local -a extensions=(${1#"$kind"})
        case $kind in
          ids) COMPREPLY=($(compgen -W "$(bounty "${db[@]}" completions ids 2>/dev/null)" -- "$cur")) ;;
          files)
            compopt -o filenames 2>/dev/null
            IFS=$'\\n'  # file names may hold spaces
            if [[ ${#extensions[@]} -eq 0 ]]; then
              COMPREPLY=($(compgen -f -- "$cur"))
            else
              COMPREPLY=($(compgen -d -- "$cur"))
              for extension in "${extensions[@]}"; do
                COMPREPLY+=($(compgen -f -X "!*.$extension" -- "$cur"))
              done
            fi
            ;;
          words) COMPREPLY=($(compgen -W "${1#words }" -- "$cur")) ;;
          setting)
            case $prev in
      \(settingCases)      esac
            ;;
        esac
      }

      _bounty() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        local i first=1 n=0 count=0 key="" try="" opts="" valued="" action="" repeated=0
        local db=() positionals=()
        COMPREPLY=()
        # ID#s come from the database the command line names.
        for ((i = 1; i < COMP_CWORD; i++)); do
          [[ ${COMP_WORDS[i]} == --db ]] && db=(--db "${COMP_WORDS[i+1]}")
          [[ ${COMP_WORDS[i]} == --db=* ]] && db=("${COMP_WORDS[i]}")
        done
        [[ $prev == --db ]] && { _bounty_value files; return; }
        while [[ $first -lt $COMP_CWORD && ${COMP_WORDS[first]} == -* ]]; do
          [[ ${COMP_WORDS[first]} == --db || ${COMP_WORDS[first]} == --jq ]] && first=$((first + 1))
          first=$((first + 1))
        done
        if [[ $COMP_CWORD -eq $first ]]; then
          COMPREPLY=($(compgen -W "\(top.joined(separator: " ")) \(CompletionModel.globalOptions.map(\.name).joined(separator: " "))" -- "$cur"))
          return
        fi
        # The command: the longest run of words that names a command, a short form or a group.
        local known="|\(keys.joined(separator: "|"))|"
        for ((i = first; i < COMP_CWORD && i < first + 3; i++)); do
          try="${try:+$try }${COMP_WORDS[i]}"
          [[ $known == *"|$try|"* ]] || break
          key=$try n=$((i - first + 1))
        done
        if [[ $COMP_CWORD -eq $((first + n)) ]]; then
          case $key in
      \(groupCases)    esac
        fi
        case $key in
      \(commandCases)    *) return ;;
        esac
        if [[ $cur == -* ]]; then
          COMPREPLY=($(compgen -W "$opts" -- "$cur"))
          return
        fi
        # Which positional the word is: the words since the command, less options and their values.
        for ((i = first + n; i < COMP_CWORD; i++)); do
          if [[ ${COMP_WORDS[i]} == -* ]]; then
            [[ " $valued " == *" ${COMP_WORDS[i]} "* ]] && i=$((i + 1))
          else
            count=$((count + 1))
          fi
        done
        action=${positionals[count]}
        [[ -z $action && $repeated -eq 1 ]] && action=${positionals[${#positionals[@]}-1]}
        if [[ -z $action ]]; then
          COMPREPLY=($(compgen -W "$opts" -- "$cur"))  # no positional left: the options
        else
          _bounty_value "$action"
        fi
      }
      complete -F _bounty bounty

      """
  }

  /// The word `_bounty_value` reads for `value`.
  static func action(_ value: CompletionModel.Value) -> String {
    switch value {
    case .nothing: return "text"
    case .ids: return "ids"
    case .files(let extensions): return (["files"] + extensions).joined(separator: " ")
    case .words(let words): return (["words"] + words).joined(separator: " ")
    case .settingValue: return "setting"
    }
  }
}
