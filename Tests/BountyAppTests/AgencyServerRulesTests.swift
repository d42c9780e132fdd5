import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The agency server enforces what bounty enforces (agency migrations 2 and 3, `db init-agency`):
/// a hunter's `psql` writes to the fugitive tables are recorded as an undoable step of theirs or
/// refused, the history, the tally, the ID# runs and the search index are written by nobody but
/// the server, `hunter` and workspace rows are each hunter's own, and a step planted or edited for
/// someone else never runs anything when its target runs `undo`.
@Suite(.onTestThreads, .serialized) struct AgencyServerRulesTests {
  /// An agency database with the sample roster's shape in small: fugitive 7 with a note, a photo,
  /// a case file, an expense and an alias; a hunter, a second hunter and an admin.
  final class Agency {
    let app: TestApp
    let server: PostgresTestServer
    let hunter: String
    let other: String
    let admin: String
    var url: String { app.store.path }

    init() throws {
      app = try TestApp(engine: .postgresql)
      server = try PostgresTestServer.shared
      _ = try app.dispatcher.call("db.initAgency", front: .terminal).get()
      let suffix = String(UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(16))
      (hunter, other, admin) = ("h_" + suffix, "o_" + suffix, "a_" + suffix)
      _ = try server.psql(
        url,
        """
        CREATE ROLE \(hunter) LOGIN IN ROLE agency_hunter;
        CREATE ROLE \(other) LOGIN IN ROLE agency_hunter;
        CREATE ROLE \(admin) LOGIN IN ROLE agency_admin
        """)
      try app.add("Hank Morrow", id: 7)
      try app.add("Ada Byron", id: 9)
      try app.call("notes.add", ["id": .int(7), "text": .string("seen at the dock")])
      _ = try server.psql(
        url,
        """
        BEGIN;
        INSERT INTO photo (fugitive_id, media_type, bytes) VALUES (7, 'image/png', '\\x89504e47');
        INSERT INTO case_file (fugitive_id, bond_minor, court) VALUES (7, 500000, 'County');
        INSERT INTO expense (fugitive_id, position, date, amount_minor, memo)
        VALUES (7, 1, '2026-11-01', 4200, 'fuel');
        INSERT INTO alias (fugitive_id, name, name_key) VALUES (7, 'Hammer', 'hammer');
        INSERT INTO setting (key, value) VALUES ('commission.rate', '10');
        INSERT INTO hunter (role, display_name) VALUES ('\(other)', 'Olga');
        DELETE FROM history_step;
        COMMIT
        """)
    }

    deinit {
      _ = try? server.psql(url, "DROP ROLE \(hunter); DROP ROLE \(other); DROP ROLE \(admin)")
    }

    /// The roster as undo must restore it, in one text (without who changed a row last and its
    /// version, which a replay changes).
    func roster() throws -> String {
      try server.psql(
        url,
        """
        SELECT md5(concat_ws('|',
          (SELECT string_agg((to_jsonb(f) - 'row_version' - 'changed_by')::text, ',' ORDER BY id)
           FROM fugitive AS f),
          (SELECT string_agg(to_jsonb(n)::text, ',' ORDER BY id) FROM note AS n),
          (SELECT string_agg(to_jsonb(p)::text, ',' ORDER BY fugitive_id) FROM photo AS p),
          (SELECT string_agg(to_jsonb(c)::text, ',' ORDER BY fugitive_id) FROM case_file AS c),
          (SELECT string_agg(to_jsonb(e)::text, ',' ORDER BY id) FROM expense AS e),
          (SELECT string_agg(to_jsonb(a)::text, ',' ORDER BY id) FROM alias AS a),
          (SELECT string_agg(to_jsonb(s)::text, ',' ORDER BY key) FROM setting AS s)))
        """)
    }

