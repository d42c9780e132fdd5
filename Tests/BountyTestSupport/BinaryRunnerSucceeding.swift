import Foundation

/// A run of bounty or of the `sqlite3` shell that a test needs to succeed before it can go on.
public struct RunFailed: Error, CustomStringConvertible {
  public let description: String
}

extension BinaryRunner {
  /// Runs bounty with `arguments` (and `input` on stdin) and returns its standard output;
  /// throws, naming the arguments, the exit status and standard error, when it exits with another
  /// status than 0 (a thrown error fails the test that called it).
  @discardableResult
  public func succeeding(_ arguments: [String], input: String? = nil) throws -> String {
    let outcome = try run(arguments, input: input)
    guard outcome.status == 0 else {
      throw RunFailed(
        description: "bounty \(arguments) exited \(outcome.status): \(outcome.stderr)")
    }
    return outcome.stdout
  }

  /// Runs `sql` in the `sqlite3` shell on the database, as another program would; throws when
  /// the shell fails.
  public func shellSucceeding(_ sql: String) throws {
    guard try sqlite3(sql) != nil else { throw RunFailed(description: "sqlite3 failed: \(sql)") }
  }
}
