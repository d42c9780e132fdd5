import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Another application's SQLite file named by `--db` is refused in one line, before anything is
/// written to it or beside it.
@Suite(.onTestThreads) struct ForeignDatabaseTests {
  @Test(arguments: ["DELETE", "WAL"])
  func aForeignFileAtABountyVersionIsRefusedUntouched(journal: String) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("recipes.sqlite")
    #expect(
      system(
        "sqlite3 '\(path)' 'PRAGMA journal_mode = \(journal); CREATE TABLE recipes (name TEXT); "
          + "INSERT INTO recipes VALUES (1); PRAGMA user_version = 4;' > /dev/null") == 0)
    let before = try #require(TemporaryFolder.bytes(path))
    let outcome = try BinaryRunner(database: path).run(["fugitives", "list"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    #expect(
      outcome.stderr
        == "Error: \(path) is a SQLite database but not a bounty database (it lacks fugitive of "
        + "bounty schema version 4); nothing was changed\n")
    let unchanged = TemporaryFolder.bytes(path) == before
    #expect(unchanged)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["recipes.sqlite"])
  }
}
