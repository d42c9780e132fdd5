import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// `--db PATH` and `$BOUNTY_DB` name a file, always: SQLite's URI and `:memory:` forms are taken
/// literally, so no data vanishes into memory and no stray folder appears; an empty path is a usage
/// error.
@Suite struct DatabasePathTests {
  @Test(arguments: ["file:x?mode=memory", ":memory:", "file:cases.sqlite#frag", "file::memory:"])
  func aURIShapedPathIsAFileOfThatName(name: String) throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("unused.sqlite"))
    bounty.workingDirectory = folder.path
    let added = try bounty.run([
      "--db", name, "fugitives", "add", "--name", "Kept", "--bounty", "5",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    // A second process finds the fugitive in the file of that very name, and nothing else was made.
    let listed = try bounty.run(["--db=" + name, "fugitives", "list"])
    #expect(listed.status == 0 && listed.stdout.contains("Kept"), "\(listed.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
    #expect(
      TemporaryFolder.bytes(folder.file(name))?.starts(with: Array("SQLite format 3".utf8)) == true)
  }

  @Test func theEnvironmentVariableIsAPathToo() throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: "file:env.sqlite?mode=memory")
    bounty.workingDirectory = folder.path
    #expect(try bounty.run(["fugitives", "add", "--name", "Kept", "--bounty", "5"]).status == 0)
    #expect(try bounty.run(["fugitives", "list"]).stdout.contains("Kept"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
        "file:env.sqlite?mode=memory"
      ])
  }

  @Test func aBackupToAURIShapedNameIsAFileOfThatName() throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("bounty.sqlite"))
    bounty.workingDirectory = folder.path
    #expect(try bounty.run(["fugitives", "add", "--name", "Kept", "--bounty", "5"]).status == 0)
    let backup = try bounty.run(["db", "backup", "file:copy.sqlite?mode=memory"])
    #expect(backup.status == 0, "\(backup.stderr)")
    let copy = BinaryRunner(database: folder.file("file:copy.sqlite?mode=memory"))
    #expect(try copy.run(["fugitives", "list"]).stdout.contains("Kept"))
  }

  @Test(arguments: [["--db", ""], ["--db="]])
  func anEmptyPathIsAUsageError(option: [String]) throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("unused.sqlite"))
    bounty.workingDirectory = folder.path
    let outcome = try bounty.run(option + ["fugitives", "list"])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix("Error: --db needs a PATH\n"), "\(outcome.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
