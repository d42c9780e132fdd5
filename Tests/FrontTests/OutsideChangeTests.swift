import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Changes made outside bounty (migration 25, docs/history.md, "Changes outside bounty"): what
/// another program (the `sqlite3` shell) changes in a fugitive or its records is logged and named
/// in the fugitive's chain of custody; nothing bounty writes itself is.
@Suite(.onTestThreads) struct OutsideChangeTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("roster.sqlite"))
    try bounty.succeeding(["sample"])
  }

  private var logged: String? {
    get throws { try bounty.sqlite3("SELECT count(*) FROM outside_change") }
  }

  private func custody(_ id: Int64) throws -> [String: Any] {
    let outcome = try bounty.run(["history", "--fugitive", String(id), "--json"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    return try #require(object as? [String: Any], "\(outcome.stdout)")
  }

  /// Every kind of write bounty makes, with and without a step: none is another program's.
  @Test func bountysOwnWritesAreNotLogged() throws {
    let photo = folder.file("photo.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(
      to: URL(fileURLWithPath: photo))
    try "id,name,bounty\n900001,Bulk One,10\n900002,Bulk Two,20\n".write(
      toFile: folder.file("more.csv"), atomically: true, encoding: .utf8)
    for arguments in [
      ["fugitives", "edit", "12328", "--bounty", "99", "--name", "Frank D"],
      ["fugitives", "note", "add", "12328", "Seen at the pier"],
      ["fugitives", "photo", "12328", photo],
      ["fugitives", "alias", "add", "12328", "Frankie"],
      ["fugitives", "bond", "12328", "--amount", "500"],
      ["expenses", "add", "12328", "--amount", "12.50", "--memo", "Fuel"],
      ["fugitives", "capture", "10914"], ["import", folder.file("more.csv")], ["undo"], ["redo"],
      ["fugitives", "delete", "900001", "--yes"], ["fugitives", "list"],
      ["db", "check", "--repair"],
    ] {
      try bounty.succeeding(arguments)
    }
    #expect(try logged == "0")
    // A name the shell wrote is folded again by bounty's next read: bounty's write, not logged;
    // the shell's own update is.
    try bounty.shellSucceeding("UPDATE fugitive SET name = 'Ézra Other' WHERE id = 10914")
    try bounty.succeeding(["fugitives", "list"])
    #expect(
      try bounty.sqlite3(
        "SELECT group_concat(table_name || ' ' || op || ' ' || columns) FROM outside_change")
        == "fugitive update name")
  }

  /// The shell's changes to a fugitive and its records are named in its chain of custody, newest
  /// first, from "another program"; an UPDATE that changes nothing is no change, and another
  /// fugitive's changes are not listed.
  @Test func anotherProgramsChangesAreInTheChainOfCustody() throws {
    try bounty.succeeding(["fugitives", "edit", "12328", "--bounty", "99"])
    try bounty.shellSucceeding(
      """
      UPDATE fugitive SET bounty_minor = 5, description = 'seen' WHERE id = 12328;
      UPDATE fugitive SET name = name WHERE id = 12328;
      INSERT INTO alias (id, fugitive_id, name, name_key) VALUES (900, 12328, 'Frankie', 'frankie');
      UPDATE note SET fugitive_id = 10914 WHERE id = (SELECT min(id) FROM note WHERE fugitive_id = 12328);
      UPDATE fugitive SET bounty_minor = 1 WHERE id = 48445;
      """)
    let history = try custody(12328)
    let outside = try #require(history["outside"] as? [[String: Any]])
    let note = try #require(
      try bounty.sqlite3("SELECT min(id) FROM note WHERE fugitive_id = 10914"))
    #expect(
      outside.compactMap { $0["label"] as? String } == [
        "updated note \(note) of fugitive 10914 (fugitive_id)",
        "inserted alias 900 of fugitive 12328",
        "updated fugitive 12328 (bounty_minor, description)",
      ], "\(outside)")
    #expect(outside.allSatisfy { $0["stack"] as? String == "outside" })
    #expect(outside.allSatisfy { $0["client"] as? String == "another program" })
    #expect((history["undo"] as? [Any])?.count == 2)
    // The note moved to 10914 is in that fugitive's custody too; 48445's change only in its own.
    let other = try #require(try custody(10914)["outside"] as? [[String: Any]])
    #expect(
      other.compactMap { $0["label"] as? String } == [
        "updated note \(note) of fugitive 10914 (fugitive_id)"
      ])

    let text = try bounty.succeeding(["history", "--fugitive", "12328"])
    #expect(text.contains("Changed outside bounty (newest first):"), "\(text)")
    #expect(text.contains("updated fugitive 12328 (bounty_minor, description)"), "\(text)")
    let dossier = try bounty.succeeding(["dossier", "12328", "--custody"])
    let lines = dossier.split(separator: "\n").map(String.init)
    let edit = try #require(lines.firstIndex { $0.contains("fugitives edit 12328") })
    let outsideEdit = try #require(
      lines.firstIndex { $0.contains("updated fugitive 12328 (bounty_minor, description)") })
    #expect(edit < outsideEdit, "\(dossier)")
    #expect(lines[outsideEdit].hasSuffix("from another program"), "\(lines[outsideEdit])")
  }

  /// A row an INSERT OR REPLACE displaces fires no delete trigger: it is logged as deleted from
  /// the fugitive it belonged to. A plain ASCII name the shell writes is folded by the schema's
  /// own trigger, which is no change of its own.
  @Test func aReplacedRowAndTheSchemasOwnFoldAreLoggedAsTheyHappened() throws {
    let note = try #require(
      try bounty.sqlite3("SELECT min(id) FROM note WHERE fugitive_id = 12328"))
    try bounty.shellSucceeding(
      """
      INSERT OR REPLACE INTO note (id, fugitive_id, position, text, created_at)
      VALUES (\(note), 10914, 9, 'moved by replace', '2026-01-01T00:00:00Z');
      INSERT INTO fugitive (id, name, bounty_minor, description, position, created_at, updated_at)
      VALUES (777, 'Plain Name', 100, '', 99, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
      """)
    let gone = try #require(try custody(12328)["outside"] as? [[String: Any]])
    #expect(
      gone.compactMap { $0["label"] as? String } == ["deleted note \(note) of fugitive 12328"],
      "\(gone)")
    let added = try #require(try custody(777)["outside"] as? [[String: Any]])
    #expect(added.compactMap { $0["label"] as? String } == ["inserted fugitive 777"], "\(added)")
  }

  /// The plain history has no `outside`: it is the stacks undo and redo take.
  @Test func thePlainHistoryHasNoOutsideList() throws {
    try bounty.shellSucceeding("UPDATE fugitive SET bounty_minor = 5 WHERE id = 12328")
    let outcome = try bounty.run(["history", "--json"])
    #expect(outcome.status == 0)
    #expect(!outcome.stdout.contains("\"outside\""), "\(outcome.stdout)")
  }

  /// The log is the file's: what another program writes into it is shown escaped.
  @Test func aHostileLogRowIsShownEscaped() throws {
    try bounty.shellSucceeding(
      """
      INSERT INTO outside_change (at, table_name, op, row_key, fugitive_id, columns)
      VALUES ('2026-01-01T00:00:00Z', 'fugitive', 'update', 12328, 12328, 'name' || char(27) || '[2J');
      """)
    let text = try bounty.succeeding(["history", "--fugitive", "12328"])
    #expect(!text.contains("\u{1B}[2J"), "\(text)")
    #expect(text.contains("updated fugitive 12328 (name"), "\(text)")
  }
}
