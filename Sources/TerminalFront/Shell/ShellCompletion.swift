import BountyApp
import BountyCore
import Glibc

/// What Tab offers: the word being completed and the full words that could replace it.
struct ShellCompletion: Equatable {
  var word: String
  var candidates: [String]

  /// The longest start every candidate shares.
  var commonPrefix: String {
    guard var prefix = candidates.first else { return word }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }

  /// The candidates in columns fitting `width`.
  func listing(width: Int) -> String {
    let column = (candidates.map(displayWidth).max() ?? 0) + 2
    let perRow = max(1, width / max(1, column))
    var lines: [String] = []
    for start in stride(from: 0, to: candidates.count, by: perRow) {
      let row = candidates[start..<min(start + perRow, candidates.count)]
      lines.append(
        row.map { padded(terminalSafe($0), toWidth: column) }.joined().trimmingASCIIWhitespace())
    }
    return lines.joined(separator: "\n")
  }
}

/// The completion engine of the shell and the workspace's `:` line: verbs (with or without their
/// tab word), a command's options, the values of choice options, Fugitive ID#s, setting keys and
/// their values, and file names for the parameters that name a file.
struct Completer {
  let registry: Registry
  let client: AppClient
  let active: TabName
  let home: String?

  /// The shell's own verbs, which are not registry commands.
  static let shellVerbs = [
    "1", "2", "3", "tab", "help", "back", "list", "next", "prev", "sort", "find", "show", "add",
    "edit", "quit",
  ]

  /// What can replace the last word of `before` (the line up to the cursor).
  func complete(_ before: String) -> ShellCompletion {
    var words = before.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let word = before.hasSuffix(" ") || before.isEmpty ? "" : (words.popLast() ?? "")
    return ShellCompletion(
      word: word,
      candidates: candidates(after: words, for: word).filter {
        $0.hasPrefix(word)
      }.uniqued().sorted())
  }

  private func candidates(after words: [String], for word: String) -> [String] {
    let commands = registry.specs(for: .terminal)
    if words.isEmpty {
      let verbs = commands.flatMap { command -> [String] in
        let first = command.words[0]
        return TabName(rawValue: first) != nil ? [first, command.words[1]] : [first]
      }
      return Self.shellVerbs + verbs
    }
    if words == ["help"] {
      return Set(commands.map { $0.words[0] }).sorted()
    }
    if words.first == "tab" { return TabName.allCases.map(\.rawValue) }
    if words.first == "sort" { return words.count == 1 ? SettingKey.sortKeys : ["asc", "desc"] }
    if words.first == "show" || words.first == "edit" { return words.count == 1 ? ids() : [] }
    // The command the words name, tried in the active tab first; or the next word of one.
    let prefixes = [[active.rawValue]] + TabName.allCases.map { [$0.rawValue] } + [[]]
    for prefix in prefixes {
      let full = prefix + words
      if let (command, used) = registry.spec(words: full), used > prefix.count {
        return arguments(command, Array(full.dropFirst(used)), word)
      }
    }
    for prefix in prefixes {
      let full = prefix + words
      let next = commands.compactMap { command -> String? in
        let spec = command.words
        guard spec.count > full.count, Array(spec.prefix(full.count)) == full else { return nil }
        return spec[full.count]
      }
      if !next.isEmpty { return next }
    }
    return []
  }

  /// Completions among a command's arguments, `given` being the words already typed after it.
  private func arguments(_ spec: CommandSpec, _ given: [String], _ word: String) -> [String] {
    let params = spec.params.filter { $0.fronts.contains(.terminal) }
    if let previous = given.last, previous.hasPrefix("--"),
      let option = params.first(where: { $0.optionName == previous && !$0.positional }),
      option.type != .boolean
    {
      return values(of: option, given, word)
    }
    if word.hasPrefix("-") {
      return params.filter { !$0.positional }.map(\.optionName)
    }
    var index = 0
    var position = 0
    while index < given.count {
      if given[index].hasPrefix("--") {
        let option = params.first { $0.optionName == given[index] }
        index += option?.type == .boolean || given[index].contains("=") ? 1 : 2
      } else {
        position += 1
        index += 1
      }
    }
    let positionals = params.filter(\.positional)
    guard position < positionals.count else { return [] }
    return values(of: positionals[position], given, word)
  }

  private func values(of param: ParamSpec, _ given: [String], _ word: String) -> [String] {
    if param.name == "id" { return ids() }
    if param.name == "value", let key = given.first.flatMap(SettingKey.init(rawValue:)) {
      return key.choices ?? []
    }
    switch param.type {
    case .choice(let words): return words
    case .boolean: return ["true", "false"]
    case .file, .path: return files(word)
    default: return []
    }
  }

  /// Fugitive ID#s (the first 10,000 by number, as the shell completion scripts offer).
  private func ids() -> [String] {
    guard case .success(let result) = client.call(.completions, ["shell": "ids"]) else {
      return []
    }
    return (result["script"]?.stringValue ?? "").split(separator: "\n").map(String.init)
  }

  /// The files and folders (with a trailing `/`) whose path starts with `word`; `~` is home.
  func files(_ word: String) -> [String] {
    let slash = word.lastIndex(of: "/")
    let folderPart = slash.map { String(word[...$0]) } ?? ""
    var folder = folderPart.isEmpty ? "." : folderPart
    if let home, folder == "~/" || folder.hasPrefix("~/") { folder = home + folder.dropFirst() }
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw.baseAddress.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
      }
      // Hidden files only when the word asks for them, as bash does.
      if name.isEmpty || name == "." || name == ".." { continue }
      if name.hasPrefix(".")
        && !word[(slash.map { word.index(after: $0) } ?? word.startIndex)...].hasPrefix(".")
      {
        continue
      }
      var status = stat()
      let isFolder =
        stat(folder + (folder.hasSuffix("/") ? "" : "/") + name, &status) == 0
        && (status.st_mode & S_IFMT) == S_IFDIR
      names.append(folderPart + name + (isFolder ? "/" : ""))
    }
    return names
  }
}

extension Array where Element: Hashable {
  /// The elements in order, each once.
  func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
