import BountyTestSupport
import Foundation
import Testing

/// `bounty db copy` moves a whole roster between a SQLite file and an agency database, both ways,
/// through the real binary, keeping every value (notes, photos, case files, settings).
@Suite(.onTestThreads) struct DatabaseCopyTests {
  @Test func aRosterGoesToTheAgencyAndBackUnchanged() throws {
    let folder = try TemporaryFolder()
    let personal = BinaryRunner(database: folder.file("personal.sqlite"))
    try #require(personal.run(["sample"]).status == 0)
    let png: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array(0...255)
    _ = FileManager.default.createFile(atPath: folder.file("p.png"), contents: Data(png))
    try #require(personal.run(["fugitives", "photo", "82387", folder.file("p.png")]).status == 0)
    try #require(
      personal.run(["fugitives", "note", "add", "82387", "tab\there \\ \"quoted\" 'single'"])
        .status == 0)
    try #require(personal.run(["settings", "set", "commission.rate", "12.5"]).status == 0)

    let agency = try PostgresTestServer.shared.freshDatabase()
    let owner = BinaryRunner(database: agency)
    try #require(owner.run(["db", "init-agency"]).status == 0)
    // Roles belong to the whole cluster: a name of its own for every run.
    let admin = "a" + UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(16)
    try #require(owner.run(["db", "add-hunter", admin, "--admin"]).status == 0)
    let asAdmin = try PostgresTestServer.url(agency, as: admin)

    let copied = try personal.run(["--json", "db", "copy", "--to", asAdmin])
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(copied.stdout.contains(#""fugitives":34"#) && copied.stdout.contains(#""photos":1"#))
    // Into a roster that is not empty: refused, nothing copied twice.
    let again = try personal.run(["db", "copy", "--to", asAdmin])
    #expect(again.status == 1 && again.stderr.contains("already holds 34 fugitives"))

    let back = folder.file("back.sqlite")
    #expect(try BinaryRunner(database: asAdmin).run(["db", "copy", "--to", back]).status == 0)
    let original = try personal.run(["--json", "export"]).stdout
    #expect(!original.isEmpty)
    #expect(try BinaryRunner(database: agency).run(["--json", "export"]).stdout == original)
    #expect(try BinaryRunner(database: back).run(["--json", "export"]).stdout == original)
    let photo = try BinaryRunner(database: back).run([
      "fugitives", "photo", "82387", "--export", folder.file("back.png"),
    ])
    #expect(photo.status == 0, "\(photo.stderr)")
    #expect(TemporaryFolder.bytes(folder.file("back.png")) == png)
    #expect(
      try BinaryRunner(database: back).run(["settings", "get", "commission.rate"]).stdout
        .contains("12.5"))
  }

