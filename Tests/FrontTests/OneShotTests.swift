import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The terminal front, through the real binary: exit codes, streams, `--json`.
@Suite(.onTestThreads) struct OneShotTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
  }

  @Test func successGoesToStdoutWithStatusZero() throws {
    let version = try bounty.run(["--version"])
    #expect(
      version.status == 0 && version.stdout == "bounty \(BountyVersion.current)\n"
        && version.stderr.isEmpty)
    let added = try bounty.run([
      "fugitives", "add", "--name", "Hank Morrow", "--bounty=$12,500", "--id", "7",
    ])
    #expect(added.status == 0)
    #expect(added.stdout.contains("Added fugitive 7 (Hank Morrow)."))
    #expect(added.stdout.contains("$12,500.00"))
    #expect(added.stderr.isEmpty)
    let listed = try bounty.run(["fugitives", "list"])
    #expect(listed.stdout.contains("Hank Morrow") && listed.stdout.contains("1 at large"))
    // A pipe gets no colour and RFC 3339 times.
    #expect(!listed.stdout.contains("\u{1B}["))
  }

  /// The `color` preference holds for one-shot commands as for the shell and the workspace, on a
  /// terminal only: `always` does not colour a pipe (as `--help` says), `--color=always` does,
  /// over NO_COLOR and the preference; `never` keeps a terminal plain, `--color=auto` colours it.
  @Test func colourIsForATerminalUnlessTheCommandLineSaysAlways() throws {
    try bounty.run(["fugitives", "add", "--name", "Hank Morrow", "--bounty", "1"])
    try bounty.run(["settings", "set", "color", "always"])
    let escape = "\u{1B}["
    #expect(!(try bounty.run(["fugitives", "list"]).stdout.contains(escape)))
    #expect(try bounty.run(["--color=always", "fugitives", "list"]).stdout.contains(escape))
    #expect(try bounty.run(["fugitives", "list", "--color"]).stdout.contains(escape))
    #expect(!(try bounty.run(["--color=never", "fugitives", "list"]).stdout.contains(escape)))
    #expect(!(try bounty.run(["--color=auto", "fugitives", "list"]).stdout.contains(escape)))
    var noColour = bounty
    noColour.environment["NO_COLOR"] = "1"
    #expect(!(try noColour.run(["fugitives", "list"]).stdout.contains(escape)))
    #expect(try noColour.run(["--color=always", "fugitives", "list"]).stdout.contains(escape))
    let wrong = try bounty.run(["--color=sometimes", "fugitives", "list"])
    #expect(wrong.status == 64)
    #expect(wrong.stderr.hasPrefix("Error: --color takes always, never or auto, not 'sometimes'\n"))
    // On a terminal (script(1) gives the command one), `auto` colours and `never` does not.
    func onATerminal(_ options: String = "") throws -> BinaryRunner.Outcome {
      try bounty.run(
        ["-qec", "'\(BinaryRunner.executable)' \(options) fugitives list", "/dev/null"],
        executable: "/usr/bin/script")
    }
    try bounty.run(["settings", "set", "color", "auto"])
    let auto = try onATerminal()
    #expect(auto.stdout.contains("Hank Morrow") && auto.stdout.contains(escape), "\(auto.stdout)")
    try bounty.run(["settings", "set", "color", "never"])
    let never = try onATerminal()
    #expect(never.stdout.contains("Hank Morrow") && !never.stdout.contains(escape))
    #expect(try onATerminal("--color=auto").stdout.contains(escape))
  }

  @Test func notFoundIsOneErrorLineAndStatusOne() throws {
    try bounty.run(["db", "migrate"])
    let outcome = try bounty.run(["fugitives", "show", "99"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr == "Error: fugitive 99 not found\n")
  }

  @Test(arguments: [
    (["fugitives", "frobnicate"], "unknown command 'fugitives frobnicate'"),
    (["fugitives", "add", "--name", "X"], "missing --bounty"),
    (
      ["fugitives", "add", "--name", "X", "--bounty", "1", "--hair-colour", "red"],
      "unknown option '--hair-colour' for 'fugitives add'"
    ),
    (["fugitives", "show"], "missing ID"),
    (["fugitives", "show", "1", "2"], "unexpected argument '2'"),
    (["fugitives", "list", "--limit"], "--limit needs a value"),
    (["--db"], "--db needs a PATH"),
  ])
  func usageErrorsExit64WithTheUsage(arguments: [String], message: String) throws {
    let outcome = try bounty.run(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.stdout.isEmpty)
    let lines = outcome.stderr.split(separator: "\n")
    #expect(lines.first == "Error: \(message)"[...], "\(outcome.stderr)")
    #expect(outcome.stderr.contains("See 'bounty"))
  }

  @Test func malformedValuesAreUsageErrorsNamingTheField() throws {
    let outcome = try bounty.run(["fugitives", "add", "--name", "X", "--bounty", "12.345"])
    #expect(outcome.status == 64)
    #expect(
      outcome.stderr == "Error: invalid --bounty: '12.345' has more decimals than USD allows (2)\n")
  }

  @Test func dbCheckFailsOnADamagedDatabase() throws {
    try bounty.run(["sample"])
    #expect(try bounty.run(["db", "check"]).status == 0)
    // Orphan a note behind the database's back: the check must say so and fail. (Deleting the
    // fugitive no longer does: since migration 0017 its notes go with it whatever foreign_keys says.)
    #expect(
      system(
        "sqlite3 '\(bounty.database)' \"PRAGMA foreign_keys=OFF; INSERT INTO note (fugitive_id, position, text, created_at) VALUES (999999, 1, 'x', 'x');\""
      ) == 0)
    let outcome = try bounty.run(["--json", "db", "check"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains(#""ok":false"#))
  }

  @Test func helpGoesToStdoutWithStatusZero() throws {
    for arguments in [
      ["--help"], ["help"], ["help", "fugitives", "add"], ["fugitives", "add", "--help"],
      ["fugitives", "-h"], ["help", "captured"],
    ] {
      let outcome = try bounty.run(arguments)
      #expect(outcome.status == 0, "\(arguments)")
      #expect(!outcome.stdout.isEmpty && outcome.stderr.isEmpty, "\(arguments)")
    }
    #expect(
      try bounty.run(["help", "fugitives", "add"]).stdout.hasPrefix(
        "Usage: bounty fugitives add --name TEXT"))
    #expect(try bounty.run(["help", "nothing"]).status == 64)
  }

  @Test func doubleDashEndsOptions() throws {
    try bounty.run(["fugitives", "add", "--name", "Dash", "--bounty", "1", "--id", "3"])
    let outcome = try bounty.run(["fugitives", "note", "add", "3", "--", "--not-an-option"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("--not-an-option"))
  }

  /// `--json` prints exactly the bytes of the JSON-RPC result of the same call.
  @Test func jsonEqualsTheRPCResult() throws {
    let other = BinaryRunner(database: folder.file("rpc.sqlite"))
    let cliAdd = try bounty.run([
      "--json", "fugitives", "add", "--name", "Zoë 王", "--bounty", "12500.5", "--id", "7",
      "--description", "a \"quoted\" line",
    ])
    let responses = try other.rpc([
      #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"name":"Zoë 王","bounty":"12500.5","id":7,"description":"a \"quoted\" line"},"id":1}"#,
      #"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":7},"id":2}"#,
      #"{"jsonrpc":"2.0","method":"fugitives.list","params":{},"id":3}"#,
    ])
    #expect(responses.count == 3)
    func result(_ line: String) -> String {
      let prefix = #"{"jsonrpc":"2.0","result":"#
      guard line.hasPrefix(prefix), let comma = line.range(of: #","id":"#, options: .backwards)
      else { return "" }
      return String(line[line.index(line.startIndex, offsetBy: prefix.count)..<comma.lowerBound])
    }
    #expect(cliAdd.stdout == result(responses[0]) + "\n")
    #expect(
      try bounty.run(["--json", "fugitives", "show", "7"]).stdout == result(responses[1]) + "\n")
    #expect(try bounty.run(["fugitives", "list", "--json"]).stdout == result(responses[2]) + "\n")
  }

  @Test func photoFromAFileAndBackToAFile() throws {
    try bounty.run(["fugitives", "add", "--name", "Face", "--bounty", "1", "--id", "1"])
    let image = folder.file("in.png")
    let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9, 8, 7]
    _ = FileManager.default.createFile(atPath: image, contents: Data(bytes))
    #expect(try bounty.run(["fugitives", "photo", "1", image]).status == 0)
    let out = folder.file("out.png")
    #expect(try bounty.run(["fugitives", "photo", "1", "--export", out]).status == 0)
    #expect(TemporaryFolder.bytes(out) == bytes)
    let missing = try bounty.run(["fugitives", "photo", "1", folder.file("nope.png")])
    #expect(missing.status == 1 && missing.stderr.hasPrefix("Error: cannot read"))
    let text = folder.file("not.png")
    _ = FileManager.default.createFile(atPath: text, contents: Data("hello".utf8))
    let refused = try bounty.run(["fugitives", "photo", "1", text])
    #expect(
      refused.status == 1 && refused.stderr == "Error: IMAGE is not a PNG or JPEG image.\n")
  }

  @Test func hostileNamesCannotDriveTheTerminal() throws {
    try bounty.run([
      "fugitives", "add", "--name", "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J", "--bounty", "1",
    ])
    let listed = try bounty.run(["fugitives", "list"])
    #expect(!listed.stdout.contains("\u{1B}"))
    #expect(listed.stdout.contains("Evil\\u{1b}]0;pwned\\u{7}"))
  }

  /// A version-1 database written by the sqlite3 shell, opened by a copy of the binary placed
  /// outside the build folder: a read (a list, a Tab's `completions ids`) leaves it byte for byte
  /// and says `db migrate` is needed; `db migrate` migrates it with every row kept and a backup
  /// beside it.
  @Test func aVersionOneDatabaseFromTheSQLiteShellMigrates() throws {
    let path = folder.file("v1.sqlite")
    let sql = """
      CREATE TABLE fugitive (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        bounty_minor INTEGER NOT NULL CHECK (bounty_minor >= 0),
        description TEXT NOT NULL DEFAULT ''
      );
      INSERT INTO fugitive VALUES (6012, 'Jolene Pruitt ', 130000, 'Parole violater');
      INSERT INTO fugitive VALUES (99871, 'Émile Fournier', 9600000, 'Art fraud');
      INSERT INTO fugitive VALUES (7305, 'Wendell Oakes', 25000, '');
      PRAGMA user_version = 1;
      """
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    shell.arguments = [path, sql]
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    let copy = folder.file("elsewhere/bounty")
    try FileManager.default.createDirectory(
      atPath: folder.file("elsewhere"), withIntermediateDirectories: true)
    try BinaryRunner.copyExecutable(to: copy)
    let runner = BinaryRunner(database: path)
    let before = TemporaryFolder.bytes(path)
    for read in [["fugitives", "list"], ["completions", "ids"], ["db", "info"]] {
      let refused = try runner.run(read, executable: copy)
      #expect(refused.status == 1 && refused.stdout.isEmpty, "\(read)")
      #expect(
        refused.stderr.hasPrefix(
          "Error: \(path) has schema version 1, older than this bounty's "))
      #expect(
        refused.stderr.hasSuffix(
          "; `bounty db migrate` brings it up to date (after a backup), and so does any change; "
            + "nothing was read or changed\n"))
    }
    #expect(TemporaryFolder.bytes(path) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "elsewhere", "v1.sqlite",
      ])
    let migrated = try runner.run(["db", "migrate"], executable: copy)
    #expect(migrated.status == 0, "\(migrated.stderr)")
    #expect(
      migrated.stderr.contains("from schema version 1 to") && migrated.stderr.contains("backup"))
    let listed = try runner.run(["fugitives", "list", "--json"], executable: copy)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(
      listed.stdout.contains(
        #""name":"Jolene Pruitt ","bounty":"1300.00","description":"Parole violater""#))
    #expect(listed.stdout.contains(#""total":3"#))
    let backups = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.contains("v1-backup")
    }
    #expect(backups.count == 1)
    // The shell lists every one of them too.
    let session = try runner.run([], input: "list --all\nquit\n", executable: copy)
    #expect(session.status == 0)
    for name in ["Jolene Pruitt", "Émile Fournier", "Wendell Oakes"] {
      #expect(session.stdout.contains(name))
    }
    let info = try runner.run(["db", "info", "--json"], executable: copy)
    let parsed = try JSONParser.parse(info.stdout.trimmingASCIIWhitespace())
    #expect(
      parsed["schemaVersion"] != nil && parsed["schemaVersion"] == parsed["latestSchemaVersion"])
    #expect(!info.stderr.contains("backup"))
  }
}
