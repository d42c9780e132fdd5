internal import BountyCommands
import BountyCore
internal import BountyStore

extension Dispatcher {
  /// Runs the list command `spec` declares and hands `each` every item that matches, as the rows
  /// are read (no page and no cap: the terminal's `--format csv|tsv|ndjson`), all in one read
  /// transaction; `each` answers false to stop (its output is gone). A command that declares no
  /// streaming of its items hands over the items of its result. Arguments are checked, and amounts
  /// and dates resolved, as for any call.
  public func forEachItem(
    _ spec: CommandSpec, _ arguments: Arguments, listKey: String, _ each: (any ListItem) -> Bool
  ) -> Result<Void, BountyError> {
    command(for: spec).flatMap { command in
      struct Stopped: Error {}
      do {
        try store.checkCancelled()
        let dated = resolvingRelativeDates(spec, arguments)
        try store.database.transaction(write: false) {
          let arguments = try resolvingAmounts(dated)
          func hand(_ item: any ListItem) throws {
            guard each(item) else { throw Stopped() }
          }
          guard let items = command.items else {
            let result = try command.handler(store, arguments)
            for item in result.json[listKey]?.arrayValue ?? [] { try hand(item) }
            return
          }
          try items(store, arguments, hand)
        }
        return .success(())
      } catch is Stopped {
        return .success(())
      } catch {
        return .failure(Store.describe(error, path: store.path))
      }
    }
  }
}
