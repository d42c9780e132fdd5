import BountyApp
import BountyCore
import Glibc

/// The full-screen workspace.
final class Workspace {
  let dispatcher: Dispatcher
  init(dispatcher: Dispatcher, environment: [String: String], noColor: Bool) {
    self.dispatcher = dispatcher
  }
  static func canRun(environment: [String: String]) -> Bool { false }
  func run() -> Int32 { 0 }
}
