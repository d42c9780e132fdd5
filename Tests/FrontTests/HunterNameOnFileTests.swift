import BountyTestSupport
import Foundation
import Testing

/// A SQLite file's `hunter.name` holds no invisible character (issue 35): `ana` + U+200B printed
/// as `ana` on reports. bounty refuses it in one line, and the file's own triggers (migration
/// 0023) refuse it to the `sqlite3` shell too.
@Suite struct HunterNameOnFileTests {
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
}
