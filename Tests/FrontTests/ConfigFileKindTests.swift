import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The config file (`$XDG_CONFIG_HOME/bounty/config`) is handled as git handles its own: a
/// symbolic link is read through and written through (the link stays, its target keeps its
/// mode), anything but a regular file is refused in one line without waiting on it, and CR LF
/// ends a line. Before, a link was replaced by a regular 0644 file, a FIFO hung every command and
/// a CR LF file was all "line 1".
@Suite(.onTestThreads) struct ConfigFileKindTests {
  let folder: TemporaryFolder
  var bounty: BinaryRunner
  let config: String

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    bounty.environment["XDG_CONFIG_HOME"] = folder.file("xdg")
    config = folder.file("xdg/bounty/config")
    try FileManager.default.createDirectory(
      atPath: folder.file("xdg/bounty"), withIntermediateDirectories: true)
    try bounty.run(["fugitives", "add", "--name", "Alma Dear", "--bounty", "900"])
  }

  func text(_ path: String) -> String? {
    TemporaryFolder.bytes(path).map { String(decoding: $0, as: UTF8.self) }
  }

  func mode(_ path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
  }

  @Test func aSymbolicLinkIsReadAndWrittenThroughKeepingItsTargetsMode() throws {
    let target = folder.file("dotfiles/bounty-config")
    try FileManager.default.createDirectory(
      atPath: folder.file("dotfiles"), withIntermediateDirectories: true)
    try Data("# mine\npager = never\n".utf8).write(to: URL(fileURLWithPath: target))
    chmod(target, 0o600)
    #expect(symlink("../../dotfiles/bounty-config", config) == 0)
    #expect(try bounty.run(["settings", "get", "pager"]).stdout.hasPrefix("pager = never"))
    let set = try bounty.run(["settings", "set", "color", "never"])
    #expect(set.status == 0, "\(set.stderr)")
    var link = stat()
    #expect(lstat(config, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK)
    #expect(text(target) == "# mine\npager = never\ncolor = never\n")
    #expect(mode(target) == 0o600)
    #expect(try bounty.run(["settings", "get", "color"]).stdout.hasPrefix("color = never"))
  }

  @Test func aNewFileIsMade0644AndAnExistingOneKeepsItsMode() throws {
    #expect(try bounty.run(["settings", "set", "color", "never"]).status == 0)
    #expect(mode(config) == 0o644)
    chmod(config, 0o640)
    #expect(try bounty.run(["settings", "set", "pager", "never"]).status == 0)
    #expect(mode(config) == 0o640)
  }

  @Test func aFIFOIsRefusedAtOnceInOneLine() throws {
    #expect(mkfifo(config, 0o600) == 0)
    for command in [["fugitives", "list"], ["settings", "set", "color", "never"]] {
      // Under timeout(1): a command that waits on the FIFO (as before) ends with 124 after 20 s.
      let outcome = try bounty.run(
        ["20", BinaryRunner.executable] + command, executable: "/usr/bin/timeout")
      #expect(outcome.status == 1)
      #expect(
        outcome.stderr
          == "Error: \(config) is a FIFO, not a regular file; bounty reads its preferences only "
          + "from a regular file (remove or replace it)\n", "\(outcome.stderr)")
    }
    var status = stat()
    #expect(lstat(config, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func aFolderIsRefusedInOneLine() throws {
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    let outcome = try bounty.run(["fugitives", "list"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.hasPrefix("Error: \(config) is a folder, not a regular file"))
    #expect(outcome.stderr.split(separator: "\n").count == 1)
  }

  @Test func crLFEndsALineAndTheLineNumbersCountRight() throws {
    try Data("# mine\r\npager = never\r\n".utf8).write(to: URL(fileURLWithPath: config))
    #expect(try bounty.run(["settings", "get", "pager"]).stdout.hasPrefix("pager = never"))
    #expect(try bounty.run(["settings", "set", "color", "never"]).status == 0)
    #expect(text(config) == "# mine\r\npager = never\r\ncolor = never\r\n")
    try Data("# mine\r\npager = never\r\ncolour = x\r\n".utf8).write(
      to: URL(fileURLWithPath: config))
    let bad = try bounty.run(["fugitives", "list"])
    #expect(bad.status == 1)
    #expect(bad.stderr.hasPrefix("Error: \(config) line 3: 'colour' is not a preference"))
  }
}
