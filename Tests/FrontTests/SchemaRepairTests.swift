import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The schema checks itself (issue 35): a table another program rebuilt without its triggers
/// (`sqlite-utils transform`, PyPI), triggers dropped in the `sqlite3` shell, a damaged search
/// index and values of the wrong type are named by `db check`; a change refuses to start while a
/// trigger is missing, naming `db check --repair`; `--repair` (and `db migrate`) recreates what
/// is missing, and undo and redo then take exactly the step they name.
@Suite(.onTestThreads) struct SchemaRepairTests {
  /// `sqlite-utils`, where scripts/install-sqlite-utils puts it (or on PATH); the suite fails,
  /// never skips, without it.
  static let sqliteUtils: String? = {
    let candidates =
      ["/usr/local/bin/sqlite-utils", "/opt/sqlite-utils/bin/sqlite-utils"]
      + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
        "\($0)/sqlite-utils"
      }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// The sample roster in a folder of its own.
  final class Roster {
    let folder: TemporaryFolder
    let bounty: BinaryRunner
    var path: String { bounty.database }

    init() throws {
      folder = try TemporaryFolder()
      bounty = BinaryRunner(database: folder.file("roster.sqlite"))
      #expect(try bounty.run(["sample"]).status == 0)
    }

    /// The newest schema version: the sample roster's.
    var latest: String { (try? SQLiteShell.exec(path, "PRAGMA user_version").stdout) ?? "?" }

    func count(_ table: String) throws -> String {
      try SQLiteShell.exec(path, "SELECT count(*) FROM \(table)").stdout
    }

    /// `db check --json`'s problems, and its exit status.
    func check(_ extra: [String] = []) throws -> (
      status: Int32, problems: [String], repaired: [String]
    ) {
      let outcome = try bounty.run(["--json", "db", "check"] + extra)
      let answer = try JSONParser.parse(outcome.stdout)
      let strings = { (key: String) in
        (answer[key]?.arrayValue ?? []).compactMap(\.stringValue)
      }
      return (outcome.status, strings("problems"), strings("repaired"))
    }

    /// Runs `sqlite-utils ARGUMENTS` on the roster and expects it to succeed.
    func sqliteUtils(_ arguments: [String]) throws {
      guard let tool = SchemaRepairTests.sqliteUtils else {
        Issue.record("sqlite-utils is missing: run scripts/install-build-deps")
        return
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = arguments
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "sqlite-utils \(arguments)")
    }
  }

  /// A change while triggers are missing: refused in one line naming the repair, nothing written.
  static func expectChangeRefused(_ roster: Roster) throws {
    let notes = try roster.count("note")
    let refused = try roster.bounty.run(["note", "add", "12328", "Seen at the docks"])
    #expect(refused.status == 1)
    #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("`bounty db check --repair` puts them right"))
    #expect(try roster.count("note") == notes)
  }

  /// After the repair: a note added and undone goes, exactly it; redo brings it back.
  static func expectUndoTakesExactlyTheNote(_ roster: Roster) throws {
    let (fugitives, notes) = (try roster.count("fugitive"), try roster.count("note"))
    #expect(try roster.bounty.run(["note", "add", "12328", "Seen at the docks"]).status == 0)
    #expect(try roster.count("note") == String((Int(notes) ?? 0) + 1))
    let undo = try roster.bounty.run(["undo"])
    #expect(undo.stdout.contains("note add 12328"), "\(undo.stdout)\(undo.stderr)")
    #expect(try roster.count("note") == notes)
    #expect(try roster.count("fugitive") == fugitives)
    #expect(try roster.bounty.run(["redo"]).status == 0)
    #expect(try roster.count("note") == String((Int(notes) ?? 0) + 1))
    #expect(try roster.check().status == 0)
  }

