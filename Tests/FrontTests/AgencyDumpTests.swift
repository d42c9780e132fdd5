import BountyTestSupport
import Foundation
import Testing

/// An agency admin backs the roster up with `pg_dump`, as `db backup` tells them to, and the dump
/// restores into a database bounty opens whole: the other hunters' workspace values too. A
/// hunter's `pg_dump` is refused, as `db init-agency` says.
@Suite(.onTestThreads) struct AgencyDumpTests {
  @Test func anAdminsDumpRestoresIntoADatabaseBountyOpens() throws {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    let owner = BinaryRunner(database: url)
    let suffix = String(url.dropFirst("postgresql:///".count).prefix { $0 != "?" }.suffix(8))
    let (ana, ben) = ("ana_\(suffix)", "ben_\(suffix)")
    #expect(try owner.run(["db", "migrate"]).status == 0)
    let granted = try owner.run(["db", "init-agency"])
    #expect(granted.stdout.contains("-- agency_admin members may back the roster up whole"))
    #expect(try owner.run(["db", "add-hunter", ana, "--admin"]).status == 0)
    #expect(try owner.run(["db", "add-hunter", ben]).status == 0)
    let admin = BinaryRunner(database: try PostgresTestServer.url(url, as: ana))
    let hunter = BinaryRunner(database: try PostgresTestServer.url(url, as: ben))
    #expect(
      try admin.run(["fugitives", "add", "--name", "Ada Byron", "--bounty", "10"]).status == 0)
    #expect(
      try hunter.run(["fugitives", "add", "--name", "Bo Rand", "--bounty", "2.50"]).status == 0)
    #expect(try hunter.run(["fugitives", "note", "add", "2", "seen at the docks"]).status == 0)
    _ = try server.psql(
      url, "INSERT INTO workspace VALUES ('\(ben):tab', 'captured')", role: ben)

    let folder = try TemporaryFolder()
    let dump = folder.file("agency.dump")
    let dumped = try pgTool(
      "pg_dump",
      ["--enable-row-security", "-Fc", "-f", dump, "-d", try PostgresTestServer.url(url, as: ana)])
    #expect(dumped.status == 0, "\(dumped.stderr)")
    let refused = try pgTool(
      "pg_dump",
      [
        "--enable-row-security", "-Fc", "-f", folder.file("ben.dump"), "-d",
        try PostgresTestServer.url(url, as: ben),
      ])
    #expect(
      refused.status != 0 && refused.stderr.contains("permission denied"), "\(refused.stderr)")

    let restored = try server.freshDatabase()
    let restore = try pgTool("pg_restore", ["--exit-on-error", "-d", restored, dump])
    #expect(restore.status == 0, "\(restore.stderr)")
    let reopened = BinaryRunner(database: try PostgresTestServer.url(restored, as: ana))
    let checked = try reopened.run(["db", "check"])
    #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
    let before = try admin.run(["--json", "fugitives", "list", "--all"]).stdout
    #expect(try reopened.run(["--json", "fugitives", "list", "--all"]).stdout == before)
    #expect(
      try reopened.run(["fugitives", "note", "list", "2"]).stdout.contains("seen at the docks"))
    #expect(
      try server.psql(restored, "SELECT value FROM workspace WHERE key = '\(ben):tab'")
        .trimmingCharacters(in: .whitespacesAndNewlines) == "captured")
    // The restored history undoes as the original would: ben's note, then his add.
    let undone = try BinaryRunner(database: try PostgresTestServer.url(restored, as: ben)).run([
      "undo"
    ])
    #expect(undone.status == 0 && undone.stdout.contains("note add"), "\(undone.stderr)")
  }

  /// Runs PostgreSQL's client program `name` of the newest installed server.
  private func pgTool(_ name: String, _ arguments: [String]) throws -> BinaryRunner.Outcome {
    try PostgresTestServer.execute(
      PostgresTestServer.serverBinFolder + "/" + name, arguments)
  }
}