  @Test func aMissingSourceIsRefusedAndCreatesNothing() throws {
    let folder = try TemporaryFolder()
    let runner = BinaryRunner(database: folder.file("open.sqlite"))
    let outcome = try runner.run([
      "db", "copy", "--from", folder.file("nope.sqlite"), "--to", folder.file("to.sqlite"),
    ])
    #expect(
      outcome.stderr
        == "Error: no roster at \(folder.file("nope.sqlite")) (a change such as `bounty sample` "
        + "or `fugitives add` creates it)\n")
    #expect(outcome.status == 1)
    #expect(!FileManager.default.fileExists(atPath: folder.file("nope.sqlite")))
    #expect(!FileManager.default.fileExists(atPath: folder.file("open.sqlite")))
  }

  @Test func aCopyBetweenTwoNamedDatabasesLeavesTheDefaultUntouched() throws {
    let folder = try TemporaryFolder()
    let source = BinaryRunner(database: folder.file("source.sqlite"))
    try #require(source.run(["sample"]).status == 0)
    try #require(
      source.run(["fugitives", "note", "add", "82387", "Rides a zebra-striped scooter"]).status == 0
    )
    try #require(source.run(["fugitives", "alias", "add", "82387", "Kingfisher"]).status == 0)
    let bystander = BinaryRunner(database: folder.file("default.sqlite"))
    let copied = try bystander.run([
      "--json", "db", "copy", "--from", folder.file("source.sqlite"), "--to",
      folder.file("target.sqlite"),
    ])
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(copied.stdout.contains(#""fugitives":34"#))
    #expect(!FileManager.default.fileExists(atPath: folder.file("default.sqlite")))
    let target = BinaryRunner(database: folder.file("target.sqlite"))
    #expect(
      try target.run(["--json", "export"]).stdout == source.run(["--json", "export"]).stdout)
    // What the roster keeps beside its rows (built once after the copy, not row by row) is whole:
    // the search index finds a name, a note and an alias, the lists and their counts are the
    // source's, and the check finds nothing wrong.
    for term in ["zebra", "kingfisher", "kovács"] {
      let found = try target.run(["--json", "fugitives", "list", "--all", "--search", term])
      #expect(
        found.stdout
          == (try source.run(["--json", "fugitives", "list", "--all", "--search", term]).stdout))
      #expect(found.stdout.contains(#""total":1"#), "\(term): \(found.stdout)")
    }
    for list in [["fugitives", "list", "--sort", "bounty"], ["captured", "list"]] {
      #expect(try target.run(list).stdout == source.run(list).stdout, "\(list)")
    }
    let checked = try target.run(["db", "check"])
    #expect(
      checked.status == 0 && checked.stdout.contains("Problems           none"), "\(checked.stdout)"
    )
  }

  /// `--from` alone copies into the open database (`--db`), created when missing; a missing source
  /// is refused and the open one gets nothing.
  @Test func fromAloneCopiesIntoTheOpenDatabase() throws {
    let folder = try TemporaryFolder()
    let source = BinaryRunner(database: folder.file("source.sqlite"))
    try #require(source.run(["sample"]).status == 0)
    let open = BinaryRunner(database: folder.file("open.sqlite"))
    let copied = try open.run(["--json", "db", "copy", "--from", folder.file("source.sqlite")])
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(copied.stdout.contains(#""to":"\#(folder.file("open.sqlite"))""#), "\(copied.stdout)")
    #expect(try open.run(["--json", "export"]).stdout == source.run(["--json", "export"]).stdout)
    let missing = try BinaryRunner(database: folder.file("other.sqlite")).run([
      "db", "copy", "--from", folder.file("nope.sqlite"),
    ])
    #expect(missing.status == 1 && missing.stderr.hasPrefix("Error: no roster at "))
    #expect(!FileManager.default.fileExists(atPath: folder.file("nope.sqlite")))
  }

  /// A copy's sort keys are this bounty's fold of each name, whatever the source held (the
  /// server's fold of an agency roster, a key another program wrote and nobody marked).
  @Test func aCopyFoldsEveryNameAgain() throws {
    let folder = try TemporaryFolder()
    let source = BinaryRunner(database: folder.file("source.sqlite"))
    try #require(source.run(["sample"]).status == 0)
    try #require(source.run(["fugitives", "alias", "add", "48445", "Żaneta"]).status == 0)
    let keys =
      "SELECT f.name_key || '|' || a.name_key FROM fugitive AS f JOIN alias AS a ON a.fugitive_id = f.id WHERE f.id = 48445"
    let folded = try #require(try source.sqlite3(keys))
    _ = try source.sqlite3(
      "UPDATE fugitive SET name_key = 'zzz' WHERE id = 48445; UPDATE alias SET name_key = 'zzz';"
        + " DELETE FROM fugitive_stale;")
    try #require(try source.sqlite3(keys) == "zzz|zzz")
    let target = BinaryRunner(database: folder.file("target.sqlite"))
    let copied = try target.run(["db", "copy", "--from", source.database])
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(try target.sqlite3(keys) == folded)
    #expect(
      try target.run(["fugitives", "list", "--sort", "name", "--limit", "1"]).stdout.contains(
        "48445"))
  }
}
