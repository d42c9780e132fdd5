import BountyTestSupport
import Foundation
import Glibc
import Testing

/// docs/agency.md is run like every other document's ```console blocks (`DocTranscriptTests`), but
/// against a cluster of its own (the document creates roles, which belong to the whole cluster, and
/// a standby beside it): each `$ command` runs in bash in the document's folder, as the `postgres`
/// OS user when the tests run as root (as the document's reader would, `sudo -u postgres -i`),
/// with `PGHOST` the cluster's socket and `PGUSER` its superuser. `scripts/update-generated`
/// rewrites the outputs.
@Suite(.onTestThreads) struct AgencyDocTranscriptTests {
  static let document = "docs/agency.md"

  @Test func everyStepOfTheAgencyGuideRunsAsShown() throws {
    try PostgresTestServer.withOwnCluster { cluster, _ in try runGuide(on: cluster) }
  }

  /// Runs every step of the guide against the cluster in the folder `cluster`.
  private func runGuide(on cluster: String) throws {
    let folder = cluster + "/doc"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    if getuid() == 0 {
      let owned = try PostgresTestServer.execute("/bin/chown", ["postgres:", folder])
      #expect(owned.status == 0, "\(owned.stderr)")
    }
    var environment = ProcessInfo.processInfo.environment
    for key in environment.keys where key.hasPrefix("PG") || key == "BOUNTY_DB" {
      environment.removeValue(forKey: key)
    }
    // The document's steps run as `postgres`, who may not enter the clone's folder (root's home,
    // a mktemp -d): they run a copy of the binary kept beside the cluster, which it reaches.
    let binFolder = try Self.reachableCopyOfTheBinary(in: cluster + "/bin")
    // Debian keeps pgbouncer in /usr/sbin, which an unprivileged PATH may leave out.
    environment["PATH"] =
      [
        binFolder, PostgresTestServer.serverBinFolder, environment["PATH"] ?? "/usr/bin:/bin",
        "/usr/sbin",
      ]
      .joined(separator: ":")
    environment["PGHOST"] = cluster + "/socket"
    environment["PGUSER"] = "postgres"
    environment["HOME"] = folder
    environment["TMPDIR"] = folder
    environment["BOUNTY_NOW"] = "2026-11-30T10:00:00Z"
    environment["NO_COLOR"] = "1"
    environment["TZ"] = "UTC"

    let text = try String(
      contentsOf: GeneratedFile.root.appending(path: Self.document), encoding: .utf8)
    // The pooler the guide starts, should a step after its start fail before the one that stops it.
    defer { Self.stopPooler(pidFile: folder + "/pgbouncer.pid") }
    let (regenerated, commands) = try DocTranscriptTests.regenerate(text) { command in
      try Self.run(command, in: folder, environment: environment)
    }
    #expect(commands >= 20, "the agency guide lost its steps")
    #expect(
      GeneratedFile.staleness(Self.document, regenerated) == nil,
      "stale: run scripts/update-generated")
  }

  /// A new folder `folder` (mode 755) holding a copy of the built `bounty` (mode 755), which
  /// every user who reaches `folder` can run, wherever the clone is.
  static func reachableCopyOfTheBinary(in folder: String) throws -> String {
    let files = FileManager.default
    try files.createDirectory(
      atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    try BinaryRunner.copyExecutable(to: folder + "/bounty")
    try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/bounty")
    return folder
  }

  /// Stops the process whose id `pidFile` holds, if it is still there.
  static func stopPooler(pidFile: String) {
    guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
      let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return }
    kill(pid, SIGTERM)
  }

  /// Runs `command` in bash in `folder` (as `postgres` when root) and returns what it printed on
  /// both streams. Spawned and waited for by its process id, with none of this process's
  /// descriptors: a server the command starts outlives it and must not hold them.
  static func run(_ command: String, in folder: String, environment: [String: String]) throws
    -> String
  {
    let output = folder + "/.out-\(UUID().uuidString)"
    defer { unlink(output) }
    let script =
      "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done\n"
      + "cd \"$0\" || exit 1\n" + command
    var arguments = ["/bin/bash", "-c", script, folder]
    if getuid() == 0 {
      arguments =
        ["/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"]
        + arguments
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    // With no signal blocked, as in the reader's shell: this process's threads block most, and a
    // server a step starts (PgBouncer) would never see the SIGTERM of the step that stops it.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }
}
