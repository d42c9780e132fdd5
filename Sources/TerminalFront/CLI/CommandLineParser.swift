import BountyApp
import BountyCore
import BountyStore
import Glibc

/// Turns the words after `bounty` into a command and its checked arguments, from the registry's
/// declarations: `--name value`, `--name=value`, boolean flags, positional values in order, `--` to
/// end options. The shell uses it too, so a verb reads the same in both places.
public struct CommandLineParser {
  public let registry: Registry

  public init(registry: Registry) {
    self.registry = registry
  }

  /// Finds the command the words name; `usage` when none does.
  public func command(for words: [String]) throws(BountyError) -> (Command, [String]) {
    guard let (command, used) = registry.command(words: words) else {
      let given = words.prefix { !$0.hasPrefix("-") }.joined(separator: " ")
      throw BountyError.usage(
        given.isEmpty ? "a command is required" : "unknown command '\(given)'")
    }
    return (command, Array(words.dropFirst(used)))
  }

  /// Reads the command's arguments. Unknown options, missing values and missing required parameters
  /// are `usage` errors; a value of the wrong form is `invalid`.
  public func arguments(for spec: CommandSpec, _ tokens: [String]) throws(BountyError) -> Arguments
  {
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
      guard let param = params.first(where: { $0.optionName == name && !$0.positional }) else {
        throw BountyError.usage(
          "unknown option '\(name)' for '\(spec.words.joined(separator: " "))'")
      }
      if param.type == .boolean && inlineValue == nil {
        arguments.set(param.name, .boolean(true))
        continue
      }
      guard let value = inlineValue ?? (index < tokens.count ? tokens[index] : nil) else {
        throw BountyError.usage("\(name) needs a value")
      }
      if inlineValue == nil { index += 1 }
      arguments.set(param.name, try read(value, for: param))
    }
    let positionalParams = params.filter(\.positional)
    if positionals.count > positionalParams.count, let last = positionalParams.last,
      case .text = last.type
    {
      // `note add 7 Seen at the docks`: the last text parameter takes the rest of the words.
      let joined = positionals[(positionalParams.count - 1)...].joined(separator: " ")
      positionals = Array(positionals.prefix(positionalParams.count - 1)) + [joined]
    }
    if positionals.count > positionalParams.count {
      throw BountyError.usage("unexpected argument '\(positionals[positionalParams.count])'")
    }
    for (param, value) in zip(positionalParams, positionals) {
      arguments.set(param.name, try read(value, for: param))
    }
    for param in params where param.required && !arguments.has(param.name) {
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
