import Foundation

/// A PgBouncer in front of the tests' PostgreSQL server (`scripts/pg-test-pooler`), in session or
/// transaction pooling, in a folder of its own, for as long as `body` of `withPooler` runs.
public struct PostgresTestPooler: Sendable {
  /// The folder of the pooler's socket, configuration and log.
  public let folder: String

  /// `scripts/pg-test-pooler` of this checkout.
  public static let script = GeneratedFile.root.appending(path: "scripts/pg-test-pooler").path

  /// Runs `body` with a pooler started in front of `server`, stopped and removed afterwards:
  /// `mode` is PgBouncer's `pool_mode` (`session` or `transaction`), `poolSize` how many server
  /// connections each role may have (the script's 40 when nil).
  public static func withPooler<T>(
    before server: PostgresTestServer, mode: String = "session", poolSize: Int? = nil,
    _ body: (PostgresTestPooler) throws -> T
  ) throws -> T {
    let folder = try PostgresTestServer.makeClusterFolder()
    defer {
      _ = try? PostgresTestServer.execute(script, ["stop", folder])
      try? FileManager.default.removeItem(atPath: folder)
    }
    let started = try PostgresTestServer.execute(
      script, ["start", folder, server.host, mode],
      environment: poolSize.map { ["POOL_SIZE": String($0)] } ?? [:])
    guard started.status == 0 else {
      throw PostgresTestServerError(
        description: "scripts/pg-test-pooler start \(folder) failed: \(started.stderr)")
    }
    return try body(PostgresTestPooler(folder: folder))
  }

  /// `url`, a database of the server (`PostgresTestServer.url`), reached through the pooler.
  public func url(_ url: String) throws -> String {
    guard var components = URLComponents(string: url) else {
      throw PostgresTestServerError(description: "not a URL: \(url)")
    }
    components.queryItems =
      (components.queryItems ?? []).filter { $0.name != "host" && $0.name != "port" }
      + [URLQueryItem(name: "host", value: folder), URLQueryItem(name: "port", value: "6432")]
    return components.string ?? url
  }
}