    /// Everything else nobody but the server writes.
    func bookkeeping() throws -> String {
      try server.psql(
        url,
        """
        SELECT md5(concat_ws('|',
          (SELECT string_agg(to_jsonb(s)::text, ',' ORDER BY id) FROM history_step AS s),
          (SELECT string_agg(to_jsonb(e)::text, ',' ORDER BY id) FROM history_entry AS e),
          (SELECT string_agg(to_jsonb(t)::text, ',' ORDER BY step_id, fugitive_id)
           FROM history_touch AS t),
          (SELECT string_agg(to_jsonb(t)::text, ',' ORDER BY captured) FROM fugitive_tally AS t),
          (SELECT string_agg(to_jsonb(r)::text, ',' ORDER BY first) FROM fugitive_id_run AS r),
          (SELECT string_agg(to_jsonb(s)::text, ',' ORDER BY id) FROM fugitive_search AS s),
          (SELECT string_agg(to_jsonb(h)::text, ',' ORDER BY role) FROM hunter AS h)))
        """)
    }

    func bounty(as role: String) throws -> BinaryRunner {
      BinaryRunner(database: try PostgresTestServer.url(url, as: role))
    }

    /// The newest undo step's label and hunter.
    func newestStep() throws -> String {
      try server.psql(
        url, "SELECT label || ' by ' || hunter FROM history_step ORDER BY id DESC LIMIT 1")
    }
  }

  /// Statements a hunter may run in `psql`, each recorded as a step of theirs that their own
  /// `bounty undo` reverses exactly.
  static let recorded: [(table: String, sql: String)] = [
    ("fugitive", "INSERT INTO fugitive (id, name, bounty_minor) VALUES (12, 'New', 5)"),
    (
      "fugitive",
      "UPDATE fugitive SET bounty_minor = 1, has_photo = 0, changed_by = 'x' WHERE id = 7"
    ),
    ("fugitive", "UPDATE fugitive SET id = 70 WHERE id = 7"),
    (
      "note",
      "INSERT INTO note (fugitive_id, position, text, created_at) VALUES (7, 2, 'x', '2026-11-30T10:00:00Z')"
    ),
    ("note", "UPDATE note SET text = 'changed'"),
    ("note", "DELETE FROM note"),
    (
      "photo", "INSERT INTO photo (fugitive_id, media_type, bytes) VALUES (9, 'image/png', '\\x00')"
    ),
    ("photo", "UPDATE photo SET bytes = '\\x01', media_type = 'image/jpeg'"),
    ("photo", "DELETE FROM photo"),
    ("case_file", "INSERT INTO case_file (fugitive_id, court) VALUES (9, 'Elsewhere')"),
    ("case_file", "UPDATE case_file SET bond_minor = 1"),
    ("case_file", "DELETE FROM case_file"),
    (
      "expense",
      "INSERT INTO expense (fugitive_id, position, date, amount_minor, memo) VALUES (9, 1, '2026-11-02', 1, 'x')"
    ),
    ("expense", "UPDATE expense SET amount_minor = 99999"),
    ("expense", "DELETE FROM expense"),
    ("alias", "INSERT INTO alias (fugitive_id, name, name_key) VALUES (9, 'Countess', 'countess')"),
    ("alias", "UPDATE alias SET name = 'Sledge', name_key = 'sledge'"),
    ("alias", "DELETE FROM alias"),
    ("fugitive", "DELETE FROM fugitive WHERE id = 7"),
  ]

