import BountyApp
import BountyCore

extension BountyError {
  /// The message as a command line says it: each parameter of `spec` it names is written as it is
  /// typed (`--all-matching`, `IDS`), not by its JSON-RPC name (`allMatching`).
  func commandLineMessage(for spec: CommandSpec?) -> String {
    guard let spec else { return message }
    return message { name in
      guard let param = spec.param(named: name), param.fronts.contains(.terminal) else {
        return name
      }
      return CommandLineLabel.name(param)
    }
  }
}
