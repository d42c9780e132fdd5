import BountyCore
import Foundation

/// A bounty database that the binary may only read: mode 0444, owned by root while the binary runs
/// as `nobody` (when the tests run as root), or by the test's own user otherwise. Its folder is
/// one that user can write (`.writable`, mode 1777) or cannot (`.locked`, mode 0555).
///
/// `runner` runs a copy of the binary as that user; the copy lives in the fixture's folder, which
/// every user may enter, because the build folder may sit under a private home. Fill the database
/// with `owner` before calling `lock()`.
public struct ReadOnlyDatabase {
  public enum Folder: String, Sendable, CaseIterable { case writable, locked }

  public let root: TemporaryFolder
  public let folder: String
  public let path: String
  public let kind: Folder
  /// Runs the binary as the database's owner (the test's own user).
  public let owner: BinaryRunner
  /// Runs the binary as a user who may only read the database.
  public let runner: BinaryRunner

  public init(in kind: Folder, now: String = "2026-11-30T10:00:00Z") throws {
    root = try TemporaryFolder()
    self.kind = kind
    folder = root.file(kind.rawValue)
    path = folder + "/bounty.sqlite"
    let manager = FileManager.default
    try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
    try manager.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let binary = root.file("bounty")
    try BinaryRunner.copyExecutable(to: binary)
    owner = BinaryRunner(database: path, now: now)
    // The test's own TMPDIR may be private; the reader gets one it can write.
    let temporary = root.file("tmp")
    try manager.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    try manager.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: temporary)
    var runner = BinaryRunner(database: path, now: now)
    runner.unprivileged = true
    runner.workingDirectory = root.path
    runner.environment["TMPDIR"] = temporary
    self.runner = runner
  }

  /// The copied binary, to pass as `executable:` to `runner.run`.
  public var executable: String { root.file("bounty") }

  /// Makes the file 0444 and sets the folder's mode; call once the owner has filled it.
  public func lock() throws {
    let manager = FileManager.default
    try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    try manager.setAttributes(
      [.posixPermissions: kind == .writable ? 0o1777 : 0o555], ofItemAtPath: folder)
  }

  /// Runs `bounty ARGUMENTS` as the user who may only read.
  @discardableResult
  public func read(_ arguments: [String]) throws -> BinaryRunner.Outcome {
    try runner.run(arguments, executable: executable)
  }

  /// The folder's file names and the database's bytes: equal before and after means nothing was
  /// written and nothing was left behind.
  public func snapshot() throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      files[name] = FileManager.default.contents(atPath: folder + "/" + name).map(Array.init) ?? []
    }
    return files
  }
}