  /// `--repair` drops the triggers and views another program added to a file they share: its
  /// help, and the command's summary, say so before anyone runs it.
  @Test func theHelpOfRepairSaysItDropsTriggersThatAreNotBountys() throws {
    let help = try BinaryRunner(database: TemporaryFolder().file("none.sqlite")).run([
      "db", "check", "--help",
    ])
    #expect(help.status == 0, "\(help.stderr)")
    let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      flat.contains("(--repair fixes them, dropping triggers and views that are not bounty's)"))
    #expect(
      flat.contains(
        "--repair Fix what has one right answer, as one undoable step: drop the triggers and "
          + "views that are not bounty's"), "\(help.stdout)")
  }

  @Test func aFugitiveTableRebuiltBySqliteUtilsIsNamedRefusedAndRepaired() throws {
    let roster = try Roster()
    try roster.sqliteUtils(["transform", roster.path, "fugitive", "--not-null", "name"])
    let check = try roster.check()
    #expect(check.status == 1)
    #expect(check.problems.contains("trigger fugitive_history_insert is missing"))
    #expect(check.problems.contains("table fugitive differs from schema version \(roster.latest)"))
    try Self.expectChangeRefused(roster)
    let fugitives = try roster.count("fugitive")
    let repaired = try roster.check(["--repair"])
    #expect(repaired.status == 0, "\(repaired.problems)")
    #expect(repaired.repaired.contains { $0.contains("fugitive_history_insert") })
    #expect(try roster.count("fugitive") == fugitives)
    let definition = try SQLiteShell.exec(
      roster.path, "SELECT sql FROM sqlite_schema WHERE name = 'fugitive'"
    ).stdout
    #expect(definition.contains("CHECK (bounty_minor >= 0)"), "rebuilt to the schema's table")
    try Self.expectUndoTakesExactlyTheNote(roster)
  }

  @Test func aNoteTableRebuiltBySqliteUtilsIsNamedRefusedAndRepaired() throws {
    let roster = try Roster()
    let notes = try roster.count("note")
    try roster.sqliteUtils(["transform", roster.path, "note", "--not-null", "text"])
    let check = try roster.check()
    #expect(check.status == 1)
    #expect(check.problems.contains("trigger note_history_insert is missing"))
    #expect(check.problems.contains("table note differs from schema version \(roster.latest)"))
    try Self.expectChangeRefused(roster)
    #expect(try roster.check(["--repair"]).status == 0)
    #expect(try roster.count("note") == notes)
    try Self.expectUndoTakesExactlyTheNote(roster)
  }

  @Test func droppedRuleTriggersAreNamedAndDbMigrateRecreatesThem() throws {
    let roster = try Roster()
    let dropped = try SQLiteShell.exec(
      roster.path, "DROP TRIGGER setting_check_key; DROP TRIGGER setting_check_update;")
    #expect(dropped.status == 0, "\(dropped.stderr)")
    let check = try roster.check()
    #expect(check.status == 1)
    #expect(check.problems.contains("trigger setting_check_key is missing"))
    #expect(check.problems.contains("trigger setting_check_update is missing"))
    let refused = try roster.bounty.run(["settings", "set", "currency", "EUR"])
    #expect(refused.status == 1 && refused.stderr.contains("db check --repair"))
    #expect(try roster.bounty.run(["db", "migrate"]).status == 0)
    #expect(try roster.check().status == 0)
    let planted = try SQLiteShell.exec(
      roster.path, "INSERT INTO setting (key, value) VALUES ('no.such.key', 'x')")
    #expect(planted.status != 0, "the rule holds again")
  }

  @Test func wrongTypesAreRefusedByTheSchema() throws {
    let roster = try Roster()
    for value in ["'abc'", "12.5", "x'41'", "1e300"] {
      for sql in [
        "UPDATE fugitive SET bounty_minor = \(value) WHERE id = 12328",
        "INSERT INTO expense (fugitive_id, position, date, amount_minor, memo) "
          + "VALUES (12328, 99, '2026-01-01', \(value), 'x')",
        "INSERT INTO note (fugitive_id, position, text, created_at) "
          + "VALUES (\(value), 99, 'x', '2026-01-01T00:00:00Z')",
        "UPDATE fugitive_tally SET count = \(value) WHERE captured = 0",
      ] {
        let outcome = try SQLiteShell.exec(roster.path, sql)
        #expect(outcome.status != 0, "\(sql) was accepted")
        #expect(outcome.stderr.contains(" only "), "\(sql): \(outcome.stderr)")
      }
    }
    let bond = try SQLiteShell.exec(
      roster.path,
      "INSERT OR REPLACE INTO case_file (fugitive_id, bond_minor) VALUES (12328, 'abc')")
    #expect(bond.status != 0 && bond.stderr.contains("takes only"), "\(bond.stderr)")
    let svg = try SQLiteShell.exec(
      roster.path,
      "INSERT OR REPLACE INTO photo VALUES (12328, 'application/octet-stream', CAST('<svg/>' AS BLOB))"
    )
    #expect(svg.status != 0 && svg.stderr.contains("PNG or a JPEG"), "\(svg.stderr)")
    let png = try SQLiteShell.exec(
      roster.path,
      "INSERT OR REPLACE INTO photo VALUES (12328, 'image/png', x'89504E470D0A1A0A0000')")
    #expect(png.status == 0, "a PNG's signature passes: \(png.stderr)")
    #expect(try roster.count("note WHERE typeof(fugitive_id) != 'integer'") == "0")
  }

  /// A trigger another program added on a table of bounty's that deletes what history records:
  /// the issue's "records no undo step" again. db check names it, a change refuses, --repair
  /// drops it, and undo then takes exactly the note.
  @Test func aForeignTriggerDeletingHistoryIsNamedRefusedAndDropped() throws {
    let roster = try Roster()
    let planted = try SQLiteShell.exec(
      roster.path,
      """
      CREATE TRIGGER x AFTER INSERT ON history_entry BEGIN
        DELETE FROM history_entry WHERE id = new.id;
      END;
      """)
    #expect(planted.status == 0, "\(planted.stderr)")
    let check = try roster.check()
    #expect(check.status == 1)
    #expect(
      check.problems.contains(
        "trigger x on history_entry is not bounty's (schema version \(roster.latest) has no such trigger)"
      ), "\(check.problems)")
    try Self.expectChangeRefused(roster)
    let repaired = try roster.check(["--repair"])
    #expect(repaired.status == 0, "\(repaired.problems)")
    #expect(repaired.repaired.contains { $0.hasPrefix("dropped the trigger x") }, "\(repaired)")
    #expect(try roster.count("sqlite_schema WHERE name = 'x'") == "0")
    try Self.expectUndoTakesExactlyTheNote(roster)
  }

  /// A trigger that silently ignores every edit of a fugitive, and a view, both another program's:
  /// named, an edit refused, and `db migrate` drops them and says so.
  @Test func aForeignIgnoringTriggerAndAViewAreNamedAndDbMigrateDropsThem() throws {
    let roster = try Roster()
    let planted = try SQLiteShell.exec(
      roster.path,
      """
      CREATE TRIGGER keep BEFORE UPDATE ON fugitive BEGIN SELECT RAISE(IGNORE); END;
      CREATE VIEW rich AS SELECT id FROM fugitive WHERE bounty_minor > 100000;
      """)
    #expect(planted.status == 0, "\(planted.stderr)")
    let check = try roster.check()
    #expect(check.status == 1)
    #expect(check.problems.contains { $0.hasPrefix("trigger keep on fugitive is not bounty's") })
    #expect(check.problems.contains { $0.hasPrefix("view rich is not bounty's") })
    let refused = try roster.bounty.run(["fugitives", "edit", "12328", "--name", "Frank X"])
    #expect(refused.status == 1, "\(refused.stdout)")
    #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("keep not bounty's"), "\(refused.stderr)")
    #expect(refused.stderr.contains("`bounty db check --repair`"), "\(refused.stderr)")
    let migrated = try roster.bounty.run(["db", "migrate"])
    #expect(migrated.status == 0, "\(migrated.stderr)")
    #expect(
      migrated.stdout.contains("Repaired: dropped the view rich, the trigger keep")
        || migrated.stdout.contains("Repaired: dropped the trigger keep, the view rich"),
      "\(migrated.stdout)")
    #expect(try roster.check().status == 0)
    #expect(try roster.bounty.run(["fugitives", "edit", "12328", "--name", "Frank X"]).status == 0)
    #expect(
      try SQLiteShell.exec(roster.path, "SELECT name FROM fugitive WHERE id = 12328").stdout
        == "Frank X")
  }

  @Test func aDamagedSearchIndexIsNamedAndRebuilt() throws {
    let roster = try Roster()
    #expect(
      try SQLiteShell.exec(
        roster.path, "UPDATE fugitive_search_data SET block = x'00' WHERE id = 1"
      )
      .status == 0)
    let check = try roster.check()
    #expect(check.status == 1)
    #expect(check.problems.contains { $0.hasPrefix("fugitive_search: the search index fails") })
    #expect(try roster.bounty.run(["fugitives", "edit", "12328", "--name", "Frank X"]).status != 0)
    let repaired = try roster.check(["--repair"])
    #expect(repaired.status == 0, "\(repaired.problems)")
    #expect(repaired.repaired.contains { $0.contains("rebuilt the search index") })
    #expect(try roster.bounty.run(["fugitives", "edit", "12328", "--name", "Frank X"]).status == 0)
    let found = try roster.bounty.run(["--json", "fugitives", "list", "--search", "Frank X"])
    #expect(found.stdout.contains("12328"), "\(found.stdout)\(found.stderr)")
    #expect(try roster.bounty.run(["fugitives", "delete", "48445", "--yes"]).status == 0)
    #expect(try roster.check().status == 0)
  }

  @Test func aDroppedSearchIndexIsNamedAndMadeAgain() throws {
    let roster = try Roster()
    #expect(try SQLiteShell.exec(roster.path, "DROP TABLE fugitive_search").status == 0)
    let check = try roster.check()
    #expect(check.status == 1)
    #expect(check.problems.contains("table fugitive_search is missing"), "\(check.problems)")
    let repaired = try roster.check(["--repair"])
    #expect(repaired.status == 0, "\(repaired.problems)")
    let found = try roster.bounty.run(["--json", "fugitives", "list", "--search", "Halvorsen"])
    #expect(found.stdout.contains("10914"), "\(found.stdout)\(found.stderr)")
  }
}
