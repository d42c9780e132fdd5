import Foundation
import Glibc

extension BinaryRunner {
  /// Runs `bounty ARGUMENTS` with standard input from `stdinPath`, standard output into
  /// `stdoutPath` and standard error discarded, and returns its exit status and peak resident memory in MiB, as GNU time reports
  /// it (`wait4`'s `ru_maxrss` of a process forked from the small `time` process: a child spawned
  /// from this large test process directly would be charged this process's memory).
  public func peakMemory(
    _ arguments: [String], stdinPath: String = "/dev/null", stdoutPath: String = "/dev/null"
  ) throws -> (
    status: Int32, mebibytes: Double
  ) {
    let report = try TemporaryFolder().file("rss")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let time = "/usr/bin/time"
    let argv =
      ([time, "-f", "%M", "-o", report, BinaryRunner.executable] + arguments).map { strdup($0) }
      + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, time, &actions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    // GNU time writes "Command exited with non-zero status N" before the figure when N > 0.
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    let kibibytes = text.split(separator: "\n").last.flatMap { Double($0) } ?? .infinity
    return (exit, kibibytes / 1024)
  }
}
