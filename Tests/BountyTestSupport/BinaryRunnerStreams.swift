import Foundation
import Glibc

extension BinaryRunner {
  /// Runs `bounty ARGUMENTS` with standard output sent to `stdoutPath` (a file, `/dev/full`, a
  /// FIFO…) and `input` on stdin; returns the status and what went to standard error.
  public func run(
    _ arguments: [String], input: String = "", stdoutPath: String
  ) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
    process.arguments = arguments
    process.environment = environment
    let folder = try TemporaryFolder()
    let inPath = folder.file("stdin")
    let errPath = folder.file("stderr")
    _ = FileManager.default.createFile(atPath: inPath, contents: Data(input.utf8))
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    guard let output = FileHandle(forWritingAtPath: stdoutPath) else {
      throw CocoaError(.fileNoSuchFile)
    }
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    )
  }

  /// Starts `bounty ARGUMENTS` without waiting, its output discarded.
  public func start(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}
