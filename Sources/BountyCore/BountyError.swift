/// The one error type every layer answers with. Each case maps to a terminal exit status and a
/// JSON-RPC error code (see `docs/contract.md`); the message is one line meant for a person.
public enum BountyError: Error, Equatable, Sendable {
  /// The thing named does not exist (`fugitive 7 not found`).
  case notFound(String)
  /// The change clashes with what is stored (a duplicate id, ids that already exist).
  case conflict(String)
  /// A value is wrong; `field` names the parameter or column, `reason` says why.
  case invalid(field: String, reason: String)
  /// The operation is refused as a whole (a database newer than the binary, a currency change that
  /// would drop digits).
  case refused(String)
  /// A parameter is missing or malformed (not a whole number, not an amount, not one of the
  /// choices): the caller's mistake, found before anything runs. `field` names the parameter.
  case invalidParameter(field: String, reason: String)
  /// No command or JSON-RPC method has this name.
  case unknownMethod(String)
  /// The command line itself is wrong (unknown command or option, missing argument).
  case usage(String)
  /// Reading or writing a file, or the database, failed.
  case io(String)
  /// Some rows of an import are wrong; nothing was imported. `details` names each row's line and
  /// field (the first 20), `count` how many rows were wrong in all.
  case invalidRows(field: String, count: Int, details: [String])
  /// The user interrupted the operation (Ctrl-C); nothing was changed.
  case interrupted

  /// The one line a person reads, naming parameters by their JSON-RPC names (`allMatching`).
  public var message: String { message(naming: { $0 }) }

  /// The one line a person reads, each parameter it names (its `field`, and those its text names
  /// with `parameter(_:)`) written as `naming` spells it: a command line says `--all-matching`
  /// where JSON-RPC says `allMatching`.
  public func message(naming name: (String) -> String) -> String {
    switch self {
    case .notFound(let text), .conflict(let text), .refused(let text), .usage(let text),
      .io(let text):
      return Self.naming(text, name)
    case .invalid(let field, let reason), .invalidParameter(let field, let reason):
      // A reason about the value given reads after the field ("invalid bounty: '1.005' has more
      // decimals…"); one about the field itself is a sentence ("lon is required with lat.").
      let verb = reason.prefix { $0 != " " }
      guard ["is", "are", "must", "cannot", "needs", "has"].contains(verb) else {
        return "invalid \(name(field)): \(Self.naming(reason, name))"
      }
      return "\(name(field)) \(Self.naming(reason, name))."
    case .unknownMethod(let name):
      return "unknown method \(name)"
    case .invalidRows(_, let count, let details):
      let shown = details.count < count ? " (the first problems are listed)" : ""
      return
        "\(count) \(count == 1 ? "row is" : "rows are") invalid; nothing was imported\(shown):\n  "
        + details.joined(separator: "\n  ")
    case .interrupted:
      return "interrupted; nothing was changed"
    }
  }

  /// The reason of an `invalid` or `invalidParameter` error (nil for the others), each parameter
  /// it names written as `naming` spells it (see `message(naming:)`).
  public func reason(naming name: (String) -> String = { $0 }) -> String? {
    switch self {
    case .invalid(_, let reason), .invalidParameter(_, let reason): return Self.naming(reason, name)
    default: return nil
    }
  }

  /// How an error's text names a parameter other than its field ("or \(parameter("allMatching"))
  /// with a search"), so that each front can spell it its own way (`message(naming:)`).
  public static func parameter(_ name: String) -> String {
    "\u{1}\(name)\u{2}"
  }

  /// `text` with every `parameter(_:)` mark replaced by `name` of the parameter.
  private static func naming(_ text: String, _ name: (String) -> String) -> String {
    guard text.contains("\u{1}") else { return text }
    var result = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "\u{1}"),
      let close = rest[open...].firstIndex(of: "\u{2}")
    {
      result += rest[..<open]
      result += name(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// The JSON-RPC 2.0 error code (docs/contract.md).
  public var rpcCode: Int {
    switch self {
    case .notFound: return -32001
    case .conflict: return -32002
    case .invalid, .invalidRows: return -32003
    case .refused: return -32004
    case .usage, .invalidParameter: return -32602
    case .unknownMethod: return -32601
    case .io, .interrupted: return -32603
    }
  }

  /// The process exit status (docs/contract.md): 64 for usage errors (a missing or malformed
  /// parameter included), 130 when interrupted, 1 for every other failure.
  public var exitStatus: Int32 {
    switch self {
    case .usage, .invalidParameter, .unknownMethod: return 64
    case .interrupted: return 130
    default: return 1
    }
  }
}