  @Test func aHuntersChangesThroughPsqlAreStepsTheirUndoReverses() throws {
    let agency = try Agency()
    let bounty = try agency.bounty(as: agency.hunter)
    for (table, sql) in Self.recorded {
      // A hunter deletes only a fugitive they added: the agency's fugitive 7 is theirs for this.
      if sql.hasPrefix("DELETE FROM fugitive") {
        _ = try agency.server.psql(
          agency.url,
          "ALTER TABLE fugitive DISABLE TRIGGER USER; "
            + "UPDATE fugitive SET created_by = '\(agency.hunter)' WHERE id = 7; "
            + "ALTER TABLE fugitive ENABLE TRIGGER USER")
      }
      let before = try agency.roster()
      _ = try agency.server.psql(agency.url, sql, role: agency.hunter)
      #expect(try agency.roster() != before, "\(sql) changed nothing")
      let verb = sql.prefix { $0 != " " }
      #expect(
        try agency.newestStep() == "psql: \(verb) \(table) by \(agency.hunter)", "\(sql)")
      let undo = try bounty.run(["undo"])
      #expect(undo.status == 0, "\(sql): \(undo.stderr)")
      #expect(try agency.roster() == before, "undo of \(sql) did not restore the roster")
      #expect(try bounty.run(["db", "check"]).status == 0, "\(sql)")
    }
  }

  @Test func anAdminsSettingChangeThroughPsqlIsAStepTheirUndoReverses() throws {
    let agency = try Agency()
    let before = try agency.roster()
    _ = try agency.server.psql(
      agency.url, "UPDATE setting SET value = '99' WHERE key = 'commission.rate'",
      role: agency.admin)
    #expect(try agency.newestStep() == "psql: UPDATE setting by \(agency.admin)")
    #expect(try agency.bounty(as: agency.admin).run(["undo"]).status == 0)
    #expect(try agency.roster() == before)
  }

  /// An admin's `psql` gets the settings bounty stores, or a refusal, and a currency change keeps
  /// every amount's face value or is refused (agency migration 5); bounty's own change is
  /// rescaled once, by the server, and undone exactly.
  @Test func anAdminsSettingsThroughPsqlAreCheckedAndKeepFaceValues() throws {
    let agency = try Agency()
    let amounts = """
      SELECT (SELECT string_agg(CAST(bounty_minor AS text), ',' ORDER BY id) FROM fugitive)
        || '|' || (SELECT bond_minor FROM case_file) || '|' || (SELECT amount_minor FROM expense)
      """
    let start = try agency.server.psql(agency.url, amounts)
    let roster = try agency.roster()
    for sql in [
      "INSERT INTO setting (key, value) VALUES ('rounding', 'sideways')",
      "INSERT INTO setting (key, value) VALUES ('no.such.key', '1')",
      "UPDATE setting SET value = '12.50' WHERE key = 'commission.rate'",
      "UPDATE setting SET value = 'abc' WHERE key = 'commission.rate'",
      "INSERT INTO setting (key, value) VALUES ('history.limit', '05')",
      "INSERT INTO setting (key, value) VALUES ('agency.name', ' Bail & Co')",
      "INSERT INTO setting (key, value) VALUES ('currency', 'usd')",
      // 42.50 has a digit JPY cannot hold.
      "UPDATE expense SET amount_minor = 4250; INSERT INTO setting VALUES ('currency', 'JPY')",
    ] {
      #expect(throws: PostgresTestServerError.self, "\(sql)") {
        try agency.server.psql(agency.url, sql, role: agency.admin)
      }
      #expect(try agency.roster() == roster, "\(sql)")
    }
    _ = try agency.server.psql(
      agency.url,
      "INSERT INTO setting (key, value) VALUES ('currency', 'JPY') "
        + "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      role: agency.admin)
    let yen = start.split(separator: "|").map {
      $0.split(separator: ",").map { String(Int64($0)! / 100) }.joined(separator: ",")
    }
    #expect(try agency.server.psql(agency.url, amounts) == yen.joined(separator: "|"))
    let admin = try agency.bounty(as: agency.admin)
    #expect(try admin.run(["undo"]).status == 0)
    #expect(try agency.roster() == roster)
    #expect(try admin.run(["settings", "set", "currency", "BHD"]).status == 0)
    let dinars = start.split(separator: "|").map {
      $0.split(separator: ",").map { String(Int64($0)! * 10) }.joined(separator: ",")
    }
    #expect(try agency.server.psql(agency.url, amounts) == dinars.joined(separator: "|"))
    #expect(try admin.run(["undo"]).status == 0)
    #expect(try agency.roster() == roster)
    let refused = try admin.run(["settings", "set", "rounding", "sideways"])
    #expect(refused.status != 0)
  }

  /// A name another client writes without its sort key gets one from the server (agency
  /// migration 6): a new fugitive's empty key, or a renamed fugitive's or alias's old key, sorted
  /// it where no name of its sorts.
  @Test func aNameWrittenThroughPsqlSortsByItself() throws {
    let agency = try Agency()
    _ = try agency.server.psql(
      agency.url,
      """
      INSERT INTO fugitive (id, name, bounty_minor, created_by) VALUES (12, 'Zorro', 5, current_user);
      UPDATE fugitive SET name = 'Zélda Ábrego' WHERE id = 9;
      UPDATE alias SET name = 'Sledge' WHERE fugitive_id = 7
      """, role: agency.hunter)
    let listed = try agency.bounty(as: agency.hunter).run(["fugitives", "list", "--sort", "name"])
    #expect(listed.status == 0)
    let ids = listed.stdout.split(separator: "\n").dropFirst().dropLast().compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(ids == ["7", "9", "12"], "\(listed.stdout)")
    #expect(
      try agency.server.psql(
        agency.url, "SELECT string_agg(name_key, ',' ORDER BY id) FROM fugitive")
        == "hank morrow,zelda abrego,zorro")
    #expect(try agency.server.psql(agency.url, "SELECT name_key FROM alias") == "sledge")
    // A key written with its name is the writer's (bounty's own writes, undo's replays).
    #expect(try agency.bounty(as: agency.hunter).run(["undo"]).status == 0)
    #expect(
      try agency.server.psql(
        agency.url, "SELECT string_agg(name_key, ',' ORDER BY id) FROM fugitive")
        == "hank morrow,ada byron")
  }

  /// Statements the server refuses a hunter (`permission denied` or a row policy), changing
  /// nothing anywhere.
  static func refused(_ agency: Agency) -> [String] {
    var statements: [String] = [
      "INSERT INTO setting (key, value) VALUES ('rounding', 'up')",
      "UPDATE setting SET value = '99'", "DELETE FROM setting", "TRUNCATE note",
      "TRUNCATE fugitive", "DELETE FROM bounty_migration",
      "INSERT INTO hunter (role, display_name) VALUES ('\(agency.admin)', 'Impostor')",
      "INSERT INTO fugitive (id, name, bounty_minor, created_by) VALUES (50, 'X', 1, '\(agency.admin)')",
      "INSERT INTO workspace (key, value) VALUES ('\(agency.other):tab', 'x')",
      "SELECT bounty_begin_step('undo', 'x', 'y', '\(agency.admin)')",
      "SELECT bounty_trim_history('\(agency.admin)', 0)",
    ]
    let tables = [
      ("history_step", "stack, label, created_at, hunter", "'undo', 'x', 'y', '\(agency.admin)'"),
      ("history_entry", "step_id, op", "1, 'setting.delete'"),
      ("history_blob", "step_id, bytes", "1, '\\x00'"),
      ("history_touch", "step_id, fugitive_id", "1, 7"),
      ("history_block", "step_id, after_position", "1, 0"),
      ("fugitive_tally", "captured, count", "0, 999999"),
      ("fugitive_id_run", "first, last", "100, 200"),
      ("fugitive_id_touched", "id", "5"),
      ("fugitive_search", "id, text", "99, 'x'"),
    ]
    for (table, columns, values) in tables {
      statements.append("INSERT INTO \(table) (\(columns)) VALUES (\(values))")
      statements.append(
        "UPDATE \(table) SET \(columns.prefix { $0 != "," }) = \(columns.prefix { $0 != "," })")
      statements.append("DELETE FROM \(table)")
    }
    return statements
  }

  @Test func theServerRefusesAHunterEverythingElseAndChangesNothing() throws {
    let agency = try Agency()
    // Steps of the others to protect.
    #expect(
      try agency.bounty(as: agency.admin).run(["fugitives", "edit", "9", "--bounty", "20"]).status
        == 0)
    #expect(
      try agency.bounty(as: agency.other).run(["fugitives", "edit", "7", "--bounty", "30"]).status
        == 0)
    let (roster, bookkeeping) = (try agency.roster(), try agency.bookkeeping())
    for sql in Self.refused(agency) {
      let error = try #require(throws: PostgresTestServerError.self, "\(sql)") {
        try agency.server.psql(agency.url, sql, role: agency.hunter)
      }
      #expect(
        ["permission denied", "row-level security", "belongs to the role", "only "].contains {
          error.description.contains($0)
        }, "\(sql): \(error)")
      #expect(try agency.roster() == roster, "\(sql)")
      #expect(try agency.bookkeeping() == bookkeeping, "\(sql)")
    }
    // Rows that are someone else's are out of reach of an UPDATE or DELETE: none is found.
    for sql in [
      "UPDATE hunter SET display_name = 'Mallory'", "DELETE FROM hunter",
      "UPDATE workspace SET value = 'x'", "DELETE FROM workspace",
      "SELECT bounty_drop_step(id, NULL) FROM history_step",
      "SELECT bounty_label_step(id, CAST(ctid AS text), 'forged') FROM history_step",
      "DELETE FROM fugitive",
    ] {
      _ = try agency.server.psql(agency.url, sql, role: agency.hunter)
      #expect(try agency.roster() == roster, "\(sql)")
      #expect(try agency.bookkeeping() == bookkeeping, "\(sql)")
    }
    // A hunter's own row and workspace values are theirs.
    _ = try agency.server.psql(
      agency.url,
      """
      INSERT INTO hunter (role, display_name) VALUES ('\(agency.hunter)', 'Hugo');
      INSERT INTO workspace (key, value) VALUES ('\(agency.hunter):tab', 'captured')
      """, role: agency.hunter)
    #expect(
      try agency.server.psql(
        agency.url, "SELECT display_name FROM hunter WHERE role = '\(agency.hunter)'") == "Hugo")
    // Who changed a fugitive last is the server's, whatever an INSERT or UPDATE says.
    _ = try agency.server.psql(
      agency.url,
      """
      INSERT INTO fugitive (id, name, bounty_minor, changed_by) VALUES (51, 'Y', 1, '\(agency.admin)');
      UPDATE fugitive SET changed_by = '\(agency.admin)' WHERE id = 7
      """, role: agency.hunter)
    #expect(
      try agency.server.psql(
        agency.url, "SELECT string_agg(DISTINCT changed_by, ',') FROM fugitive WHERE id IN (7, 51)")
        == agency.hunter)
  }

  /// A step planted for another role, or a recording into another hunter's step, is refused by
  /// the server; the admin's and the owner's next undo undoes their own step and nothing else.
  @Test func aPlantedOrBorrowedStepNeverRunsWhenItsTargetUndoes() throws {
    let agency = try Agency()
    let admin = try agency.bounty(as: agency.admin)
    #expect(try admin.run(["fugitives", "edit", "9", "--bounty", "20"]).status == 0)
    let adminStep = try agency.server.psql(
      agency.url, "SELECT id FROM history_step WHERE hunter = '\(agency.admin)'")
    let ownerStep = try agency.server.psql(
      agency.url,
      """
      BEGIN;
      UPDATE fugitive SET description = 'owner was here' WHERE id = 7;
      SELECT id FROM history_step ORDER BY id DESC LIMIT 1;
      COMMIT
      """)
    let owner = try agency.server.psql(agency.url, "SELECT current_user")
    let planted = [
      // A step of SQL text for the admin and for the owner, through every way in.
      """
      INSERT INTO history_step (stack, label, created_at, hunter)
      VALUES ('undo', 'fugitives edit 88657', '2026-11-30T11:00:00Z', '\(agency.admin)')
      """,
      """
      INSERT INTO history_step (stack, label, created_at, hunter)
      VALUES ('undo', 'x', '2026-11-30T11:00:00Z', '\(owner)')
      """,
      "INSERT INTO history_entry (step_id, op) VALUES (\(adminStep), 'setting.delete')",
      "UPDATE history_entry SET old_row = '{\"key\": \"commission.rate\", \"value\": \"99\"}'",
      "UPDATE history_step SET hunter = '\(agency.hunter)'",
      "SELECT * FROM bounty_begin_step('undo', 'ALTER ROLE \(agency.hunter) SUPERUSER', 'x', '\(owner)')",
      // Recording into the admin's step: the next undo would reverse the hunter's change.
      """
      SELECT set_config('bounty.step', '\(adminStep)', false);
      DELETE FROM note; DELETE FROM fugitive; ALTER ROLE \(agency.hunter) SUPERUSER
      """,
      "SELECT set_config('bounty.paused', '\(ownerStep)', false); UPDATE fugitive SET bounty_minor = 1",
      "SELECT bounty_record_block(\(adminStep), 0)",
      "SELECT bounty_carry_versions(\(adminStep), \(ownerStep))",
    ]
    let (roster, bookkeeping) = (try agency.roster(), try agency.bookkeeping())
    for sql in planted {
      #expect(throws: PostgresTestServerError.self, "\(sql)") {
        try agency.server.psql(agency.url, sql, role: agency.hunter)
      }
      #expect(try agency.roster() == roster, "\(sql)")
      #expect(try agency.bookkeeping() == bookkeeping, "\(sql)")
    }
    #expect(
      try agency.server.psql(
        agency.url, "SELECT rolsuper FROM pg_roles WHERE rolname = '\(agency.hunter)'") == "f")
    // The admin's undo undoes the admin's edit, and only it.
    #expect(try admin.run(["undo"]).status == 0)
    #expect(
      try agency.server.psql(
        agency.url, "SELECT bounty_minor FROM fugitive WHERE id = 9") == "100000")
    #expect(try agency.server.psql(agency.url, "SELECT count(*) FROM fugitive") == "2")
    #expect(try agency.server.psql(agency.url, "SELECT count(*) FROM note") == "1")
  }

  /// A hunter's temporary objects come first in their own `search_path`; the server's triggers
  /// must not use them (agency migration 4). A temporary `fugitive_version` chose the row version
  /// of the hunter's change (the one the other hunter's step left, so that hunter's undo overwrote
  /// the change unseen); a temporary `fugitive` took the version bump of a note change.
  @Test func aHuntersTemporaryObjectsNeverStandInForTheServers() throws {
    let agency = try Agency()
    let other = try agency.bounty(as: agency.other)
    let changes = [
      (
        "a temporary sequence",
        "CREATE TEMP SEQUENCE fugitive_version START %@; "
          + "UPDATE fugitive SET description = 'hunter was here' WHERE id = 7"
      ),
      (
        "a temporary table",
        "CREATE TEMP TABLE fugitive (LIKE public.fugitive); "
          + "UPDATE note SET text = 'hunter was here' WHERE fugitive_id = 7"
      ),
    ]
    for (label, sql) in changes {
      #expect(try other.run(["fugitives", "edit", "7", "--bounty", "30"]).status == 0, "\(label)")
      let version = try agency.server.psql(
        agency.url, "SELECT row_version FROM fugitive WHERE id = 7")
      _ = try agency.server.psql(
        agency.url, sql.replacingOccurrences(of: "%@", with: version), role: agency.hunter)
      #expect(
        try agency.server.psql(agency.url, "SELECT row_version FROM fugitive WHERE id = 7")
          != version, "\(label)")
      let before = try agency.roster()
      let undo = try other.run(["undo"])
      #expect(undo.status == 1, "\(label): \(undo.stdout)")
      #expect(undo.stderr.contains("was changed by \(agency.hunter)"), "\(label): \(undo.stderr)")
      #expect(try agency.roster() == before, "\(label)")
      #expect(try agency.bounty(as: agency.hunter).run(["undo"]).status == 0, "\(label)")
    }
  }

  /// `bounty_carry_versions` carries only what a replay put back: called alone by a hunter whose
  /// step touched a fugitive after another hunter's, it must not let that hunter's undo overwrite
  /// a third one's later change (agency migration 4).
  @Test func aHunterCannotCarryAnotherHuntersStepPastALaterChange() throws {
    let agency = try Agency()
    #expect(
      try agency.bounty(as: agency.other).run(["fugitives", "edit", "9", "--bounty", "30"]).status
        == 0)
    #expect(
      try agency.bounty(as: agency.hunter).run(["fugitives", "edit", "9", "--bounty", "40"])
        .status == 0)
    #expect(
      try agency.bounty(as: agency.admin).run(["fugitives", "edit", "9", "--name", "Ada King"])
        .status == 0)
    let step = try agency.server.psql(
      agency.url, "SELECT id FROM history_step WHERE hunter = '\(agency.hunter)'")
    #expect(throws: PostgresTestServerError.self) {
      try agency.server.psql(
        agency.url, "SELECT bounty_carry_versions(\(step), \(step))", role: agency.hunter)
    }
    let before = try agency.roster()
    let undo = try agency.bounty(as: agency.other).run(["undo"])
    #expect(undo.status == 1, "\(undo.stdout)")
    // Named: the change right after the step, not the last one (the admin's).
    #expect(
      undo.stderr.contains("was changed by \(agency.hunter) ('fugitives edit 9')"), "\(undo.stderr)"
    )
    #expect(try agency.roster() == before)
    #expect(
      try agency.server.psql(agency.url, "SELECT name FROM fugitive WHERE id = 9") == "Ada King")
  }

  /// What history and refusals show for a hunter is theirs alone: a name another hunter goes by,
  /// or another role's name, is refused through `psql` and through bounty (agency migration 4).
  @Test func aHunterMayNotGoByAnotherHuntersName() throws {
    let agency = try Agency()
    let bookkeeping = try agency.bookkeeping()
    for name in ["Olga", " olga ", agency.other.uppercased(), agency.admin] {
      for sql in [
        "INSERT INTO hunter (role, display_name) VALUES ('\(agency.hunter)', '\(name)')",
        "INSERT INTO hunter (role, display_name) VALUES ('\(agency.hunter)', 'Hank'); "
          + "UPDATE hunter SET display_name = '\(name)' WHERE role = '\(agency.hunter)'",
      ] {
        #expect(throws: PostgresTestServerError.self, "\(sql)") {
          try agency.server.psql(agency.url, sql, role: agency.hunter)
        }
        #expect(try agency.bookkeeping() == bookkeeping, "\(sql)")
      }
      let set = try agency.bounty(as: agency.hunter).run(["settings", "set", "hunter.name", name])
      #expect(set.status == 1, "\(name): \(set.stdout)")
      #expect(set.stderr.contains("is another hunter's; nothing was changed"), "\(set.stderr)")
      #expect(try agency.bookkeeping() == bookkeeping, "\(name)")
    }
    let own = try agency.bounty(as: agency.hunter).run(["settings", "set", "hunter.name", "Hank"])
    #expect(own.status == 0, "\(own.stderr)")
    #expect(
      try agency.server.psql(
        agency.url, "SELECT display_name FROM hunter WHERE role = '\(agency.hunter)'") == "Hank")
  }

  /// Even an entry written by someone who may write the history (the owner, here in `psql`, in a
  /// step of their own: one in another role's name is refused by the chain, agency migration 9) is
  /// data: a refused op is refused, and SQL in its values is a value.
  @Test func anEntrysValuesAreNeverSQL() throws {
    let agency = try Agency()
    let owner = try agency.server.psql(agency.url, "SELECT current_user")
    let ownersBounty = BinaryRunner(database: agency.url)
    let (roster, _) = (try agency.roster(), 0)
    _ = try agency.server.psql(
      agency.url,
      """
      WITH s AS (INSERT INTO history_step (stack, label, created_at, hunter)
        VALUES ('undo', 'fugitives edit 88657', '2026-11-30T11:00:00Z', '\(owner)')
        RETURNING id)
      INSERT INTO history_entry (step_id, op, row_key)
      SELECT id, 'setting.delete', '{"key": "x''; DELETE FROM fugitive; ALTER ROLE \(agency.hunter) SUPERUSER; --"}'
      FROM s
      """)
    #expect(try ownersBounty.run(["undo"]).status == 0)
    #expect(try agency.roster() == roster)
    _ = try agency.server.psql(
      agency.url,
      """
      WITH s AS (INSERT INTO history_step (stack, label, created_at, hunter)
        VALUES ('undo', 'fugitives edit 88657', '2026-11-30T11:00:00Z', '\(owner)')
        RETURNING id)
      INSERT INTO history_entry (step_id) SELECT id FROM s
      """)
    let refused = try ownersBounty.run(["undo"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("holds a history entry bounty does not replay"), "\(refused.stderr)")
    #expect(try agency.roster() == roster)
    #expect(
      try agency.server.psql(
        agency.url, "SELECT rolsuper FROM pg_roles WHERE rolname = '\(agency.hunter)'") == "f")
  }
}
