/// The one error type every layer answers with. Each case maps to a terminal exit status and a
/// JSON-RPC error code (see `docs/architecture.md`); the message is one line meant for a person.
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
  /// The command line itself is wrong (unknown command or option, missing argument).
  case usage(String)
  /// Reading or writing a file, or the database, failed.
  case io(String)
  /// Some rows of an import are wrong; nothing was imported. `details` names each row's line and
  /// field (the first 20), `count` how many rows were wrong in all.
  case invalidRows(field: String, count: Int, details: [String])
  /// The user interrupted the operation (Ctrl-C); nothing was changed.
  case interrupted

  /// The one line a person reads.
  public var message: String {
    switch self {
    case .notFound(let text), .conflict(let text), .refused(let text), .usage(let text),
      .io(let text):
      return text
    case .invalid(let field, let reason):
      return "invalid \(field): \(reason)"
    case .invalidRows(_, let count, let details):
      let shown = details.count < count ? " (the first problems are listed)" : ""
      return
        "\(count) \(count == 1 ? "row is" : "rows are") invalid; nothing was imported\(shown):\n  "
        + details.joined(separator: "\n  ")
    case .interrupted:
      return "interrupted; nothing was changed"
    }
  }

  /// The JSON-RPC 2.0 error code of INTERFACE.md.
  public var rpcCode: Int {
    switch self {
    case .notFound: return -32001
    case .conflict: return -32002
    case .invalid, .invalidRows: return -32003
    case .refused: return -32004
    case .usage: return -32602
    case .io, .interrupted: return -32603
    }
  }

  /// The process exit status of INTERFACE.md: 64 for usage errors, 1 for every other failure.
  public var exitStatus: Int32 {
    switch self {
    case .usage: return 64
    case .interrupted: return 130
    default: return 1
    }
  }
}
