import Foundation

/// Why the PostgreSQL the tests use could not be reached or asked: thrown, so the test that needed
/// it fails with the reason (agency tests never skip themselves).
public struct PostgresTestServerError: Error, CustomStringConvertible {
  public let description: String
}

/// The PostgreSQL server agency-mode tests run against: the one `BOUNTY_TEST_POSTGRES` names (a
/// libpq conninfo such as `host=/tmp/x/socket user=postgres`, which `.ci/run` exports), else a
/// throwaway cluster this test process starts once with `scripts/pg-test-cluster` and stops when
/// it exits. Each test takes a database of its own from `freshDatabase()`.
public final class PostgresTestServer: Sendable {
  /// The socket folder and the superuser, as libpq keywords.
  public let host: String
  public let user: String

  /// A server reached with `conninfo` (libpq keywords separated by spaces, values unquoted).
  public init(conninfo: String) throws {
    var keywords: [String: String] = [:]
    for pair in conninfo.split(whereSeparator: \.isWhitespace) {
      guard let equals = pair.firstIndex(of: "=") else {
        throw PostgresTestServerError(
          description: "BOUNTY_TEST_POSTGRES must be libpq keywords such as "
            + "'host=/path/to/socket user=postgres', not \(conninfo)")
      }
      keywords[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    host = keywords["host"] ?? "/var/run/postgresql"
    user = keywords["user"] ?? "postgres"
  }

  /// The server, started on first use; throws why it could not be.
  public static var shared: PostgresTestServer {
    get throws { try started.get() }
  }

  private static let started: Result<PostgresTestServer, PostgresTestServerError> = {
    do {
      if let conninfo = ProcessInfo.processInfo.environment["BOUNTY_TEST_POSTGRES"],
        !conninfo.isEmpty
      {
        return .success(try PostgresTestServer(conninfo: conninfo))
      }
      return .success(try PostgresTestServer(conninfo: try startOwnCluster()))
    } catch let error as PostgresTestServerError {
      return .failure(error)
    } catch {
      return .failure(PostgresTestServerError(description: "\(error)"))
    }
  }()

  /// The folder of the cluster this process started, stopped and removed at exit.
  nonisolated(unsafe) private static var ownClusterFolder: String?

  /// Starts a cluster in a new folder and returns its conninfo.
  private static func startOwnCluster() throws -> String {
    let folder = try makeClusterFolder()
    ownClusterFolder = folder
    atexit {
      guard let folder = PostgresTestServer.ownClusterFolder else { return }
      _ = try? PostgresTestServer.execute(PostgresTestServer.clusterScript, ["stop", folder])
      try? FileManager.default.removeItem(atPath: folder)
    }
    let outcome = try execute(clusterScript, ["start", folder])
    guard outcome.status == 0 else {
      throw PostgresTestServerError(
        description: "scripts/pg-test-cluster start \(folder) failed (status \(outcome.status)): "
          + outcome.stderr)
    }
    return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `scripts/pg-test-cluster` of this checkout.
  public static let clusterScript = GeneratedFile.root.appending(path: "scripts/pg-test-cluster")
    .path

  /// Runs `body` with a cluster of its own, started in a new folder and stopped and removed
  /// afterwards: `body` gets the folder and the cluster's conninfo.
  public static func withOwnCluster<T>(_ body: (_ folder: String, _ conninfo: String) throws -> T)
    throws -> T
  {
    let cluster = try makeClusterFolder()
    defer {
      _ = try? execute(clusterScript, ["stop", cluster])
      try? FileManager.default.removeItem(atPath: cluster)
    }
    let started = try execute(clusterScript, ["start", cluster])
    guard started.status == 0 else {
      throw PostgresTestServerError(
        description: "scripts/pg-test-cluster start \(cluster) failed: \(started.stderr)")
    }
    return try body(cluster, started.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// A new empty folder for a cluster, directly under /tmp: a socket path must stay short, and the
  /// `postgres` OS user must be able to reach it, which a private TMPDIR may not allow.
  public static func makeClusterFolder() throws -> String {
    var template = Array("/tmp/bounty-pg-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else {
      throw PostgresTestServerError(description: "cannot make a folder for a test cluster")
    }
    return String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The bounty URL of database `name` on this server, connecting as `role` (the superuser when
  /// nil): `postgresql:///NAME?host=SOCKET-FOLDER&user=ROLE`. libpq takes a socket folder as the
  /// `host` parameter of the query string; it is percent-encoded there, except its slashes.
  public func url(database name: String, role: String? = nil) -> String {
    let allowed = CharacterSet(
      charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
    func encoded(_ value: String) -> String {
      value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
    return "postgresql:///\(encoded(name))?host=\(encoded(host))&user=\(encoded(role ?? user))"
  }

  /// `url` connecting as `role` instead of its own user.
  public static func url(_ url: String, as role: String) throws -> String {
    guard var components = URLComponents(string: url) else {
      throw PostgresTestServerError(description: "not a URL: \(url)")
    }
    components.queryItems =
      (components.queryItems ?? []).filter { $0.name != "user" }
      + [URLQueryItem(name: "user", value: role)]
    return components.string ?? url
  }

  /// Creates a new, empty database (`t_` and random letters) and returns its URL. On a server this
  /// process did not start (`BOUNTY_TEST_POSTGRES`), it is dropped when the process exits
  /// (`TestLeftovers`); a cluster the process started goes as a whole.
  public func freshDatabase() throws -> String {
    let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    _ = try psql(url(database: "postgres"), "CREATE DATABASE \(name)")
    if Self.ownClusterFolder == nil { TestLeftovers.dropAtExit(database: name, on: self) }
    return url(database: name)
  }

  /// The newest installed PostgreSQL server's programs: `pg_ctl`, which Debian keeps off PATH, and
  /// `psql` itself (Debian's `/usr/bin/psql` is a Perl script that picks a version: a Perl start
  /// on every call).
  public static let serverBinFolder: String = {
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    let newest = versions.compactMap(Int.init).max().map(String.init) ?? "15"
    return "/usr/lib/postgresql/\(newest)/bin"
  }()

  /// Runs `sql` with psql against the database at `url` (as `role` instead of the URL's user when
  /// given) and returns its output: rows unaligned (`|` between columns), one a line, no header.
  /// Stops at the first error and throws it.
  public func psql(_ url: String, _ sql: String, role: String? = nil) throws -> String {
    let target = try role.map { try Self.url(url, as: $0) } ?? url
    let outcome = try Self.execute(
      Self.serverBinFolder + "/psql",
      ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", target, "-c", sql])
    guard outcome.status == 0 else {
      throw PostgresTestServerError(
        description: "psql failed (status \(outcome.status)): "
          + outcome.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return outcome.stdout.hasSuffix("\n") ? String(outcome.stdout.dropLast()) : outcome.stdout
  }

  /// Runs a program without the caller's `PG*` variables and collects both streams (through
  /// files: no pipe can fill up and stall it).
  public static func execute(
    _ program: String, _ arguments: [String], environment extra: [String: String] = [:]
  ) throws -> BinaryRunner.Outcome {
    let folder = try TemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder.path) }
    let outPath = folder.file("stdout")
    let errPath = folder.file("stderr")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let process = try BinaryRunner.started { () throws -> Process in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = arguments
      var environment = ProcessInfo.processInfo.environment
      for key in environment.keys where key.hasPrefix("PG") { environment.removeValue(forKey: key) }
      environment.merge(extra) { _, given in given }
      process.environment = environment
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
      return process
    }
    process.waitUntilExit()
    return BinaryRunner.Outcome(
      status: process.terminationStatus,
      stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
  }
}
