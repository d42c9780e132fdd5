import BountyTestSupport
import Testing

/// The shell's `sort KEY desc|asc` names which end comes first, whatever the tab's own order: the
/// Captured tab lists newest captures first by itself, and `desc` there keeps that.
@Suite(.onTestThreads) struct ShellSortTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
  }

  /// The first row of the Captured tab's list (6 fugitives) the script printed last.
  func firstRow(after script: String) throws -> String {
    let outcome = try bounty.run(["shell"], input: script + "\nquit\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    guard let footer = lines.lastIndex(of: "6 captured"), footer >= 6 else { return "" }
    return lines[footer - 6]
  }

  @Test func descAndAscNameWhichEndComesFirst() throws {
    // Tobias Wren was captured last (2026-11-18), Émile Fournier first (2026-10-03).
    #expect(try firstRow(after: "2\nsort captured desc").contains("Tobias Wren"))
    #expect(try firstRow(after: "2\nsort captured asc").contains("Émile Fournier"))
    #expect(try firstRow(after: "2").contains("Tobias Wren"))
  }
}
