import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Undo and redo of a bulk step as a block (docs/history.md, "Blocks"): an import's undo, its redo
/// and its undo again each put back exactly the roster before them (fugitives, notes, photos,
/// case files, expenses, aliases, the search index), and a block keeps the entry-by-entry rules:
/// a key another program took, or a row it changed, refuses the replay naming it. Each test runs
/// with a small block (statement by statement, the row triggers recording) and with one that
/// outweighs the roster (set-based, `SetBasedBlock`: indexes and triggers dropped and rebuilt).
@Suite(.onTestThreads) struct BlockReplayTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("roster.sqlite"))
  }

  /// A roster of two fugitives, and a JSON export to import into it as one block after position
  /// 2: the sample roster's 34, each with a photo, and one with a bond, an alias and an expense;
  /// with `large`, 1,200 more from a CSV (a block past `SetBasedBlock.minimumFugitives`).
  private func prepare(large: Bool) throws {
    let source = BinaryRunner(database: folder.file("source.sqlite"))
    let photo = folder.file("photo.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7, 0, 255, 1]).write(
      to: URL(fileURLWithPath: photo))
    #expect(try source.run(["sample"]).status == 0)
    for id in ["12328", "10914"] {
      #expect(try source.run(["fugitives", "photo", id, photo]).status == 0)
    }
    #expect(try source.run(["fugitives", "bond", "12328", "--amount", "50000"]).status == 0)
    #expect(try source.run(["fugitives", "alias", "add", "12328", "Frankie Dee"]).status == 0)
    #expect(
      try source.run(["expenses", "add", "12328", "--amount", "120.50", "--memo", "Motel"]).status
        == 0)
    if large {
      let rows = (50_001...51_200).map { "\($0),Bulk Row \($0),\($0 % 997).25,row \($0)\n" }
      try ("id,name,bounty,description\n" + rows.joined()).write(
        toFile: folder.file("more.csv"), atomically: true, encoding: .utf8)
      #expect(try source.run(["import", folder.file("more.csv")]).status == 0)
      #expect(
        try source.run(["fugitives", "note", "add", "50007", "Seen at the pier"]).status == 0)
    }
    #expect(try source.run(["export", "--output", folder.file("roster.json")]).status == 0)
    try bounty.succeeding([
      "fugitives", "add", "--id", "1", "--name", "Ann Early", "--bounty", "10",
    ])
    try bounty.succeeding(["fugitives", "add", "--id", "2", "--name", "Bo Early", "--bounty", "20"])
  }

  /// Every row of every table a block holds, and the search index's rows.
  private var everything: String? {
    get throws {
      try bounty.sqlite3(
        """
        SELECT group_concat(x, ';') FROM (SELECT id || '|' || name || '|' || bounty_minor || '|'
          || description || '|' || position || '|' || captured || '|' || name_key AS x
          FROM fugitive ORDER BY id);
        SELECT group_concat(x, ';') FROM (SELECT id || '|' || fugitive_id || '|' || position
          || '|' || text AS x FROM note ORDER BY id);
        SELECT group_concat(x, ';') FROM (SELECT fugitive_id || '|' || media_type || '|'
          || hex(bytes) AS x FROM photo ORDER BY fugitive_id);
        SELECT group_concat(x, ';') FROM (SELECT fugitive_id || '|' || bond_minor AS x
          FROM case_file ORDER BY fugitive_id);
        SELECT group_concat(x, ';') FROM (SELECT id || '|' || fugitive_id || '|' || amount_minor
          || '|' || memo AS x FROM expense ORDER BY id);
        SELECT group_concat(x, ';') FROM (SELECT id || '|' || fugitive_id || '|' || name AS x
          FROM alias ORDER BY id);
        SELECT count(*) FROM fugitive_search;
        """)
    }
  }

  private func expectHealthy(_ moment: String) throws {
    let check = try bounty.run(["db", "check"])
    #expect(check.status == 0 && check.stdout.contains("Problems           none"), "\(moment)")
  }

  @Test(arguments: [false, true])
  func anImportUndoesRedoesAndUndoesAgainExactly(large: Bool) throws {
    try prepare(large: large)
    let before = try everything
    try bounty.succeeding(["import", folder.file("roster.json")])
    let imported = try everything
    #expect(imported != before)
    #expect(imported?.contains("Frankie Dee") == true)
    for (command, expected) in [("undo", before), ("redo", imported), ("undo", before)] {
      #expect(try bounty.succeeding([command]).contains(command == "undo" ? "Undid" : "Redid"))
      #expect(try everything == expected, "after \(command)")
      try expectHealthy(command)
    }
    try bounty.succeeding(["redo"])
    // Redone, the block's rows are found by search again.
    #expect(
      try bounty.succeeding(["fugitives", "list", "--all", "--search", "frankie"]).contains("12328")
    )
    try expectHealthy("the last redo")
  }

  @Test(arguments: [false, true])
  func aRedoRefusesAnIDAnotherProgramTookSince(large: Bool) throws {
    try prepare(large: large)
    try bounty.succeeding(["import", folder.file("roster.json")])
    try bounty.succeeding(["undo"])
    #expect(
      try bounty.sqlite3(
        """
        INSERT INTO fugitive (id, name, bounty_minor, description, position, created_at, updated_at)
        VALUES (10914, 'Other', 100, '', 3, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
        """) != nil)
    let redo = try bounty.run(["redo"])
    #expect(redo.status == 1)
    #expect(
      redo.stderr
        == "Error: ID# 10914 (Other) was added again by another program since the undo; nothing "
        + "was redone\n", "\(redo.stderr)")
    // Nothing came back: the redo changed nothing.
    #expect(
      try bounty.sqlite3("SELECT group_concat(id), (SELECT count(*) FROM note) FROM fugitive")
        == "1,2,10914|0")
  }

  @Test(arguments: [false, true])
  func anUndoRefusesARowAnotherProgramChangedSinceTheRedo(large: Bool) throws {
    try prepare(large: large)
    try bounty.succeeding(["import", folder.file("roster.json")])
    try bounty.succeeding(["undo"])
    try bounty.succeeding(["redo"])
    #expect(try bounty.sqlite3("UPDATE fugitive SET bounty_minor = 55555 WHERE id = 10914") != nil)
    let changed = try everything
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 1)
    #expect(
      undo.stderr.hasPrefix("Error: fugitive 10914 (")
        && undo.stderr.hasSuffix(
          "): its bounty was changed by another program since the step; nothing was undone\n"),
      "\(undo.stderr)")
    #expect(try everything == changed)
  }

  /// The shape of the latest undo step: each op it holds with how many entries.
  private var undoStepShape: String? {
    get throws {
      try bounty.sqlite3(
        """
        SELECT group_concat(op || '=' || n, ',') FROM (SELECT op, count(*) AS n FROM history_entry
        WHERE step_id = (SELECT max(id) FROM history_step WHERE stack = 'undo') GROUP BY op)
        """)
    }
  }

  /// A redo that puts back the fugitives past the manual order's last place (the undo of an
  /// import) records its inverse as the import does, one entry, where a redo row by row (a small
  /// block) records an entry a row.
  @Test(arguments: [false, true])
  func aRedoneImportsInverseIsTheImportsOneEntry(large: Bool) throws {
    try prepare(large: large)
    try bounty.succeeding(["import", folder.file("roster.json")])
    #expect(try undoStepShape == "fugitive.deleteAfterPosition=1")
    try bounty.succeeding(["undo"])
    try bounty.succeeding(["redo"])
    let shape = try undoStepShape
    #expect(
      large
        ? shape == "fugitive.deleteAfterPosition=1" : shape?.contains("fugitive.delete=34") == true,
      "\(shape ?? "")")
  }

  /// What another program may do to an imported block, and how the undo that would take it along
  /// refuses: a field changed, a record or a fugitive added to it, a fugitive moved.
  static let outsideChanges: [(sql: String, refusal: String)] = [
    (
      "UPDATE fugitive SET description = 'ext' WHERE id = 10914",
      "fugitive 10914 (Björn Halvorsen): its description was changed by another program since the step"
    ),
    (
      "INSERT INTO note (id, fugitive_id, position, text, created_at) VALUES (777, 10914, 9, 'ext', '2026-01-01T00:00:00Z')",
      "note 777 of fugitive 10914 (Björn Halvorsen) was added by another program since the step"
    ),
    (
      """
      INSERT INTO fugitive (id, name, bounty_minor, description, position, created_at, updated_at)
      VALUES (90001, 'Stranger', 100, '', 100000, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')
      """,
      "ID# 90001 (Stranger) was added by another program since the step"
    ),
    (
      "UPDATE fugitive SET position = 0 WHERE id = 10914",
      "fugitive 10914 (Björn Halvorsen): its place in order was changed by another program since the step"
    ),
  ]

  /// The undo of an import, or of its redo done as a block, has no row-by-row record of the block
  /// to compare with: the file's log of changes made outside bounty tells it, and it refuses
  /// naming the row rather than delete another program's change with the block.
  @Test(arguments: 0..<outsideChanges.count)
  func anImportsUndoRefusesWhatAnotherProgramChangedInItsBlock(change: Int) throws {
    try prepare(large: true)
    try bounty.succeeding(["import", folder.file("roster.json")])
    if change > 0 {
      // The first change also comes right after the import itself; the others after its redo.
      try bounty.succeeding(["undo"])
      try bounty.succeeding(["redo"])
    }
    #expect(try bounty.sqlite3(Self.outsideChanges[change].sql) != nil)
    // Any command brings the search index up to date with another program's rows first.
    try bounty.succeeding(["fugitives", "list"])
    let changed = try everything
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 1)
    #expect(
      undo.stderr == "Error: \(Self.outsideChanges[change].refusal); nothing was undone\n",
      "\(undo.stderr)")
    #expect(try everything == changed)
  }

  /// A change another program made to a fugitive outside the block is no reason to refuse.
  @Test func anImportsUndoKeepsAnotherProgramsChangeOutsideItsBlock() throws {
    try prepare(large: true)
    try bounty.succeeding(["import", folder.file("roster.json")])
    try bounty.succeeding(["undo"])
    try bounty.succeeding(["redo"])
    #expect(try bounty.sqlite3("UPDATE fugitive SET description = 'ext' WHERE id = 1") != nil)
    #expect(try bounty.succeeding(["undo"]).contains("Undid"))
    #expect(
      try bounty.sqlite3("SELECT group_concat(id || ':' || description) FROM fugitive")
        == "1:ext,2:")
  }
}
