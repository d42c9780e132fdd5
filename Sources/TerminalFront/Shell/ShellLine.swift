import BountyApp
import BountyCore

/// Reads a shell line as a registry command: the verb without its tab word (`capture`, tried in
/// the active tab first), the current fugitive's ID# where the verb takes one and none was given,
/// and a verb's trailing free text (`note add …`, `set KEY …`) taken whole from the rest of the line
/// as typed, so it is never read as an ID# and needs no quoting.
struct ShellLine {
  let registry: Registry
  let active: TabName
  /// The fugitive on screen, which verbs given no ID# act on.
  let current: Int64?
  let home: String?
  /// The script line being read, which an error names; nil on a terminal.
  var line: Int? = nil

  /// The command the line names and its argument words, ready for `CommandLineParser`; nil when no
  /// command matches the first words.
  func resolve(_ line: String) throws(BountyError) -> (command: CommandSpec, tokens: [String])? {
    guard let words = shellWords(line, home: home) else { throw .usage("unterminated quote") }
    let texts = words.map(\.text)
    let prefixes =
      [[active.rawValue]] + TabName.allCases.filter { $0 != active }.map { [$0.rawValue] } + [[]]
    for prefix in prefixes {
      guard let (command, used) = registry.spec(words: prefix + texts), used > prefix.count
      else {
        continue
      }
      let rest = Array(words.dropFirst(used - prefix.count))
      let verb = texts.prefix(used - prefix.count).joined(separator: " ")
      try refuseWithoutFugitive(command, rest, verb: verb)
      return (command, tokens(for: command, rest, in: line))
    }
    return nil
  }

  /// Why `line` names no command: the nearest command word when one is close, else `otherwise`
  /// after the unknown verb.
  func unknownCommand(_ line: String, otherwise: String) -> BountyError {
    let words = (shellWords(line, home: home) ?? []).map(\.text)
    let error = CommandLineParser(registry: registry).unknownCommand(words)
    guard !error.message.contains("did you mean") else { return error }
    let verb = words.first ?? line
    return .usage("unknown command \(SafeText.quoted(verb)); \(otherwise)")
  }

  /// Refuses a verb that acts on the fugitive on screen when none is, and the line names none
  /// either (no ID# where it goes, nor a filter such as `--search` that selects instead): after a
  /// script line failed, `delete --yes` must not fall back on anybody.
  private func refuseWithoutFugitive(_ spec: CommandSpec, _ words: [ShellWord], verb: String)
    throws(BountyError)
  {
    let params = spec.params.filter { $0.fronts.contains(.terminal) }
    let positionals = params.filter(\.positional)
    guard current == nil, case .integer(let range)? = positionals.first?.type,
      range == Limits.fugitiveIDs
    else { return }
    // Only a selection's filters choose fugitives in place of an ID#: another valued option
    // (`edit --bounty 5`, `capture --at today`) still needs one, and is refused here, naming
    // its line, rather than by the command's "missing ID".
    let selects = words.contains { word in
      params.contains {
        Self.selectingParams.contains($0.name) && $0.optionName == word.text.prefix { $0 != "=" }
      }
    }
    let given = firstPositionalIndex(words, params).map { words[$0].text }
    let namesOne = given.map { Int64($0.trimmingASCIIWhitespace()) != nil } ?? selects
    guard !namesOne else { return }
    throw Self.noFugitiveOnScreen(verb, line: line)
  }

  /// The parameters with which a capture, release or delete selects fugitives instead of naming
  /// them (`FugitiveSelection`: `--search`, `--min-bounty`, `--all-matching`).
  static let selectingParams: Set<String> = ["search", "minBounty", "allMatching"]

  /// The refusal of `verb` given no ID# with no fugitive on screen, naming the script `line`.
  static func noFugitiveOnScreen(_ verb: String, line: Int?) -> BountyError {
    let place = line.map { "line \($0): " } ?? ""
    return .usage(
      "\(place)no fugitive on screen: '\(verb)' needs an ID# here (or 'show ID' first)")
  }

  private func tokens(for spec: CommandSpec, _ words: [ShellWord], in line: String) -> [String] {
    let params = spec.params.filter { $0.fronts.contains(.terminal) }
    let positionals = params.filter(\.positional)
    var words = words
    var implicitID = false
    // The first positional names a fugitive (one ID#, or several): on a card it may be left out.
    if let current, case .integer(let range)? = positionals.first?.type,
      range == Limits.fugitiveIDs
    {
      let given = firstPositionalIndex(words, params).map { words[$0].text }
      if positionals.count == 1 {
        // `capture` acts on the card on screen; `capture 7` on fugitive 7.
        implicitID = given.flatMap { Int64($0.trimmingASCIIWhitespace()) } == nil
      } else {
        // `note delete 9` is note 9 of the card on screen; a leading ID# of that same card is
        // allowed where the next value is not free text (`photo 91321 ~/mug.png`).
        implicitID = true
        if let index = firstPositionalIndex(words, params), given == String(current),
          !isFreeText(positionals[1])
        {
          words.remove(at: index)
        }
      }
    }
    var tokens = implicitID ? [String(current ?? 0)] : []
    var filled = implicitID ? 1 : 0
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      if word.text == "--" && !optionsEnded {
        optionsEnded = true
        tokens.append(word.text)
      } else if isOption(word.text) && !optionsEnded {
        tokens.append(word.text)
        if let param = params.first(where: { $0.optionName == word.text }), param.type != .boolean,
          index + 1 < words.count
        {
          tokens.append(words[index + 1].text)
          index += 1
        }
      } else if filled == positionals.count - 1, let last = positionals.last, isFreeText(last) {
        // The last parameter is free text: the rest of the line, exactly as typed.
        let rest =
          words.count - index == 1 && word.quoted
          ? word.text : String(line[word.start...]).trimmingASCIIWhitespace()
        return tokens + (optionsEnded ? [] : ["--"]) + [rest]
      } else {
        tokens.append(word.text)
        filled += 1
      }
      index += 1
    }
    return tokens
  }

  private func firstPositionalIndex(_ words: [ShellWord], _ params: [ParamSpec]) -> Int? {
    var index = 0
    while index < words.count {
      let text = words[index].text
      // `show -- -5`: after `--` every word is a value, the first one the ID#.
      if text == "--" { return index + 1 < words.count ? index + 1 : nil }
      guard isOption(text) else { return index }
      let param = params.first { $0.optionName == text }
      index += param?.type == .boolean || text.contains("=") ? 1 : 2
    }
    return nil
  }

  private func isOption(_ text: String) -> Bool {
    text.count > 1 && text.hasPrefix("-") && Double(text) == nil
  }

  private func isFreeText(_ param: ParamSpec) -> Bool {
    switch param.type {
    case .text, .any: return true
    default: return false
    }
  }
}
