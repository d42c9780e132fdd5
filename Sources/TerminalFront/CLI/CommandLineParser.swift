import BountyApp
import BountyCore
import Glibc

/// Turns the words after `bounty` into a command and its checked arguments, from the registry's
/// declarations: `--name value`, `--name=value`, boolean flags, positional values in order, `--` to
/// end options. The shell uses it too, so a verb reads the same in both places.
public struct CommandLineParser {
  public let registry: Registry

  public init(registry: Registry) {
    self.registry = registry
  }

  /// Finds the command the words name, the tab word optional where only one tab has the verb
  /// (`add` for `fugitives add`); `usage`, with the nearest known word, when none does.
  public func command(for words: [String]) throws(BountyError) -> (CommandSpec, [String]) {
    if let (command, used) = registry.spec(words: words) {
      return (command, Array(words.dropFirst(used)))
    }
    if let (command, used) = try shorthand(words) {
      return (command, Array(words.dropFirst(used)))
    }
    throw unknownCommand(words)
  }

  /// The commands a front lists: every terminal command but the shell's own state.
  var listed: [CommandSpec] { registry.specs(for: .terminal) }

  /// The tab words whose verbs may be given alone.
  static let tabWords = Registry.shortFormTabWords

  /// A tab's verb given without the tab word, when exactly one tab has it.
  private func shorthand(_ words: [String]) throws(BountyError) -> (CommandSpec, Int)? {
    var found: [(CommandSpec, Int)] = []
    for command in listed {
      guard let tabWord = command.words.first, Self.tabWords.contains(tabWord) else {
        continue
      }
      let verb = Array(command.words.dropFirst())
      guard !verb.isEmpty, words.starts(with: verb) else { continue }
      if verb.count > (found.first?.1 ?? 0) {
        found = [(command, verb.count)]
      } else if verb.count == found.first?.1 {
        found.append((command, verb.count))
      }
    }
    guard found.count > 1 else { return found.first }
    let choices = found.map { "bounty " + $0.0.words.joined(separator: " ") }
    throw BountyError.usage(
      "'\(words.prefix(found[0].1).joined(separator: " "))' is a verb of several tabs: "
        + choices.joined(separator: ", ") + "; name the tab")
  }

  /// The words that name a group of commands but no command (`fugitives`, `fugitives note`).
  public func isGroup(_ words: [String]) -> Bool {
    !words.isEmpty && registry.spec(words: words) == nil
      && listed.contains { $0.words.count > words.count && $0.words.starts(with: words) }
  }

  /// The usage error for words that name no command, with the nearest command word when one is
  /// close ("unknown command 'lst'; did you mean 'list'?"), as the one-shot, the shell and the
  /// workspace's `:` all say it.
  func unknownCommand(_ words: [String]) -> BountyError {
    let given = Array(words.prefix { !$0.hasPrefix("-") })
    guard !given.isEmpty else { return .usage("a command is required") }
    // The longest run of words that starts some command; the next word is the wrong one.
    var known = 0
    while known < given.count,
      listed.contains(where: { $0.words.starts(with: given.prefix(known + 1)) })
    {
      known += 1
    }
    let prefix = Array(given.prefix(known))
    var next = Set(
      listed.filter { $0.words.count > known && $0.words.starts(with: prefix) }
        .map { $0.words[known] })
    if known == 0 {
      next.formUnion(["help", "rpc", "shell"])
      next.formUnion(
        listed.filter { Self.tabWords.contains($0.words[0]) && $0.words.count > 1 }
          .map { $0.words[1] })
    }
    guard known < given.count else {
      return .usage("\(SafeText.quoted(given.joined(separator: " "))) needs a verb")
    }
    let wrong = given[known]
    return .usage(
      "unknown command \(SafeText.quoted(given.prefix(known + 1).joined(separator: " ")))"
        + Suggestion.hint(for: wrong, among: next.sorted()))
  }

