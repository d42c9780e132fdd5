/// `bounty completions fish`: `complete` lines with descriptions, from `CompletionModel`; each
/// line's condition asks `__bounty_at` which command the line names and which of its positional
/// words is being typed.
enum FishCompletion {
  static func script(_ model: CompletionModel) -> String {
    let keys =
      model.commands.flatMap(\.keys) + model.groups.map(\.key).filter { !$0.isEmpty } + ["help"]
    var shortCases: [String] = []
    for command in model.commands where !command.shortForms.isEmpty {
      let forms = command.shortForms.map { quoted($0.joined(separator: " ")) }
      shortCases.append(
        "        case \(forms.joined(separator: " "))\n            set key \(quoted(command.words.joined(separator: " ")))"
      )
    }
    var lines: [String] = []
    for option in CompletionModel.globalOptions {
      lines.append(complete(at: "''", option: option))
    }
    for group in model.groups {
      for (word, help) in group.next {
        lines.append(
          "complete -c bounty -n \(quoted("__bounty_at \(quoted(group.key)) 1")) -a \(quoted(word)) -d \(quoted(help))"
        )
      }
    }
    let top = model.groups.first { $0.key.isEmpty }?.next ?? []
    for (word, help) in top {
      lines.append(
        "complete -c bounty -n \(quoted("__bounty_at help 1")) -a \(quoted(word)) -d \(quoted(help))"
      )
    }
    for command in model.commands {
      let key = quoted(command.words.joined(separator: " "))
      for option in command.options {
        lines.append(complete(at: key, option: option))
      }
      for (index, positional) in command.positionals.enumerated() {
        let position = "\(index + 1)\(positional.repeated ? "+" : "")"
        let condition = "__bounty_at \(key) \(position)"
        switch positional.value {
        case .words(let words) where CompletionModel.isSettingKeyList(words):
          for word in words {
            let help = CompletionModel.settingHelp(word)
            lines.append(
              "complete -c bounty -n \(quoted(condition)) -a \(quoted(word)) -d \(quoted(help))")
          }
        case .settingValue:
          for (setting, words) in model.settingValues {
            lines.append(
              "complete -c bounty -n \(quoted("\(condition); and __bounty_key \(setting)")) -a \(quoted(words.joined(separator: " ")))"
            )
          }
        case .nothing: continue
        default:
          lines.append(
            "complete -c bounty -n \(quoted(condition)) \(arguments(positional.value)) -d \(quoted(positional.help))"
          )
        }
      }
    }
    return """
      # fish completion for bounty. Generated from the command registry: bounty completions fish
      # fish loads it from a vendor_completions.d folder; or source it from config.fish.
      complete -c bounty -e
      complete -c bounty -f

      # The words and short forms that name a command or a group, and the options taking a value.
      set -g __bounty_keys \(keys.map(quoted).joined(separator: " "))
      set -g __bounty_valued \(model.optionsTakingValues.joined(separator: " "))

      # The line up to the cursor as bounty reads it: the command's full words (a group's words, or
      # nothing at the top level), then each positional word given since, one a line.
      function __bounty_line
          set -l tokens (commandline -opc)
          set -l line (string join \\n -- $tokens)
          if test "$line" = "$__bounty_line_for"
              printf '%s\\n' $__bounty_line_read
              return
          end
          set -e tokens[1]
          while set -q tokens[1]; and string match -q -- '-*' $tokens[1]
              test "$tokens[1]" = --db; and set -e tokens[1]
              set -q tokens[1]; and set -e tokens[1]
          end
          set -l key ''
          set -l n 0
          for i in 1 2 3
              set -q tokens[$i]; or break
              set -l try (string join ' ' -- $tokens[1..$i])
              contains -- "$try" $__bounty_keys; or break
              set key $try
              set n $i
          end
          test $n -gt 0; and set -e tokens[1..$n]
          switch $key
      \(shortCases.joined(separator: "\n"))
          end
          set -l positional
          while set -q tokens[1]
              if string match -q -- '-*' $tokens[1]
                  contains -- $tokens[1] $__bounty_valued; and set -q tokens[2]; and set -e tokens[1]
              else
                  set -a positional $tokens[1]
              end
              set -e tokens[1]
          end
          set -g __bounty_line_for $line
          set -g __bounty_line_read $key $positional
          printf '%s\\n' $key $positional
      end

      # True when the line's command is $argv[1] and (given $argv[2]) the word being typed is its
      # positional number $argv[2], from 1 (`2+`: the second or any later).
      function __bounty_at
          set -l line (__bounty_line)
          test "$line[1]" = "$argv[1]"; or return 1
          set -q argv[2]; or return 0
          set -l given (math (count $line) - 1)
          set -l wanted (math (string trim -r -c + -- $argv[2]) - 1)
          if string match -q -- '*+' $argv[2]
              test $given -ge $wanted
          else
              test $given -eq $wanted
          end
      end

      # True when the first positional word (a setting key) is $argv[1].
      function __bounty_key
          set -l line (__bounty_line)
          test "$line[2]" = "$argv[1]"
      end

      # The Fugitive ID#s of the database the command line names (--db), else of the default one.
      function __bounty_ids
          set -l tokens (commandline -opc)
          set -l db
          for i in (seq (count $tokens))
              switch $tokens[$i]
                  case --db
                      set -q tokens[(math $i + 1)]; and set db --db $tokens[(math $i + 1)]
                  case '--db=*'
                      set db $tokens[$i]
              end
          end
          bounty $db completions ids 2>/dev/null
      end

      # Folders, and the files whose names end in one of the extensions $argv.
      function __bounty_files
          set -l token (commandline -ct)
          set -l pattern (string join '|' -- $argv)
          for path in $token*
              if test -d $path
                  echo $path/
              else if string match -qr -- "\\\\.($pattern)\\$" $path
                  echo $path
              end
          end
      end

      \(lines.joined(separator: "\n"))

      """
  }

  /// A `complete` line for an option of the command `key` (a quoted fish word).
  static func complete(at key: String, option: CompletionModel.Option) -> String {
    var line =
      "complete -c bounty -n \(quoted("__bounty_at \(key)")) -l \(option.name.dropFirst(2))"
    if let value = option.value {
      line += value == .nothing ? " -x" : " -r \(arguments(value))"
    }
    return line + " -d \(quoted(option.help))"
  }

  /// The `complete` arguments that offer `value`'s candidates.
  static func arguments(_ value: CompletionModel.Value) -> String {
    switch value {
    case .nothing, .settingValue: return "-f"
    case .ids: return "-f -a '(__bounty_ids)'"
    case .files(let extensions) where extensions.isEmpty: return "-F"
    case .files(let extensions):
      return "-f -a \(quoted("(__bounty_files \(extensions.joined(separator: " ")))"))"
    case .words(let words): return "-f -a \(quoted(words.joined(separator: " ")))"
    }
  }

  /// `text` in single quotes for fish.
  static func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
