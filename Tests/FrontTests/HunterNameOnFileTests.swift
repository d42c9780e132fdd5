import BountyCore
import BountyStore
import BountyTestSupport
import Foundation
import Testing

/// A SQLite file's `hunter.name` holds no invisible character (issue 35): `ana` + U+200B printed
/// as `ana` on reports. bounty refuses it in one line, and the file's own triggers (migration
/// 0023) refuse it to the `sqlite3` shell too. The line and paragraph separators U+2028 and U+2029,
/// which 0023's class left out, break the line a name is shown on: refused alike (migration 0026).
@Suite(.onTestThreads) struct HunterNameOnFileTests {
  @Test func anInvisibleCharacterIsRefusedByBountyAndByTheFile() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("roster.sqlite"))
    #expect(try bounty.run(["settings", "set", "hunter.name", "ana"]).status == 0)
    let refused = try bounty.run(["settings", "set", "hunter.name", "ana\u{200B}"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "Error: hunter.name cannot hold the invisible character \\u{200b}: "
        + "a name must look like what it is; nothing was changed.\n", "\(refused.stderr)")
    let kept = try SQLiteShell.exec(
      bounty.database, "SELECT hex(value) FROM setting WHERE key = 'hunter.name'")
    #expect(kept.stdout == "616E61", "\(kept.stdout)")
    for sql in [
      "UPDATE setting SET value = 'ana' || char(0x200B) WHERE key = 'hunter.name'",
      "DELETE FROM setting; INSERT INTO setting (key, value) VALUES ('hunter.name', 'a' || char(0x202E) || 'na')",
    ] {
      let shell = try SQLiteShell.exec(bounty.database, "BEGIN; \(sql); COMMIT;")
      #expect(shell.status != 0, "\(sql)")
      #expect(shell.stderr.contains("hunter.name holds no invisible character"), "\(shell.stderr)")
    }
    let after = try SQLiteShell.exec(
      bounty.database, "SELECT hex(value) FROM setting WHERE key = 'hunter.name'")
    #expect(after.stdout == "616E61", "\(after.stdout)")
  }

  /// `ana` + U+2028 + `x` was taken as a hunter's name (the agency's server refused it): history
  /// then showed `by ana` and `x` on a line of its own. bounty refuses it in one line, exit 1 as
  /// for a zero-width space, and the file's triggers refuse it to the `sqlite3` shell.
  @Test(arguments: [("\u{2028}", "line separator"), ("\u{2029}", "paragraph separator")])
  func aLineOrParagraphSeparatorIsRefusedByBountyAndByTheFile(separator: String, kind: String)
    throws
  {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("roster.sqlite"))
    #expect(try bounty.run(["settings", "set", "hunter.name", "ana"]).status == 0)
    let code = String(try #require(separator.unicodeScalars.first).value, radix: 16)
    let refused = try bounty.run(["settings", "set", "hunter.name", "ana\(separator)x"])
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty, "\(refused.stdout)")
    #expect(
      refused.stderr
        == "Error: hunter.name cannot hold the \(kind) \\u{\(code)}: "
        + "a name must look like what it is; nothing was changed.\n", "\(refused.stderr)")
    for sql in [
      "UPDATE setting SET value = 'ana' || char(0x\(code)) || 'x' WHERE key = 'hunter.name'",
      "DELETE FROM setting; INSERT INTO setting (key, value) VALUES ('hunter.name', 'ana' || char(0x\(code)) || 'x')",
    ] {
      let shell = try SQLiteShell.exec(bounty.database, "BEGIN; \(sql); COMMIT;")
      #expect(shell.status != 0, "\(sql)")
      #expect(
        shell.stderr.contains("hunter.name holds no invisible character")
          && shell.stderr.contains("no line or paragraph separator"), "\(shell.stderr)")
    }
    let kept = try SQLiteShell.exec(
      bounty.database, "SELECT hex(value) FROM setting WHERE key = 'hunter.name'")
    #expect(kept.stdout == "616E61", "\(kept.stdout)")
  }

  /// A file left at version 23, whose triggers took U+2028, comes to version 26 with `db migrate`:
  /// the name it already held is kept, and `db check` names it (escaped) until it is set again,
  /// when the file is healthy; the file's triggers now refuse both separators.
  @Test func aFileOfVersion23MigratesAndThenRefusesTheSeparators() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("old.sqlite")
    let upTo23 = Migration.bundled.filter { $0.version <= 23 }
    #expect(upTo23.last?.version == 23)
    do {
      let database = try Database(path: path)
      _ = try Migrator(migrations: upTo23, oneStep: false).migrate(
        database, now: Timestamp(secondsSinceEpoch: 0))
    }
    let bounty = BinaryRunner(database: path)
    let planted = try SQLiteShell.exec(
      path,
      "INSERT INTO setting (key, value) VALUES ('hunter.name', 'ana' || char(0x2028) || 'x'); "
        + "PRAGMA user_version;")
    #expect(planted.status == 0 && planted.stdout == "23", "version 23 took it: \(planted)")

    let migrated = try bounty.run(["db", "migrate"])
    #expect(migrated.status == 0, "\(migrated.stderr)")
    let version = try SQLiteShell.exec(
      path, "PRAGMA user_version; SELECT name FROM bounty_migration WHERE version = 26;")
    #expect(
      version.stdout == "\(Migration.latestVersion)\nhunter_name_breaks_no_line", "\(version)")
    let kept = try SQLiteShell.exec(
      path, "SELECT hex(value) FROM setting WHERE key = 'hunter.name'")
    #expect(kept.stdout == "616E61E280A878", "\(kept.stdout)")
    let named = try bounty.run(["db", "check"])
    #expect(named.status == 1)
    #expect(
      named.stdout.contains(
        "setting: hunter.name is 'ana\\u{2028}x': hunter.name cannot hold "
          + "the line separator \\u{2028}"), "\(named.stdout)")
    #expect(!named.stdout.contains("\u{2028}"))

    for code in ["2028", "2029"] {
      let shell = try SQLiteShell.exec(
        path, "UPDATE setting SET value = 'ana' || char(0x\(code)) WHERE key = 'hunter.name';")
      #expect(shell.status != 0 && shell.stderr.contains("no line or paragraph separator"))
    }
    let refused = try bounty.run(["settings", "set", "hunter.name", "ben\u{2029}"])
    #expect(refused.status == 1 && refused.stderr.contains("paragraph separator \\u{2029}"))
    #expect(try bounty.run(["settings", "set", "hunter.name", "ana"]).status == 0)
    let healthy = try bounty.run(["db", "check"])
    #expect(healthy.status == 0, "\(healthy.stdout)\(healthy.stderr)")
  }
}
