import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// `--db PATH` and `$BOUNTY_DB` name a file or a PostgreSQL URL, never anything in between:
/// `:memory:` and a name with a colon after its first character are files taken literally (no
/// data vanishes into memory); a value with a URL scheme is a PostgreSQL URL in any case of
/// `postgresql`/`postgres`, and refused otherwise, before any file or folder is made; an empty
/// path is a usage error.
@Suite(.onTestThreads) struct DatabasePathTests {
  @Test(arguments: [":memory:", "./x:y.sqlite", "C:cases.sqlite", "a:b"])
  func aNameWithAColonButNoSchemeIsAFileOfThatName(name: String) throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("unused.sqlite"))
    bounty.workingDirectory = folder.path
    let added = try bounty.run([
      "--db", name, "fugitives", "add", "--name", "Kept", "--bounty", "5",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    // A second process finds the fugitive in the file of that very name, and nothing else was made.
    let listed = try bounty.run(["--db=" + name, "fugitives", "list"])
    #expect(listed.status == 0 && listed.stdout.contains("Kept"), "\(listed.stderr)")
    let file = String(name.trimmingPrefix("./"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [file])
    #expect(
      TemporaryFolder.bytes(folder.file(file))?.starts(with: Array("SQLite format 3".utf8)) == true)
  }

  /// What used to become a local file (a mistyped PostgreSQL URL, SQLite's URI forms, another
  /// scheme) is refused in one line that never repeats a password, whether given as `--db`, as
  /// `$BOUNTY_DB` or as the other end of `db copy`; nothing is created.
  @Test(arguments: [
    "postgresql:/agency", "postgresql:?password=s3cret", "POSTGRESQL://u:s3cret@127.0.0.1/agency",
    "http://127.0.0.1/agency", "file:x?mode=memory", "file::memory:", "file:cases.sqlite#frag",
    "Postgres:agency", "https://u:s3cret@h/x",
  ])
  func aValueWithAURLSchemeIsAServerOrRefused(value: String) throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: value)
    bounty.workingDirectory = folder.path
    var runs = [
      try bounty.run(["fugitives", "add", "--name", "Lost", "--bounty", "5"]),
      try bounty.run(["--db", value, "fugitives", "list"]),
    ]
    let source = try TemporaryFolder()
    bounty.environment["BOUNTY_DB"] = source.file("db.sqlite")
    // The copy's source is a roster (a read of a missing one stops first, naming it).
    #expect(try bounty.run(["--db", source.file("db.sqlite"), "sample"]).status == 0)
    runs.append(try bounty.run(["db", "copy", "--to", value]))
    for outcome in runs {
      #expect(outcome.status != 0, "\(value)")
      #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
      #expect(!outcome.stderr.contains("s3cret") && !outcome.stdout.contains("s3cret"))
      #expect(
        outcome.stderr.contains(
          "not a file path, a postgresql:// URL or a libpq keyword=value string")
          || outcome.stderr.contains("never takes"), "\(outcome.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// `Postgresql://…` is a PostgreSQL URL, not a folder `Postgresql:`: with no server there it
  /// fails to connect, and nothing is created.
  @Test func aPostgreSQLSchemeInAnyCaseIsAServer() throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("unused.sqlite"))
    bounty.workingDirectory = folder.path
    bounty.environment["PGCONNECT_TIMEOUT"] = "2"
    let outcome = try bounty.run([
      "--db", "Postgresql://ben@127.0.0.1:1/agency", "fugitives", "add", "--name", "Lost",
      "--bounty", "5",
    ])
    #expect(outcome.status != 0)
    #expect(!outcome.stderr.contains("not a file path"), "\(outcome.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// libpq's keyword/value form is a server, whether or not one answers there: a string that
  /// reaches none, cannot be read, or holds a password is one line and creates nothing; one that
  /// names the test server opens the roster there, as `--db`, as `$BOUNTY_DB` and for `db copy`.
  @Test(arguments: [
    "host=/nonexistent/socket dbname=agency", "dbname=agency host='/no such' user=ben",
    "host='/run/postgresql", "host=/s password=s3cret", "nosuchkeyword=1",
  ])
  func aConnectionStringIsAServerNeverAFile(value: String) throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: value)
    bounty.workingDirectory = folder.path
    bounty.environment["PGCONNECT_TIMEOUT"] = "2"
    for outcome in [
      try bounty.run(["fugitives", "add", "--name", "Lost", "--bounty", "5"]),
      try bounty.run(["--db", value, "fugitives", "list"]),
    ] {
      #expect(outcome.status != 0, "\(value)")
      #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
      #expect(!outcome.stderr.contains("s3cret"), "\(outcome.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aConnectionStringOpensTheRosterItNames() throws {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    let name = String(url.dropFirst("postgresql:///".count).prefix { $0 != "?" })
    let conninfo = "host='\(server.host)' user=\(server.user) dbname=\(name)"
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: conninfo)
    bounty.workingDirectory = folder.path
    let added = try bounty.run(["fugitives", "add", "--name", "Kept", "--bounty", "5"])
    #expect(added.status == 0, "\(added.stderr)")
    let listed = try BinaryRunner(database: url).run(["fugitives", "list"])
    #expect(listed.stdout.contains("Kept"), "\(listed.stderr)")
    let copy = folder.file("copy.sqlite")
    let copied = try bounty.run(["db", "copy", "--to", copy])
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(try BinaryRunner(database: copy).run(["fugitives", "list"]).stdout.contains("Kept"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["copy.sqlite"])
  }

  @Test func aBackupToAURIShapedNameIsAFileOfThatName() throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("bounty.sqlite"))
    bounty.workingDirectory = folder.path
    #expect(try bounty.run(["fugitives", "add", "--name", "Kept", "--bounty", "5"]).status == 0)
    let backup = try bounty.run(["db", "backup", "file:copy.sqlite?mode=memory"])
    #expect(backup.status == 0, "\(backup.stderr)")
    let copy = BinaryRunner(database: folder.file("file:copy.sqlite?mode=memory"))
    #expect(try copy.run(["fugitives", "list"]).stdout.contains("Kept"))
  }

  @Test(arguments: [["--db", ""], ["--db="]])
  func anEmptyPathIsAUsageError(option: [String]) throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("unused.sqlite"))
    bounty.workingDirectory = folder.path
    let outcome = try bounty.run(option + ["fugitives", "list"])
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix("Error: --db needs a PATH\n"), "\(outcome.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
