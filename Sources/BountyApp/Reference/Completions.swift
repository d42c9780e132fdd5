import BountyCore

/// Shell completion scripts for bash, zsh and fish, generated from the registry through one model
/// (`CompletionModel`): command words with what each does (`fugitives note <TAB>` too, the short
/// forms such as `capture`, and `help <TAB>`), each command's options with their help, the words of
/// choice options (sort keys, formats), setting keys and each key's values, Fugitive ID#s for every
/// parameter that takes one or several (read from the database the command line names with `--db`,
/// through `bounty completions ids`), and file names for the parameters that name a file (image
/// files for a photo, `.csv`/`.json` for an import).
public enum Completions {
  public static let shells = ["bash", "zsh", "fish"]

  public static func script(for shell: String, registry: Registry) -> String {
    let model = CompletionModel(registry)
    switch shell {
    case "zsh": return ZshCompletion.script(model)
    case "fish": return FishCompletion.script(model)
    default: return BashCompletion.script(model)
    }
  }
}

/// The command line as the completion scripts see it, derived once from the registry.
struct CompletionModel {
  /// What the word at the cursor completes to.
  enum Value: Equatable {
    /// Free text or a number: nothing to offer.
    case nothing
    /// Fugitive ID#s (`bounty completions ids`).
    case ids
    /// File names, only those ending in one of `extensions` (and folders) unless it is empty.
    case files(extensions: [String])
    case words([String])
    /// A setting's value: the values of the key given just before it.
    case settingValue
  }

  struct Option {
    let name: String
    let help: String
    /// Nil for a flag.
    let value: Value?
  }

  struct Positional {
    let label: String
    let help: String
    let value: Value
    /// It takes every remaining word (`capture ID...`).
    let repeated: Bool
  }

  struct Command {
    /// The full words (`fugitives capture`).
    let words: [String]
    /// The same command's short forms (`capture`): a tab's verb alone, where one tab has it.
    let shortForms: [[String]]
    let summary: String
    let options: [Option]
    let positionals: [Positional]

    /// The words and the short forms, each as one string.
    var keys: [String] { ([words] + shortForms).map { $0.joined(separator: " ") } }
    /// A shell identifier for it: `fugitives_note_add`.
    var identifier: String {
      words.joined(separator: "_").replacing("-", with: "_")
    }
  }

  /// The options every command takes besides its own.
  static let commonOptions = [
    Option(name: "--json", help: "Print the result as JSON", value: nil),
    Option(name: "--help", help: "Show this command's help", value: nil),
  ]
  /// The options given before the command.
  static let globalOptions = [
    Option(name: "--db", help: "The database file", value: .files(extensions: [])),
    Option(name: "--json", help: "Print the result as JSON", value: nil),
    Option(name: "--jq", help: "Filter the JSON result through a jq expression", value: .nothing),
    Option(name: "--color", help: "Colour: always, never or auto", value: nil),
    Option(name: "--no-color", help: "No colour", value: nil),
    Option(name: "--no-pager", help: "Long tables straight to the terminal", value: nil),
    Option(name: "--no-photo", help: "No photo on a card", value: nil),
    Option(name: "--help", help: "Help", value: nil),
    Option(name: "--version", help: "Print the version", value: nil),
  ]
  /// The words that are no registry command but the front's own.
  static let frontCommands: [(word: String, help: String)] = [
    ("help", "Help for a command"), ("rpc", "Speak JSON-RPC 2.0 on standard input and output"),
    ("shell", "The line shell"),
  ]
  /// Image files, for a photo (`fugitives photo ID IMAGE`).
  static let imageExtensions = ["png", "jpg", "jpeg", "PNG", "JPG", "JPEG"]

  let commands: [Command]
  /// Each setting key with a fixed set of values, and those values.
  let settingValues: [(key: String, words: [String])]

  init(_ registry: Registry) {
    let specs = registry.specs(for: .terminal)
    let shortForms = Self.shortForms(specs)
    commands = specs.map { spec in
      let params = spec.params.filter { $0.fronts.contains(.terminal) }
      let takesIDs = params.contains { $0.positional && $0.name == "ids" }
      let extensions = params.first { $0.name == "format" }.flatMap { param -> [String]? in
        if case .choice(let words) = param.type { return words }
        return nil
      }
      let positionals = params.filter(\.positional)
      return Command(
        words: spec.words,
        shortForms: shortForms.filter { $0.value == spec.words }.map(\.key),
        summary: spec.summary,
        options: params.filter { !$0.positional }.map { param in
          let value: Value? =
            param.type == .boolean
            ? nil
            : (param.name == "locate" || (param.name == "id" && takesIDs))
              ? .ids : Self.value(of: param, positional: false, formats: nil)
          return Option(name: param.optionName, help: param.help, value: value)
        } + Self.commonOptions,
        positionals: positionals.enumerated().map { index, param in
          let settingValue =
            index == 1 && param.name == "value"
            && Self.isSettingKey(positionals[0])
          return Positional(
            label: param.label, help: param.help,
            value: settingValue
              ? .settingValue : Self.value(of: param, positional: true, formats: extensions),
            repeated: param.repeated)
        })
    }
    settingValues = SettingKey.allCases.compactMap { key in key.choices.map { (key.rawValue, $0) } }
  }

