import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Choosing a free ID# is one index look-up whatever IDs exist (migration 0016 keeps the runs of
/// consecutive ID#s), also in the shape that used to scan: ID# 1 taken and the top ID#s one solid
/// block, here 100,000 at each end (200,000 rows).
@Suite(.onTestThreads) struct FreeIDRunTests {
  static let block = 100_000
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  /// The two blocks every test starts from, imported once.
  static let roster = SeededDatabase { path in
    let top = Limits.fugitiveIDs.upperBound
    var csv = "id,name,bounty\n"
    for id in 1...Int64(block) { csv += "\(id),Low,1\n" }
    for id in (top - Int64(block) + 1)...top { csv += "\(id),High,1\n" }
    try BinaryRunner(database: path).succeeding(["import", "-", "--format", "csv"], input: csv)
  }

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try Self.roster.copy(to: bounty.database)
  }

  func add(_ name: String) throws -> (id: JSON?, seconds: Double) {
    let started = Date()
    let added = try bounty.run(["--json", "fugitives", "add", "--name", name, "--bounty", "1"])
    let seconds = Date().timeIntervalSince(started)
    #expect(added.status == 0, "\(added.stderr)")
    return (try JSONParser.parse(added.stdout.trimmingASCIIWhitespace())["id"], seconds)
  }

  @Test func theLowestFreeIDIsOnePastTheRunFromOne() throws {
    let first = try add("First")
    #expect(first.id == .int(Int64(Self.block) + 1))
    #expect(first.seconds < 2, "an add took \(first.seconds) s")
    // A freed ID# low in the first run splits it; the next add takes it, then the run's end again.
    #expect(try bounty.run(["fugitives", "delete", "50", "--yes"]).status == 0)
    #expect(try add("Fifty").id == .int(50))
    #expect(try add("Next").id == .int(Int64(Self.block) + 2))
    // Undo replays row changes through the same triggers: the freed ID# is free again.
    #expect(try bounty.run(["undo"]).status == 0)
    #expect(try add("Again").id == .int(Int64(Self.block) + 2))
    // ID# 1 freed: it is the lowest.
    #expect(try bounty.run(["fugitives", "delete", "1", "--yes"]).status == 0)
    #expect(try add("One").id == .int(1))
    // The runs kept by the triggers are exactly the runs the rows form.
    let islands = """
      SELECT min(id), max(id) FROM (SELECT id, id - row_number() OVER (ORDER BY id) AS island
        FROM fugitive) GROUP BY island
      """
    #expect(
      try bounty.sqlite3("SELECT count(*) FROM fugitive_id_run")
        == bounty.sqlite3("SELECT count(*) FROM (\(islands))"))
    #expect(try bounty.sqlite3("SELECT count(*) FROM fugitive_id_run") == "2")
    #expect(
      try bounty.sqlite3(
        "SELECT count(*) FROM (SELECT first, last FROM fugitive_id_run EXCEPT \(islands))") == "0")
  }

  @Test func manyIDLessRowsStayFast() throws {
    let rows = (0..<20_000).map { "X\($0),1" }.joined(separator: "\n")
    let started = Date()
    let imported = try bounty.run(
      ["import", "-", "--format", "csv"], input: "name,bounty\n\(rows)\n")
    let seconds = Date().timeIntervalSince(started)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(seconds < 20, "20,000 id-less rows took \(seconds) s")
    let shown = try bounty.run(["--json", "fugitives", "show", "\(Self.block + 20_000)"])
    #expect(shown.stdout.contains(#""name":"X19999""#), "\(shown.stdout)")
  }
}