  /// Reads the command's arguments. Unknown options, missing values and missing required parameters
  /// are `usage` errors; a value of the wrong form is `invalid`. With an `editor`, a missing
  /// parameter declared `writtenInEditor` is written there instead.
  public func arguments(
    for spec: CommandSpec, _ tokens: [String], editor: TextEditor? = nil
  ) throws(BountyError) -> Arguments {
    var arguments = Arguments()
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false
    let params = spec.params.filter { $0.fronts.contains(.terminal) }
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      if optionsEnded || token == "-" || !token.hasPrefix("-") || isNegativeNumber(token) {
        positionals.append(token)
        continue
      }
      if token == "--" {
        optionsEnded = true
        continue
      }
      var name = token
      var inlineValue: String?
      if let equals = token.firstIndex(of: "=") {
        name = String(token[..<equals])
        inlineValue = String(token[token.index(after: equals)...])
      }
      let options = params.filter { !$0.positional }
      guard let param = options.first(where: { $0.optionName == name }) else {
        throw BountyError.usage(
          "unknown option \(SafeText.quoted(name)) for '\(spec.words.joined(separator: " "))'"
            + Suggestion.hint(for: name, among: options.map(\.optionName)))
      }
      if param.type == .boolean && inlineValue == nil {
        arguments.set(param.name, .boolean(true))
        continue
      }
      guard let value = inlineValue ?? (index < tokens.count ? tokens[index] : nil) else {
        throw BountyError.usage("\(name) needs a value")
      }
      if inlineValue == nil { index += 1 }
      arguments.merge(param.name, try read(value, for: param))
    }
    let positionalParams = params.filter(\.positional)
    let lastTakesRest: Bool
    switch positionalParams.last?.type {
    case .text?, .any?: lastTakesRest = true
    default: lastTakesRest = false
    }
    if positionals.count > positionalParams.count, lastTakesRest {
      // `note add 7 Seen at the docks`: the last text parameter takes the rest of the words
      // (`expenses split … 12 57 90`: a list parameter takes them as one list).
      let joined = positionals[(positionalParams.count - 1)...].joined(separator: " ")
      positionals = Array(positionals.prefix(positionalParams.count - 1)) + [joined]
    }
    // `capture 7 8 9`: a repeated last parameter takes every remaining word.
    let takesTheRest = positionalParams.last?.repeated == true
    if positionals.count > positionalParams.count && !takesTheRest {
      throw BountyError.usage(
        "unexpected argument \(SafeText.quoted(positionals[positionalParams.count]))")
    }
    for (index, value) in positionals.enumerated() {
      let param = positionalParams[min(index, positionalParams.count - 1)]
      arguments.merge(param.name, try read(value, for: param))
    }
    for param in params where param.required && !arguments.has(param) {
      if param.writtenInEditor, let editor {
        arguments.set(param.name, try read(try editor.write(param, for: spec), for: param))
        continue
      }
      throw BountyError.usage(
        param.positional ? "missing \(param.name.uppercased())" : "missing \(param.optionName)")
    }
    return arguments
  }

  private func isNegativeNumber(_ token: String) -> Bool {
    token.count > 1 && token.hasPrefix("-") && Double(token) != nil
  }

  private func read(_ value: String, for param: ParamSpec) throws(BountyError) -> ArgumentValue {
    if param.type == .file { return .bytes(try Self.readFile(value, field: param.name)) }
    return try param.value(fromText: value)
  }

  /// The bytes of a file named on the command line (`-` is standard input), at most 10 MiB + 1.
  static func readFile(_ path: String, field: String) throws(BountyError) -> [UInt8] {
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw BountyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= Limits.photoBytes {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw BountyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    if bytes.count > Limits.photoBytes {
      throw BountyError.invalid(field: field, reason: "\(path) is larger than 10 MiB")
    }
    return bytes
  }
}

extension Arguments {
  /// Sets `value`, or adds it to the values already given for a repeated parameter.
  fileprivate mutating func merge(_ name: String, _ value: ArgumentValue) {
    if case .integers(let more) = value, case .integers(let given)? = self.value(named: name) {
      set(name, .integers(given + more))
    } else {
      set(name, value)
    }
  }
}