  /// What a parameter's value completes to.
  static func value(of param: ParamSpec, positional: Bool, formats: [String]?) -> Value {
    if positional, param.name == "id" || param.name == "ids" { return .ids }
    switch param.type {
    case .choice(let words): return .words(words)
    case .file where param.name == "image": return .files(extensions: imageExtensions)
    case .file, .path:
      // A file read by its format (`import FILE --format csv|json`) ends in one of them.
      return .files(extensions: positional ? formats ?? [] : [])
    default: return .nothing
    }
  }

  /// A positional whose words are the setting keys (`settings set KEY`).
  static func isSettingKey(_ param: ParamSpec) -> Bool {
    guard case .choice(let words) = param.type else { return false }
    return isSettingKeyList(words)
  }

  /// Words that are all setting keys.
  static func isSettingKeyList(_ words: [String]) -> Bool {
    !words.isEmpty && words.allSatisfy { SettingKey(rawValue: $0) != nil }
  }

  /// What the setting `key` holds, for a candidate's description.
  static func settingHelp(_ key: String) -> String {
    SettingKey(rawValue: key)?.help ?? ""
  }

  /// Each short form and the full words of its command: a verb of one of
  /// `Registry.shortFormTabWords` that no other of those tabs has, as the command line reads it.
  static func shortForms(_ specs: [CommandSpec]) -> [(key: [String], value: [String])] {
    let verbs = specs.filter {
      $0.words.count > 1 && Registry.shortFormTabWords.contains($0.words[0])
    }.map { (Array($0.words.dropFirst()), $0.words) }
    return verbs.filter { verb in verbs.filter { $0.0 == verb.0 }.count == 1 }
      .map { (key: $0.0, value: $0.1) }
  }

  /// Every run of words after which another command word follows (`""`, `fugitives`,
  /// `fugitives note`, and the short forms' `note`), with those words and what each does.
  var groups: [(key: String, next: [(word: String, help: String)])] {
    var prefixes: [[String]] = [[]]
    for command in commands {
      for words in [command.words] + command.shortForms where words.count > 1 {
        for count in 1..<words.count where !prefixes.contains(Array(words.prefix(count))) {
          prefixes.append(Array(words.prefix(count)))
        }
      }
    }
    return prefixes.map { prefix in
      var next: [(word: String, help: String)] = []
      for command in commands {
        // The top level lists the full words only; a group lists the short forms' next words too.
        let candidates = prefix.isEmpty ? [command.words] : [command.words] + command.shortForms
        for words in candidates where words.count > prefix.count && words.starts(with: prefix) {
          let word = words[prefix.count]
          guard !next.contains(where: { $0.word == word }) else { continue }
          next.append((word, words.count == prefix.count + 1 ? command.summary : ""))
        }
      }
      next = next.map { entry in
        guard entry.help.isEmpty else { return entry }
        let verbs = followers(of: prefix + [entry.word])
        return (entry.word, "\(entry.word) commands: " + verbs.joined(separator: ", "))
      }
      if prefix.isEmpty { next += Self.frontCommands }
      return (prefix.joined(separator: " "), next)
    }
  }

  /// The words that follow `prefix` in some command's full words or short form.
  private func followers(of prefix: [String]) -> [String] {
    var words: [String] = []
    for command in commands {
      for form in [command.words] + command.shortForms
      where form.count > prefix.count && form.starts(with: prefix)
        && !words.contains(form[prefix.count])
      {
        words.append(form[prefix.count])
      }
    }
    return words
  }

  /// Every option name that takes a value in some command (a completion skips the value when it
  /// counts positional words).
  var optionsTakingValues: [String] {
    var names: [String] = ["--db"]
    for command in commands {
      for option in command.options where option.value != nil && !names.contains(option.name) {
        names.append(option.name)
      }
    }
    return names
  }
}
