import Foundation

/// What a test run leaves behind and removes as the test process exits: the folders of
/// `TemporaryFolder` and the databases `PostgresTestServer.freshDatabase` made on a server the run
/// did not start itself. Not when a test ends: Swift may end a local's lifetime at its last use,
/// before the paths made from it are done with, and a failed test's files are worth a look while
/// the run goes on. Without this, every run left hundreds of folders (some of hundreds of MiB) and
/// databases behind, and repeated runs filled the disk.
public enum TestLeftovers {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var folders: [String] = []
  /// The server the databases to drop are on (the tests use one: `PostgresTestServer.shared`).
  nonisolated(unsafe) private static var server: PostgresTestServer?
  nonisolated(unsafe) private static var databases: [String] = []
  nonisolated(unsafe) private static var registered = false

  /// Removes `folder` and what it holds when the process exits.
  public static func removeAtExit(folder: String) {
    remember { folders.append(folder) }
  }

  /// Drops database `name` of `server` when the process exits.
  static func dropAtExit(database name: String, on server: PostgresTestServer) {
    remember {
      Self.server = server
      databases.append(name)
    }
  }

  private static func remember(_ change: () -> Void) {
    lock.lock()
    defer { lock.unlock() }
    change()
    if !registered {
      registered = true
      atexit { TestLeftovers.removeAll() }
    }
  }

  private static func removeAll() {
    lock.lock()
    let (folders, databases, server) = (Self.folders, Self.databases, Self.server)
    lock.unlock()
    for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    guard let server, !databases.isEmpty else { return }
    // One psql for all: each -c runs on its own, outside a transaction, as DROP DATABASE must.
    let drops = databases.flatMap { ["-c", "DROP DATABASE IF EXISTS \($0) WITH (FORCE)"] }
    _ = try? PostgresTestServer.execute(
      PostgresTestServer.serverBinFolder + "/psql",
      ["-X", "-q", "-d", server.url(database: "postgres")] + drops)
  }
}
