import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// A bounty file written by other programs (the `sqlite3` shell, with its own defaults: foreign
/// keys off, none of bounty's functions) keeps bounty's rules, or the file refuses the write
/// (migration 0017); a `.dump` copy opens as the roster it is; `db check` names what another
/// program broke and `--repair` mends it in one undoable step.
@Suite(.onTestThreads) struct OtherClientsTests {
  /// The sample roster plus a bond, an alias and an expense for fugitive 12328 (who has notes).
  final class Roster {
    let folder: TemporaryFolder
    let bounty: BinaryRunner
    var path: String { bounty.database }

    init() throws {
      folder = try TemporaryFolder()
      bounty = BinaryRunner(database: folder.file("roster.sqlite"))
      try expectSuccess(["sample"])
      try expectSuccess(["fugitives", "bond", "12328", "--amount", "50000"])
      try expectSuccess(["fugitives", "alias", "add", "12328", "Frankie Dee"])
      try expectSuccess(["expenses", "add", "12328", "--amount", "120.50", "--memo", "Motel"])
    }

    /// Runs bounty and expects exit status 0.
    @discardableResult
    func expectSuccess(_ arguments: [String]) throws -> String {
      let outcome = try bounty.run(arguments)
      #expect(outcome.status == 0, "bounty \(arguments): \(outcome.stderr)")
      return outcome.stdout
    }

    /// bounty's `--json` answer to `arguments`.
    func json(_ arguments: [String]) throws -> JSON {
      try JSONParser.parse(try expectSuccess(["--json"] + arguments))
    }

    /// What the `sqlite3` shell answers for `sql` (its exit status, output and errors).
    @discardableResult
    func shell(_ sql: String) throws -> (status: Int32, stdout: String, stderr: String) {
      try SQLiteShell.exec(path, sql)
    }

    /// Runs `sql` in the shell and expects it to succeed.
    func shellSucceeds(_ sql: String) throws {
      let outcome = try shell(sql)
      #expect(outcome.status == 0, "sqlite3 \(sql): \(outcome.stderr)")
    }

    /// The ID#s `fugitives list` answers for `arguments` (every fugitive, or those it filters).
    func listedIDs(_ arguments: [String] = []) throws -> [Int64] {
      let items = try json(["fugitives", "list", "--all", "--limit", "1000"] + arguments)["items"]
      return (items?.arrayValue ?? []).compactMap { Int64($0["id"]?.serialized ?? "") }
    }

    /// One fugitive as `fugitives show` answers it.
    func fugitive(_ id: Int64) throws -> JSON { try json(["fugitives", "show", String(id)]) }
  }

