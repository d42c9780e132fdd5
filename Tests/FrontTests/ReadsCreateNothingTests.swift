import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// A command that only reads never creates a folder or a file (a mistyped `--db` does not start an
/// empty roster): it says where no roster is and exits 1. Completion scripts need no database at
/// all, and a change that fails on a roster it was about to create leaves nothing behind.
@Suite(.onTestThreads) struct ReadsCreateNothingTests {
  let folder: TemporaryFolder
  /// A path two folders below ones that do not exist.
  let missing: String

  init() throws {
    folder = try TemporaryFolder()
    missing = folder.file("nonexistent/dir/x.sqlite")
  }

  func leftInFolder() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Every command the registry declares as only reading, given its required arguments.
  @Test func everyReadOnAMissingPathSaysSoAndCreatesNothing() throws {
    let bounty = BinaryRunner(database: missing)
    var ran = 0
    for spec in ReadOnlyRegistryTests.readers {
      guard var words = ReadOnlyRegistryTests.words(spec) else { continue }
      if spec.param(named: "shell") != nil { words = spec.words + ["ids"] }
      let outcome = try bounty.run(words)
      #expect(outcome.status == 1, "\(words)")
      #expect(outcome.stdout.isEmpty, "\(words)")
      #expect(
        outcome.stderr
          == "Error: no roster at \(missing) (a change such as `bounty sample` or "
          + "`fugitives add` creates it)\n", "\(words)")
      ran += 1
    }
    #expect(ran >= 12)
    #expect(try leftInFolder().isEmpty)
  }

  /// The issue's own example, through `$BOUNTY_DB` as well as `--db`.
  @Test func aListOnAMistypedPathExitsOne() throws {
    let outcome = try BinaryRunner(database: folder.file("unused.sqlite")).run([
      "--db", missing, "fugitives", "list",
    ])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.hasPrefix("Error: no roster at \(missing) "))
    let fromEnvironment = try BinaryRunner(database: missing).run(["captured", "list"])
    #expect(fromEnvironment.status == 1)
    #expect(try leftInFolder().isEmpty)
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func aCompletionScriptNeedsNoDatabase(shell: String) throws {
    let outcome = try BinaryRunner(database: missing).run(["completions", shell])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("bounty") && outcome.stderr.isEmpty)
    // Not even an existing file of another kind is opened.
    let notADatabase = folder.file("notes.txt")
    _ = FileManager.default.createFile(atPath: notADatabase, contents: Data("hello".utf8))
    let beside = try BinaryRunner(database: notADatabase).run(["completions", shell])
    #expect(beside.status == 0 && beside.stdout == outcome.stdout)
    #expect(try leftInFolder() == ["notes.txt"])
  }

  /// A Tab on a mistyped `--db` completes nothing and creates nothing.
  @Test func theIDsForATabPrintNothingWhereThereIsNoRoster() throws {
    let outcome = try BinaryRunner(database: missing).run(["completions", "ids"])
    #expect(outcome.status == 1 && outcome.stdout.isEmpty)
    #expect(try leftInFolder().isEmpty)
  }

  /// Whatever refuses it (the command itself, an ID# that does not exist, an amount the
  /// currency refuses), a change that fails leaves neither the file nor its new folders.
  @Test(arguments: [
    ["db", "init-agency"],
    ["fugitives", "delete", "5", "--yes"],
    ["fugitives", "add", "--name", "Ann Lee", "--bounty", "1.005"],
    ["fugitives", "note", "add", "5", "seen"],
  ])
  func aRefusedChangeLeavesNoFile(arguments: [String]) throws {
    for path in [missing, folder.file("solo.sqlite")] {
      let outcome = try BinaryRunner(database: path).run(arguments)
      #expect(outcome.status != 0, "\(arguments)")
      #expect(outcome.stderr.hasPrefix("Error: "), "\(arguments)")
      let left = try leftInFolder()
      #expect(left.isEmpty, "\(arguments): \(left)")
    }
  }

  /// Two processes may create the same new roster at once: the one whose change failed removes
  /// the file only while it holds nothing, never what the other one stored in it.
  @Test func aNewRosterAnotherProcessFilledIsKept() throws {
    let pending = try #require(NewDatabaseFile.before(opening: missing))
    let added = try BinaryRunner(database: missing).run([
      "fugitives", "add", "--name", "Ann Lee", "--bounty", "5",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    pending.remove()
    #expect(FileManager.default.fileExists(atPath: missing))
    let empty = folder.file("new/empty.sqlite")
    let nothing = try #require(NewDatabaseFile.before(opening: empty))
    #expect(try BinaryRunner(database: empty).run(["db", "migrate"]).status == 0)
    nothing.remove()
    #expect(!FileManager.default.fileExists(atPath: folder.file("new")))
  }

  /// A change that succeeds creates the roster (and its folders); a later failed change keeps it.
  @Test func aChangeCreatesTheRoster() throws {
    let bounty = BinaryRunner(database: missing)
    let added = try bounty.run(["fugitives", "add", "--name", "Ann Lee", "--bounty", "5"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(FileManager.default.fileExists(atPath: missing))
    #expect(try bounty.run(["fugitives", "delete", "99", "--yes"]).status == 1)
    let listed = try bounty.run(["fugitives", "list"])
    #expect(listed.status == 0 && listed.stdout.contains("Ann Lee"))
  }
}
