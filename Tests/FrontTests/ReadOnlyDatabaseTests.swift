import BountyCore
import BountyTestSupport
import Foundation
import Glibc
import Testing

/// A database the user may only read (mode 0444, another owner), in a folder they can write and in
/// one they cannot: the commands that read work and write nothing, not even a `-wal` or `-shm`, and
/// the ones that change say so in one line (docs/reliability.md, "A database you may only read").
@Suite(.onTestThreads) struct ReadOnlyDatabaseTests {
  /// Commands that only read, with a piece of what each must print.
  static let readers: [(arguments: [String], shows: String)] = [
    (["fugitives", "list"], "Jolene Pruitt"),
    (["fugitives", "list", "--all"], "Émile Fournier"),
    (["fugitives", "show", "1"], "seen in Reno"),
    (["--json", "fugitives", "show", "1"], #""name":"Jolene Pruitt""#),
    (["captured", "list"], "Émile Fournier"),
    (["report"], "Émile Fournier"),
    (["report", "--format", "json"], "Jolene Pruitt"),
    (["export", "--format", "json"], "seen in Reno"),
    (["export", "--format", "csv"], "Jolene Pruitt"),
    (["db", "info"], "Schema version"),
    (["history"], "fugitives add"),
    (["settings", "list"], "currency"),
  ]

  /// A filled database, locked for the reader.
  static func filled(_ kind: ReadOnlyDatabase.Folder) throws -> ReadOnlyDatabase {
    let fixture = try ReadOnlyDatabase(in: kind)
    for arguments in [
      ["fugitives", "add", "--name", "Jolene Pruitt", "--bounty", "1300"],
      ["fugitives", "add", "--name", "Émile Fournier", "--bounty", "96000"],
      ["fugitives", "note", "add", "1", "seen in Reno"],
      ["fugitives", "capture", "2"],
    ] {
      let outcome = try fixture.owner.run(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
    }
    try fixture.lock()
    return fixture
  }

  static func warning(_ fixture: ReadOnlyDatabase) -> String {
    let why =
      fixture.kind == .locked
      ? "\(fixture.path) is in a folder you cannot write" : "you cannot write \(fixture.path)"
    return "bounty: \(why); opened read-only (changes by others are not seen)\n"
  }

  @Test(arguments: ReadOnlyDatabase.Folder.allCases)
  func readingCommandsWorkAndLeaveNothingBehind(kind: ReadOnlyDatabase.Folder) throws {
    let fixture = try Self.filled(kind)
    let before = try fixture.snapshot()
    #expect(before.keys.sorted() == ["bounty.sqlite"])
    for (arguments, shows) in Self.readers {
      let outcome = try fixture.read(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stdout.contains(shows), "\(arguments): \(outcome.stdout)")
      #expect(outcome.stderr == Self.warning(fixture), "\(arguments)")
    }
    let unchanged = try fixture.snapshot() == before
    #expect(unchanged)
  }

  @Test(arguments: ReadOnlyDatabase.Folder.allCases)
  func aChangeIsRefusedInOneLine(kind: ReadOnlyDatabase.Folder) throws {
    let fixture = try Self.filled(kind)
    let before = try fixture.snapshot()
    let outcome = try fixture.read(["fugitives", "add", "--name", "X", "--bounty", "5"])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr
        == Self.warning(fixture) + "Error: \(fixture.path) is read-only; nothing was changed\n")
    let unchanged = try fixture.snapshot() == before
    #expect(unchanged)
  }

  /// While the owner has the database open (its `-wal` and `-shm` exist), a reader shares them:
  /// no warning, and the owner's later changes are seen.
  @Test func aReaderSharesTheOwnersOpenDatabaseAndSeesItsChanges() throws {
    let fixture = try ReadOnlyDatabase(in: .writable)
    #expect(
      try fixture.owner.run(["fugitives", "add", "--name", "Jolene Pruitt", "--bounty", "1"]).status
        == 0)
    // Readable by all before the owner opens it, so its -wal and -shm are too (SQLite gives them
    // the file's mode); the owner's connection keeps its write access after the lock.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fixture.path)
    let owner = try SQLiteShell(database: fixture.path)
    defer { owner.close() }
    #expect(try owner.ask("PRAGMA journal_mode; SELECT count(*) FROM fugitive;") == ["wal", "1"])
    try fixture.lock()
    let first = try fixture.read(["fugitives", "list"])
    #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
    #expect(first.stdout.contains("Jolene Pruitt"))
    // (The shell cannot change fugitives: their search-index triggers call bounty's own fold
    // function, which only bounty registers. A setting will do.)
    #expect(
      try owner.ask(
        """
        INSERT INTO setting (key, value) VALUES ('hunter.name', 'Dana Reyes')
        ON CONFLICT (key) DO UPDATE SET value = excluded.value; SELECT changes();
        """) == ["1"])
    let second = try fixture.read(["settings", "get", "hunter.name"])
    #expect(second.status == 0 && second.stdout.contains("Dana Reyes"), "\(second.stderr)")
  }

  /// The `sqlite3` shell with a database open, answering one batch of statements at a time.
  final class SQLiteShell {
    let process = Process()
    let input = Pipe()
    let output = Pipe()

    init(database: String) throws {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["sqlite3", database]
      process.standardInput = input
      process.standardOutput = output
      try process.run()
    }

    /// Runs `sql` and returns its output lines, read up to a marker line it prints after them.
    func ask(_ sql: String) throws -> [String] {
      try input.fileHandleForWriting.write(contentsOf: Data((sql + "\nSELECT 'done';\n").utf8))
      var text = ""
      while !text.hasSuffix("done\n") {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
      }
      return text.split(separator: "\n").map(String.init).filter { $0 != "done" }
    }

    func close() {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }

  /// A database from an older bounty is read by no command (a read says `db migrate` is needed)
  /// and cannot be migrated by a user who may not write it: one line each, and nothing written.
  @Test(arguments: ReadOnlyDatabase.Folder.allCases)
  func anOldDatabaseIsRefusedInOneLine(kind: ReadOnlyDatabase.Folder) throws {
    let fixture = try ReadOnlyDatabase(in: kind)
    let sql =
      try ReliabilityTests.shippedMigrations(upTo: 5)
      + "\nPRAGMA user_version = 5;\nINSERT INTO fugitive (id, name, bounty_minor) VALUES (1, 'Old', 100);\n"
    let script = fixture.root.file("make.sql")
    try sql.write(toFile: script, atomically: true, encoding: .utf8)
    #expect(system("sqlite3 '\(fixture.path)' < '\(script)'") == 0)
    try fixture.lock()
    let before = try fixture.snapshot()
    let listed = try fixture.read(["fugitives", "list"])
    #expect(listed.status == 1)
    #expect(
      listed.stderr.hasPrefix("Error: \(fixture.path) has schema version 5, older than this "))
    #expect(listed.stderr.contains("`bounty db migrate` brings it up to date"))
    let outcome = try fixture.read(["db", "migrate"])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.hasPrefix("Error: \(fixture.path) has schema version 5 and needs migrating"))
    #expect(outcome.stderr.hasSuffix(", but you cannot write it; open it once as a user who can\n"))
    #expect(outcome.stderr.split(separator: "\n").count == 1)
    let unchanged = try fixture.snapshot() == before
    #expect(unchanged)
  }
}