  /// What bounty must answer after any write: name order is bounty's fold of the names, the tally
  /// counts the rows, the report's outstanding total adds the bounties up, and `db check` is happy.
  static func expectBountysRulesHold(_ roster: Roster, _ label: String) throws {
    let items =
      try roster.json(["fugitives", "list", "--all", "--sort", "name", "--limit", "1000"])["items"]?
      .arrayValue ?? []
    let listed = items.map {
      ($0["name"]?.stringValue ?? "", Int64($0["id"]?.serialized ?? "") ?? 0)
    }
    let folded = listed.sorted { (nameSortKey($0.0), $0.1) < (nameSortKey($1.0), $1.1) }
    #expect(listed.map(\.1) == folded.map(\.1), "name order after \(label)")
    let counts = try roster.shell(
      "SELECT count(*), sum(captured = 0), coalesce(sum(CASE WHEN captured = 0 THEN bounty_minor END), 0) FROM fugitive"
    ).stdout.split(separator: "|").map(String.init)
    #expect(String(items.count) == counts.first, "every fugitive listed after \(label)")
    let atLarge = try roster.json(["fugitives", "list", "--limit", "1"])["total"]?.serialized
    #expect(atLarge == counts.dropFirst().first, "tally after \(label)")
    let report = try roster.json(["report", "--format", "json"])
    #expect(report["outstanding"]?["count"]?.serialized == counts.dropFirst().first)
    let minor = Int64(counts.last ?? "") ?? -1
    #expect(
      report["outstanding"]?["total"]?.stringValue
        == Money(minorUnits: minor, currency: .usd).plain, "report after \(label)")
    let check = try roster.bounty.run(["db", "check"])
    #expect(check.status == 0, "db check after \(label): \(check.stdout)")
  }

  /// One write another program makes; `expectAfter` says what bounty must show afterwards.
  struct Write: CustomTestStringConvertible, Sendable {
    let label: String
    let sql: String
    var testDescription: String { label }
  }

  static let writes: [Write] = [
    Write(label: "rename", sql: "UPDATE fugitive SET name = 'Zed Ärnold' WHERE id = 10914"),
    Write(
      label: "insert",
      sql: """
        INSERT INTO fugitive (id, name, bounty_minor, description)
        VALUES (500, 'Émile Newman', 12345, 'Tall; drives a blue Volvo')
        """),
    Write(label: "bounty", sql: "UPDATE fugitive SET bounty_minor = 777 WHERE id = 12499"),
    Write(
      label: "note",
      sql: """
        INSERT INTO note (fugitive_id, position, text, created_at)
        VALUES (12499, 9, 'Hides in a houseboat at Pier 39', '2026-11-01T00:00:00Z')
        """),
    Write(label: "alias", sql: "UPDATE alias SET name = 'Big Frank' WHERE fugitive_id = 12328"),
    Write(label: "new ID#", sql: "UPDATE fugitive SET id = 4242 WHERE id = 12328"),
    Write(label: "delete with children", sql: "DELETE FROM fugitive WHERE id = 12328"),
    // Datasette's and sqlite-utils' "replace": SQLite removes the old row without its delete
    // triggers (recursive_triggers is off), so only migration 0019 takes its children and count.
    Write(
      label: "replace",
      sql: """
        INSERT OR REPLACE INTO fugitive (id, name, bounty_minor, description)
        VALUES (12328, 'Stranger', 100, 'Someone else')
        """),
    Write(
      label: "new ID# over another",
      sql: "UPDATE OR REPLACE fugitive SET id = 12328 WHERE id = 22226"),
    Write(
      label: "note and alias replaced onto another fugitive",
      sql: """
        INSERT OR REPLACE INTO note (id, fugitive_id, position, text, created_at)
        SELECT id, 22226, 9, 'Hides in a houseboat', created_at FROM note
        WHERE fugitive_id = 12328 ORDER BY id LIMIT 1;
        INSERT OR REPLACE INTO alias (id, fugitive_id, name, name_key)
        SELECT id, 22226, 'Yusuf the Boat', 'yusuf the boat' FROM alias WHERE fugitive_id = 12328
        """),
    Write(
      label: "new ID# over another, foreign keys on",
      sql: "PRAGMA foreign_keys = ON; UPDATE OR REPLACE fugitive SET id = 12328 WHERE id = 22226"),
  ]

  /// What bounty shows after `write`, besides `expectBountysRulesHold`.
  static func expectAfter(_ write: Write, _ roster: Roster) throws {
    switch write.label {
    case "rename":
      #expect(try roster.listedIDs(["--search", "ÄRNOLD"]) == [10914])
      #expect(try roster.listedIDs(["--search", "zed arnold"]) == [10914])
      #expect(try roster.listedIDs(["--search", "Halvorsen"]).isEmpty)
    case "insert":
      #expect(try roster.listedIDs(["--search", "emile newman"]) == [500])
      #expect(try roster.listedIDs(["--search", "BLUE VOLVO"]) == [500])
      #expect(try roster.fugitive(500)["bounty"] == .string("123.45"))
    case "bounty":
      #expect(try roster.fugitive(12499)["bounty"] == .string("7.77"))
    case "note":
      #expect(try roster.listedIDs(["--search", "houseboat"]) == [12499])
    case "alias":
      #expect(try roster.listedIDs(["--search", "big frank"]) == [12328])
      #expect(try roster.listedIDs(["--search", "frankie dee"]).isEmpty)
    case "new ID#":
      let moved = try roster.fugitive(4242)
      #expect(moved["notes"]?.arrayValue?.count == 2)
      #expect(moved["bond"]?["amount"] == .string("50000.00"))
      #expect(moved["aliases"]?.arrayValue?.count == 1)
      #expect(moved["expenses"]?.arrayValue?.count == 1)
      #expect(try roster.listedIDs(["--search", "frankie"]) == [4242])
    case "delete with children":
      #expect(try roster.listedIDs(["--search", "frankie"]).isEmpty)
      try roster.expectSuccess(
        ["fugitives", "add", "--id", "12328", "--name", "Stranger", "--bounty", "1"])
      let stranger = try roster.fugitive(12328)
      #expect(stranger["notes"]?.arrayValue?.isEmpty == true)
      #expect(stranger["bond"] == .null)
      #expect(stranger["aliases"]?.arrayValue?.isEmpty == true)
      #expect(stranger["expenses"]?.arrayValue?.isEmpty == true)
    case "replace":
      let stranger = try roster.fugitive(12328)
      #expect(stranger["name"] == .string("Stranger"))
      #expect(stranger["notes"]?.arrayValue?.isEmpty == true)
      #expect(stranger["bond"] == .null)
      #expect(stranger["aliases"]?.arrayValue?.isEmpty == true)
      #expect(stranger["expenses"]?.arrayValue?.isEmpty == true)
      #expect(try roster.listedIDs(["--search", "frankie"]).isEmpty)
    case "note and alias replaced onto another fugitive":
      #expect(try roster.listedIDs(["--search", "frankie"]).isEmpty)
      #expect(try roster.listedIDs(["--search", "houseboat"]) == [22226])
      #expect(try roster.listedIDs(["--search", "yusuf the boat"]) == [22226])
      #expect(try roster.fugitive(12328)["notes"]?.arrayValue?.count == 1)
    case "new ID# over another", "new ID# over another, foreign keys on":
      let moved = try roster.fugitive(12328)
      #expect(moved["name"] == .string("Yusuf Demir"))
      #expect(moved["notes"]?.arrayValue?.count == 2)
      #expect(moved["bond"] == .null)
      #expect(moved["aliases"]?.arrayValue?.isEmpty == true)
      #expect(moved["expenses"]?.arrayValue?.isEmpty == true)
      #expect(try roster.listedIDs(["--search", "frankie"]).isEmpty)
    default: Issue.record("no expectation for \(write.label)")
    }
  }

  @Test(arguments: writes)
  func aWriteByTheShellKeepsBountysRules(write: Write) throws {
    let roster = try Roster()
    try roster.shellSucceeds(write.sql)
    try Self.expectAfter(write, roster)
    try Self.expectBountysRulesHold(roster, write.label)
  }

  /// Values the shell tries for each setting: the file takes exactly what bounty would store.
  static let settingValues: [(key: String, valid: [String], invalid: [String])] = [
    ("hunter.name", ["Ana Ruiz", ""], [" Ana", "Ana\n"]),
    ("agency.name", ["Bail & Co"], ["Bail & Co "]),
    ("currency", ["EUR", "GBP"], ["usd", "XXX", ""]),
    (
      "commission.rate", ["12.5", "0", "100", "0.000000001"], ["abc", "12.50", "101", "-1", "1e2"]
    ),
    ("rounding", ["half-up", "half-even"], ["sideways", "HALF-UP"]),
    ("fugitives.sort", ["bounty", "deadline"], ["random"]),
    ("captured.sort", ["name"], ["Name"]),
    ("confirm.delete", ["false", "true"], ["yes", "0"]),
    ("color", ["never", "always"], ["blue"]),
    ("history.limit", ["1", "10000"], ["0", "10001", "05", "ten"]),
    ("no.such.key", [], ["1"]),
  ]

  @Test func everySettingTheShellWritesIsCheckedByTheFile() throws {
    let roster = try Roster()
    for (key, valid, invalid) in Self.settingValues {
      for value in invalid {
        let before = try roster.shell("SELECT key, value FROM setting ORDER BY key").stdout
        let outcome = try roster.shell(
          "INSERT INTO setting (key, value) VALUES ('\(key)', '\(value)')")
        #expect(outcome.status != 0, "\(key) = \(value) was accepted")
        #expect(!outcome.stderr.isEmpty)
        #expect(try roster.shell("SELECT key, value FROM setting ORDER BY key").stdout == before)
      }
      for value in valid {
        try roster.shellSucceeds(
          "DELETE FROM setting WHERE key = '\(key)'; INSERT INTO setting (key, value) VALUES ('\(key)', '\(value)')"
        )
        let shown = try roster.json(["settings", "get", key])["value"]
        #expect(shown?.stringValue ?? shown?.serialized == value, "\(key) = \(value)")
        try roster.shellSucceeds("UPDATE setting SET value = '\(value)' WHERE key = '\(key)'")
      }
    }
    // What the file took is what bounty reads, and db check agrees.
    let check = try roster.bounty.run(["db", "check"])
    #expect(check.status == 0, "\(check.stdout)")
  }

  @Test func aCurrencyChangeByTheShellKeepsFaceValuesOrIsRefused() throws {
    let roster = try Roster()
    // $15,000.00, a $50,000.00 bond, a $120.50 expense: JPY has no cents for the expense.
    let refused = try roster.shell("INSERT INTO setting (key, value) VALUES ('currency', 'JPY')")
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("drop digits"))
    #expect(try roster.json(["settings", "get", "currency"])["value"] == .string("USD"))
    #expect(try roster.fugitive(10914)["bounty"] == .string("15000.00"))
    // Without the cents it goes through, keeping every face value.
    try roster.shellSucceeds("UPDATE expense SET amount_minor = 12000")
    try roster.shellSucceeds("UPDATE fugitive SET bounty_minor = bounty_minor - bounty_minor % 100")
    try roster.shellSucceeds("INSERT INTO setting (key, value) VALUES ('currency', 'JPY')")
    #expect(try roster.fugitive(10914)["bounty"] == .string("15000"))
    #expect(try roster.fugitive(12328)["bond"]?["amount"] == .string("50000"))
    #expect(try roster.fugitive(12328)["expenses"]?.arrayValue?.first?["amount"] == .string("120"))
    // An insert over the row is refused (it cannot tell an upsert from a replace); UPDATE works.
    #expect(
      try roster.shell("INSERT OR REPLACE INTO setting (key, value) VALUES ('currency', 'USD')")
        .status != 0)
    try roster.shellSucceeds("UPDATE setting SET value = 'BHD' WHERE key = 'currency'")
    #expect(try roster.fugitive(10914)["bounty"] == .string("15000.000"))
    try roster.shellSucceeds("DELETE FROM setting WHERE key = 'currency'")
    #expect(try roster.fugitive(10914)["bounty"] == .string("15000.00"))
    #expect(try roster.fugitive(12328)["bond"]?["amount"] == .string("50000.00"))
    // Growing past the largest amount is refused too.
    try roster.shellSucceeds(
      "UPDATE fugitive SET bounty_minor = 9223372036854775800 WHERE id = 10914")
    let tooLarge = try roster.shell(
      "UPDATE setting SET value = 'BHD' WHERE key = 'currency'; INSERT INTO setting VALUES ('currency', 'BHD')"
    )
    #expect(tooLarge.status != 0)
    #expect(tooLarge.stderr.contains("too large"))
    #expect(try roster.json(["settings", "get", "currency"])["value"] == .string("USD"))
  }

  /// bounty's own currency change and its undo and redo, with the file's rescaling in place: the
  /// amounts are rescaled once, and undo and redo (newest entry first) restore them exactly.
  @Test func bountysOwnCurrencyChangeUndoesAndRedoesExactly() throws {
    let roster = try Roster()
    // The shell's change first (refused on a file without migration 0017's triggers: the
    // expense has cents), then bounty's own.
    #expect(
      try roster.shell("INSERT INTO setting (key, value) VALUES ('currency', 'JPY')").status != 0)
    try roster.shellSucceeds("UPDATE expense SET amount_minor = 12000")
    try roster.shellSucceeds("UPDATE fugitive SET bounty_minor = bounty_minor - bounty_minor % 100")
    let amounts =
      "SELECT group_concat(bounty_minor) FROM (SELECT bounty_minor FROM fugitive ORDER BY id)"
    let usd = try roster.shell(amounts).stdout
    try roster.expectSuccess(["settings", "set", "currency", "JPY"])
    let jpy = try roster.shell(amounts).stdout
    try roster.expectSuccess(["settings", "reset", "currency"])
    #expect(try roster.shell(amounts).stdout == usd)
    try roster.expectSuccess(["undo"])
    #expect(try roster.shell(amounts).stdout == jpy)
    try roster.expectSuccess(["undo"])
    #expect(try roster.shell(amounts).stdout == usd)
    try roster.expectSuccess(["redo"])
    #expect(try roster.shell(amounts).stdout == jpy)
    try roster.expectSuccess(["redo"])
    #expect(try roster.shell(amounts).stdout == usd)
    #expect(try roster.bounty.run(["db", "check"]).status == 0)
  }

  @Test func everyViewReadsWithAPlainConnection() throws {
    let roster = try Roster()
    let views = try roster.shell("SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name")
      .stdout.split(separator: "\n").map(String.init)
    for view in views {
      let outcome = try roster.shell("SELECT * FROM \"\(view)\" LIMIT 5")
      #expect(outcome.status == 0, "\(view): \(outcome.stderr)")
    }
    // Nothing the schema runs on its own calls a function only bounty registers.
    #expect(
      try roster.shell(
        "SELECT name FROM sqlite_schema WHERE instr(sql, 'bounty_fold') OR instr(sql, 'bounty_search')"
      )
      .stdout == "")
  }

  @Test func aDumpRestoredIntoANewFileIsTheSameRoster() throws {
    let roster = try Roster()
    try roster.expectSuccess(["fugitives", "describe", "12328", "--eyes", "grey"])
    let dump = try SQLiteShell.run([roster.path, ".dump"])
    #expect(dump.status == 0)
    let copy = roster.folder.file("copy.sqlite")
    let restored = try SQLiteShell.run([copy], input: dump.stdout)
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(try SQLiteShell.exec(copy, "PRAGMA user_version").stdout == "0")
    let original = try roster.bounty.run(["export", "--format", "json"])
    let copied = try BinaryRunner(database: copy).run(["export", "--format", "json"])
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(copied.stdout == original.stdout)
    #expect(!original.stdout.isEmpty)
    // A read wrote nothing; the first change (here `db migrate`) writes its version back, and it
    // is whole.
    #expect(try SQLiteShell.exec(copy, "PRAGMA user_version").stdout == "0")
    #expect(try BinaryRunner(database: copy).run(["db", "migrate"]).status == 0)
    #expect(
      try SQLiteShell.exec(copy, "PRAGMA user_version").stdout
        == (try SQLiteShell.exec(roster.path, "PRAGMA user_version").stdout))
    #expect(try BinaryRunner(database: copy).run(["db", "check"]).status == 0)
  }

  @Test func dbCheckNamesWhatTheShellBrokeAndRepairMendsItInOneUndoableStep() throws {
    let roster = try Roster()
    // Rows of a fugitive that is gone (foreign keys off), a sort key another program changed
    // behind the file's back, and a setting written with the file's check dropped.
    try roster.shellSucceeds(
      """
      INSERT INTO note (fugitive_id, position, text, created_at) VALUES (999, 1, 'orphan', 'x');
      INSERT INTO expense (fugitive_id, position, date, amount_minor, memo)
        VALUES (999, 1, '2026-11-01', 500, 'orphan');
      INSERT INTO alias (fugitive_id, name, name_key) VALUES (998, 'Ghost', 'ghost');
      DROP TRIGGER fugitive_search_update;
      UPDATE fugitive SET name = 'Zed Ärnold' WHERE id = 10914;
      DROP TRIGGER setting_check_insert;
      INSERT INTO setting (key, value) VALUES ('rounding', 'sideways');
      """)
    let noteID = try roster.shell("SELECT id FROM note WHERE text = 'orphan'").stdout
    let broken = try roster.bounty.run(["db", "check"])
    #expect(broken.status == 1)
    for phrase in [
      "note \(noteID) of fugitive ID# 999", "expense", "alias", "ID# 998",
      "sort key of fugitive ID# 10914", "rounding",
      "sideways",
    ] {
      #expect(broken.stdout.contains(phrase), "db check names \(phrase): \(broken.stdout)")
    }

    let repaired = try roster.bounty.run(["db", "check", "--repair"])
    #expect(repaired.stdout.contains("deleted 1 note row"), "\(repaired.stdout)")
    #expect(repaired.stdout.contains("folded"))
    // The setting has no one right answer: still named, still exit 1.
    #expect(repaired.status == 1)
    #expect(try roster.listedIDs(["--search", "zed"]) == [10914])
    try roster.shellSucceeds("DELETE FROM setting WHERE key = 'rounding'")
    #expect(try roster.bounty.run(["db", "check"]).status == 0)

    // One undo brings the rows of the missing fugitives back.
    try roster.expectSuccess(["undo"])
    let again = try roster.bounty.run(["db", "check"])
    #expect(again.status == 1)
    #expect(again.stdout.contains("note \(noteID) of fugitive ID# 999"))
    #expect(try roster.shell("SELECT count(*) FROM alias WHERE fugitive_id = 998").stdout == "1")
    try roster.expectSuccess(["redo"])
    #expect(try roster.bounty.run(["db", "check"]).status == 0)
  }

  /// Another program emptying `history_recorder` (its one row says which step is being
  /// recorded) must not stop bounty recording: the edit's step was silently lost, and `undo`
  /// took an older step instead.
  @Test func bountyRecordsStepsAfterTheShellEmptiesTheRecorder() throws {
    let roster = try Roster()
    try roster.shellSucceeds("DELETE FROM history_recorder")
    try roster.expectSuccess(["fugitives", "edit", "10914", "--bounty", "99"])
    #expect(
      try roster.json(["history"])["undo"]?.arrayValue?.first?["label"]
        == .string("fugitives edit 10914"))
    try roster.expectSuccess(["undo"])
    #expect(try roster.fugitive(10914)["bounty"] == .string("15000.00"))
    #expect(try roster.fugitive(12328)["expenses"]?.arrayValue?.count == 1)
  }

  @Test func aFileOpenedReadOnlyKeepsItsMarksAndDbCheckNamesThem() throws {
    let fixture = try ReadOnlyDatabase(in: .writable)
    #expect(try fixture.owner.run(["sample"]).status == 0)
    #expect(
      try SQLiteShell.exec(fixture.path, "UPDATE fugitive SET name = 'Zed Ärnold' WHERE id = 10914")
        .status == 0)
    try fixture.lock()
    let check = try fixture.read(["db", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("sort key of fugitive ID# 10914"), "\(check.stdout)")
    #expect(
      try SQLiteShell.exec(fixture.path, "SELECT fugitive_id FROM fugitive_stale").stdout == "10914"
    )
  }

  @Test func aPlainNameSortsRightBeforeBountyOpensTheFile() throws {
    let roster = try Roster()
    let sql = """
      UPDATE fugitive SET name = 'ZZ Top' WHERE id = 10914;
      INSERT INTO fugitive (id, name, bounty_minor) VALUES (600, 'Aaron ADAMS', 1);
      INSERT INTO fugitive (id, name, bounty_minor) VALUES (601, 'Ärni', 1);
      SELECT id, name_key FROM fugitive WHERE id IN (10914, 600, 601) ORDER BY id;
      """
    let outcome = try roster.shell(sql)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // Plain ASCII is folded by the file; Ärni waits for bounty (its key is still empty).
    #expect(outcome.stdout == "600|aaron adams\n601|\n10914|zz top")
    try Self.expectBountysRulesHold(roster, "plain names")
    #expect(try roster.shell("SELECT name_key FROM fugitive WHERE id = 601").stdout == "arni")
  }

  /// Undo of an edit to a fugitive another program deleted since is refused, naming it (it used
  /// to say "Undid" and exit 0); `db check` names the step and `--repair` drops it, and undo goes
  /// on with the steps before it. A planted step bounty does not replay is dropped the same way.
  @Test func anEditOfAFugitiveDeletedSinceIsNotUndoneAsIfItWere() throws {
    let roster = try Roster()
    try roster.expectSuccess(["fugitives", "edit", "10914", "--bounty", "99"])
    try roster.shellSucceeds("DELETE FROM fugitive WHERE id = 10914")
    let undo = try roster.bounty.run(["undo"])
    #expect(
      undo.status == 1
        && undo.stderr
          == "Error: cannot undo 'fugitives edit 10914': fugitive 10914 no longer exists; nothing "
          + "was undone ('db check --repair' drops the step)\n",
      "\(undo.stderr)")
    try roster.shellSucceeds(
      """
      INSERT INTO history_step (stack, label, created_at) VALUES ('undo', 'planted', 'x');
      INSERT INTO history_entry (step_id, op, sql) VALUES (last_insert_rowid(), 'refused', '');
      """)
    let check = try roster.bounty.run(["db", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("cannot be undone: fugitive 10914 no longer exists"))
    #expect(check.stdout.contains("'planted') cannot be undone: it holds an entry"))
    let repair = try roster.bounty.run(["db", "check", "--repair"])
    // The planted step is in no link of the chain: dropped with a restart of the chain (its
    // lasting record); the edit of the deleted fugitive as one that cannot be replayed.
    #expect(
      repair.stdout.contains(
        "dropped 1 step it no longer vouched for, kept 5 steps; dropped 1 history step that can "
          + "no longer be replayed"), "\(repair.stdout)")
    // The step before them (the expense) undoes now.
    let next = try roster.bounty.run(["undo"])
    #expect(next.status == 0 && next.stdout.hasPrefix("Undid: expenses add 12328"), "\(next)")
  }
}
