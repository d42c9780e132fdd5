import BountyCore
import BountyStore

/// Runs commands: checks params against the declaration, runs the handler in one transaction (a
/// change is all or nothing, and one undo step), and answers a JSON value or a `BountyError`.
/// Both fronts call it and only render what comes back.
public final class Dispatcher {
  public let registry: Registry
  public let store: Store

  public init(store: Store, registry: Registry = .standard) {
    self.store = store
    self.registry = registry
  }

  /// Calls the method `name` with JSON-RPC style params (by name).
  public func call(_ name: String, params: JSONObject = JSONObject()) -> Result<JSON, BountyError> {
    guard let command = registry.command(named: name), command.spec.fronts.contains(.rpc) else {
      return .failure(.usage("unknown method \(name)"))
    }
    do {
      return run(command, try command.spec.arguments(fromJSON: params))
    } catch {
      return .failure(error)
    }
  }

  /// Runs `command` with checked arguments.
  public func run(_ command: Command, _ arguments: Arguments) -> Result<JSON, BountyError> {
    let spec = command.spec
    do {
      let value: JSON
      switch spec.effect {
      case .read:
        value = try store.database.transaction(write: false) {
          try command.handler(store, arguments)
        }
      case .outsideTransaction:
        value = try command.handler(store, arguments)
      case .change(let undoable):
        value = try store.database.transaction(write: true) {
          guard undoable else { return try command.handler(store, arguments) }
          return try store.recordingStep({ Self.stepLabel(spec, arguments, result: $0) }) {
            try command.handler(store, arguments)
          }
        }
      }
      return .success(value)
    } catch {
      return .failure(Store.describe(error, path: store.path))
    }
  }

  /// How an undo step is named in `history`: `fugitives delete 7`, `settings set rounding`.
  static func stepLabel(_ spec: CommandSpec, _ arguments: Arguments, result: JSON) -> String {
    var label = spec.words.joined(separator: " ")
    if let id = arguments.int("id") {
      label += " \(id)"
    } else if case .number(let id)? = result["id"] {
      label += " \(id)"
    }
    if let key = arguments.text("key") { label += " \(key)" }
    return label
  }
}
