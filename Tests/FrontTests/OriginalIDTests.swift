import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// What the original app could store and bounty keeps as it is: ID# 0 (its model's default) and
/// negative ID#s, and a position with one coordinate, migrated from an old database.
@Suite(.onTestThreads) struct OriginalIDTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
  }

  /// A bounty database at schema version 5 (the original's model version 5), as an old bounty
  /// left it, with `rows` inserted.
  /// A version-5 database holding `rows`, made by the sqlite3 shell, then migrated.
  func oldDatabase(_ rows: String) throws {
    let outcome = try SQLiteShell.exec(
      bounty.database,
      """
      CREATE TABLE fugitive (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
        bounty_minor INTEGER NOT NULL CHECK (bounty_minor >= 0), description TEXT NOT NULL DEFAULT '');
      ALTER TABLE fugitive ADD COLUMN captured INTEGER NOT NULL DEFAULT 0 CHECK (captured IN (0, 1));
      ALTER TABLE fugitive ADD COLUMN captured_at TEXT;
      ALTER TABLE fugitive ADD COLUMN image BLOB;
      ALTER TABLE fugitive ADD COLUMN captured_lat REAL;
      ALTER TABLE fugitive ADD COLUMN captured_lon REAL;
      ALTER TABLE fugitive ADD COLUMN last_seen_lat REAL;
      ALTER TABLE fugitive ADD COLUMN last_seen_lon REAL;
      ALTER TABLE fugitive ADD COLUMN last_seen_desc TEXT;
      ALTER TABLE fugitive ADD COLUMN last_seen_at TEXT;
      PRAGMA user_version = 5;
      \(rows)
      """)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // A read never migrates: the version-5 file is brought up to date first, as a hunter would.
    let migrated = try bounty.run(["db", "migrate"])
    #expect(migrated.status == 0, "\(migrated.stderr)")
  }

  func json(_ arguments: [String], runner: BinaryRunner? = nil) throws -> JSON {
    let outcome = try (runner ?? bounty).run(["--json"] + arguments)
    #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
    return try JSONParser.parse(outcome.stdout.trimmingASCIIWhitespace())
  }

  @Test func zeroAndNegativeIDsAreKeptAndWorkEverywhere() throws {
    try oldDatabase(
      """
      INSERT INTO fugitive (id, name, bounty_minor, description) VALUES
        (0, 'Zero Day ', 100, 'default ID# '), (-5, 'Minus Five', 200, ''), (-2147483648, 'Floor', 1, '');
      """)
    let card = try bounty.run(["fugitives", "show", "0"])
    #expect(card.status == 0, "\(card.stderr)")
    #expect(card.stdout.contains("ID#          0"), "\(card.stdout)")
    for words in [["--", "-5"], [" -5"], ["-5"]] {
      let shown = try bounty.run(["fugitives", "show"] + words)
      #expect(shown.status == 0 && shown.stdout.contains("Minus Five"), "\(words): \(shown.stderr)")
    }
    #expect(try json(["fugitives", "show", "-2147483648"])["name"] == .string("Floor"))
    let edited = try bounty.run([
      "fugitives", "edit", "-5", "--name", "Minus Six", "--new-id", "-6",
    ])
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(try json(["fugitives", "show", "-6"])["name"] == .string("Minus Six"))
    #expect(try bounty.run(["capture", "0"]).status == 0)
    #expect(try json(["captured", "show", "0"])["captured"] == .bool(true))
    // Past the Int32 the original held, an ID# is still out of range.
    let below = try bounty.run(["fugitives", "show", "-2147483649"])
    #expect(below.status == 64 && below.stderr.contains("out of range"), "\(below.stderr)")

    // A new fugitive given no ID# gets a positive one, the first above the highest.
    #expect(try json(["fugitives", "add", "--name", "New", "--bounty", "5"])["id"] == .int(1))

    // JSON-RPC, and the shell (the ID# of the card on screen carries over).
    let replies = try bounty.rpc([
      #"{"jsonrpc":"2.0","id":1,"method":"fugitives.get","params":{"id":0}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"fugitives.update","params":{"id":-6,"bounty":"7"}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"captured.release","params":{"ids":[0]}}"#,
    ]).map { try JSONParser.parse($0) }
    #expect(replies.count == 3)
    #expect(replies[0]["result"]?["name"] == .string("Zero Day "))
    #expect(replies[1]["result"]?["bounty"] == .string("7.00"))
    #expect(replies[2]["error"] == nil, "\(replies[2])")
    let shell = try bounty.run(
      [], input: "show -- -6\nedit --bounty 8\nshow 0\nnote add -- at 5\nshow ' -6'\nquit\n")
    #expect(shell.status == 0, "\(shell.stdout)\(shell.stderr)")
    #expect(try json(["fugitives", "show", "-6"])["bounty"] == .string("8.00"))
    #expect(
      try json(["fugitives", "show", "0"])["notes"]?.arrayValue?.first?["text"] == .string("at 5"))

    // An export keeps them under their number, and an import takes them back.
    let exported = folder.file("roster.json")
    #expect(try bounty.run(["export", "--output", exported]).status == 0)
    let other = BinaryRunner(database: folder.file("other.sqlite"))
    let imported = try other.run(["import", exported])
    #expect(imported.status == 0, "\(imported.stderr)")
    let ids = TestApp.ids(try json(["fugitives", "list", "--all", "--sort", "id"], runner: other))
    #expect(ids == [-2_147_483_648, -6, 0, 1])
  }

  @Test func aPositionWithOneCoordinateShowsWhatThereIs() throws {
    try oldDatabase(
      """
      INSERT INTO fugitive (id, name, bounty_minor, captured, captured_at, captured_lat, last_seen_lon)
      VALUES (7, 'Half', 100, 1, '2026-11-01T10:00:00Z', 36.17, -115.14);
      """)
    let shown = try json(["captured", "show", "7"])
    #expect(shown["captureLocation"] == .object(["lat": .number("36.17"), "lon": .null]))
    #expect(shown["lastSeen"]?["lon"] == .number("-115.14"))
    #expect(shown["lastSeen"]?["lat"] == .null)
    let card = try bounty.run(["captured", "show", "7"])
    #expect(card.stdout.contains("at 36.170 (latitude only)"), "\(card.stdout)")
    #expect(card.stdout.contains("Last seen    -115.140 (longitude only)"), "\(card.stdout)")

    // An edit of something else keeps it; an export and an import carry it.
    #expect(try bounty.run(["fugitives", "edit", "7", "--name", "Halved"]).status == 0)
    #expect(try bounty.sqlite3("SELECT captured_lat, captured_lon FROM fugitive") == "36.17|")
    for format in ["json", "csv"] {
      let exported = folder.file("roster.\(format)")
      #expect(try bounty.run(["export", "--output", exported]).status == 0)
      let other = BinaryRunner(database: folder.file("other-\(format).sqlite"))
      let imported = try other.run(["import", exported])
      #expect(imported.status == 0, "\(imported.stderr)")
      let again = try json(["captured", "show", "7"], runner: other)
      #expect(again["captureLocation"] == shown["captureLocation"], "\(format)")
      #expect(again["lastSeen"]?["lon"] == .number("-115.14"), "\(format)")
    }
  }

  /// The workspace opens ID# 0 from its list and a negative ID# from its command line (it said
  /// "Fugitive 0 no longer exists").
  @Test func theWorkspaceOpensZeroAndNegativeIDs() throws {
    try oldDatabase(
      """
      INSERT INTO fugitive (id, name, bounty_minor) VALUES (0, 'Zero Day', 100), (-5, 'Minus Five', 200);
      """)
    let screen = try ShellTerminalTests.Screen(
      command:
        "env BOUNTY_DB=\(bounty.database) BOUNTY_NOW=2026-11-30T10:00:00Z TERM=xterm-256color "
        + "XDG_STATE_HOME=\(folder.file("state")) \(BinaryRunner.executable); echo EXITED $?; sleep 30"
    )
    _ = screen.waitFor("1 of 2")
    try screen.type("j", "Enter")
    let zero = screen.waitFor("ID#          0")
    #expect(zero.contains("ID#          0") && !zero.contains("no longer exists"), "\(zero)")
    try screen.type("Escape")
    _ = screen.waitUntil { !$0.contains("ID#          0") }
    try screen.type(":", "show -- -5", "Enter")
    let negative = screen.waitFor("ID#          -5")
    #expect(negative.contains("ID#          -5") && negative.contains("Minus Five"), "\(negative)")
  }
}
