import Foundation

/// Runs the real `bounty` binary built beside the test bundle, as a user or a script would.
public struct BinaryRunner {
  public struct Outcome {
    public let status: Int32
    public let stdout: String
    public let stderr: String
  }

  /// The built executable: beside the test bundle in the build folder.
  public static let executable: String = builtExecutable(named: "bounty")

  /// An executable the build wrote beside the test bundle (or in a folder above it), by name.
  public static func builtExecutable(named name: String) -> String {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = bundle.deletingLastPathComponent()
    while !FileManager.default.isExecutableFile(atPath: folder.appending(path: name).path),
      folder.path != "/"
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appending(path: name).path
  }

  public let database: String
  public var environment: [String: String]
  /// Runs the binary as the unprivileged user `nobody` (uid and gid 65534, through `setpriv`) when
  /// the tests run as root, so file permissions bind; a non-root test process is unprivileged
  /// already and runs it directly. See `ReadOnlyDatabase`.
  public var unprivileged = false
  /// The folder the binary starts in; the test process's own when nil.
  public var workingDirectory: String?

  public init(database: String, now: String = "2026-11-30T10:00:00Z") {
    self.database = database
    var environment = ProcessInfo.processInfo.environment
    environment["BOUNTY_DB"] = database
    environment["BOUNTY_NOW"] = now
    environment.removeValue(forKey: "NO_COLOR")
    // Preferences are the person's, in their config folder: each runner has a folder of its own
    // (nothing written to the real one, nothing shared between tests).
    environment["XDG_CONFIG_HOME"] = (try? TemporaryFolder())?.file("config") ?? "/nonexistent"
    self.environment = environment
  }

  /// Runs `bounty ARGUMENTS` with `input` on stdin (empty when nil) and collects both streams.
  @discardableResult
  public func run(
    _ arguments: [String], input: String? = nil, executable: String = BinaryRunner.executable
  ) throws -> Outcome {
    try run(arguments, inputData: Data((input ?? "").utf8), executable: executable)
  }

  public func run(
    _ arguments: [String], inputData: Data, executable: String = BinaryRunner.executable
  ) throws -> Outcome {
    let folder = try TemporaryFolder()
    let inPath = folder.file("stdin")
    let outPath = folder.file("stdout")
    let errPath = folder.file("stderr")
    _ = FileManager.default.createFile(atPath: inPath, contents: inputData)
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let process = try Self.started { () throws -> Process in
      let process = Process()
      if unprivileged && getuid() == 0 {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
          ["--reuid=65534", "--regid=65534", "--clear-groups", executable] + arguments
      } else {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
      }
      process.environment = environment
      if let workingDirectory {
        process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)
      }
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
      return process
    }
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus,
      stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
  }

  /// Sends JSON-RPC lines to `bounty rpc` and returns the response lines.
  public func rpc(_ lines: [String]) throws -> [String] {
    let outcome = try run(["rpc"], input: lines.joined(separator: "\n") + "\n")
    return outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// Copies the built binary to `path` with `cp`, not through this process: a file the test
  /// process held open for writing would be inherited by any child another test thread started
  /// meanwhile, and the copy could then not be run ("Text file busy", also when `setpriv` runs
  /// it, which `started` cannot retry) for as long as that child lived.
  public static func copyExecutable(to path: String) throws {
    let copied = try PostgresTestServer.execute("/bin/cp", [executable, path])
    guard copied.status == 0 else {
      throw PostgresTestServerError(description: "cp of the binary failed: \(copied.stderr)")
    }
  }

  /// A process `make` builds, started; built and started again when exec meets "Text file busy":
  /// a copy of the binary another test just wrote can still be open for writing in a child that a
  /// parallel test forked meanwhile (the descriptor is inherited until that child execs), a race
  /// of the test process, not of bounty.
  public static func started(_ make: () throws -> Process) throws -> Process {
    var attempt = 0
    while true {
      let process = try make()
      do {
        try process.run()
        return process
      } catch let error as NSError where attempt < 50 && Self.isTextFileBusy(error) {
        attempt += 1
        usleep(20_000)
      }
    }
  }

  private static func isTextFileBusy(_ error: NSError) -> Bool {
    let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
    return [error, underlying].contains { $0?.domain == NSPOSIXErrorDomain && $0?.code == 26 }
  }
}
