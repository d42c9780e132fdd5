import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// A person's preferences (`color`, the sorts, `confirm.delete`, `pager`) live in their config file,
/// `$XDG_CONFIG_HOME/bounty/config`; the roster keeps the roster's settings. Driven through the
/// binary, as a person and their scripts use it.
@Suite(.onTestThreads) struct PreferenceTests {
  let folder: TemporaryFolder
  var bounty: BinaryRunner
  let config: String

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    bounty.environment["XDG_CONFIG_HOME"] = folder.file("xdg")
    config = folder.file("xdg/bounty/config")
    try bounty.run(["fugitives", "add", "--name", "Alma Dear", "--bounty", "900"])
    try bounty.run(["fugitives", "add", "--name", "Zed Cheap", "--bounty", "10"])
  }

  /// The list's names in name order and in bounty order.
  static let byName = "Alma Dear\nZed Cheap\n"
  static let byBounty = "Zed Cheap\nAlma Dear\n"

  func names(_ runner: BinaryRunner? = nil) throws -> String {
    try (runner ?? bounty).run(["--jq", ".items[].name", "fugitives", "list"]).stdout
  }

  func text(_ path: String) -> String? {
    TemporaryFolder.bytes(path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func settingAPreferenceWritesTheConfigFileNotTheRoster() throws {
    let set = try bounty.run(["settings", "set", "fugitives.sort", "bounty"])
    #expect(set.status == 0)
    #expect(set.stdout == "fugitives.sort = bounty  (kept in \(config))\n")
    #expect(text(config)?.hasSuffix("\nfugitives.sort = bounty\n") == true)
    #expect(try names() == Self.byBounty)
    let got = try bounty.run(["--json", "settings", "get", "fugitives.sort"]).stdout
    #expect(got.contains(#""scope":"personal","file":"\#(config)""#), "\(got)")
    // The roster holds no row for it; a roster setting still goes to the roster.
    #expect(try bounty.sqlite3("SELECT count(*) FROM setting") == "0")
    try bounty.run(["settings", "set", "commission.rate", "12"])
    #expect(text(config)?.contains("commission") == false)
    #expect(try bounty.sqlite3("SELECT value FROM setting WHERE key = 'commission.rate'") == "12")
    // Another person (another config folder) on the same roster keeps their own order.
    var other = bounty
    other.environment["XDG_CONFIG_HOME"] = folder.file("other")
    #expect(try names(other) == Self.byName)
    // Reset removes the line; comments and other lines stay as they were.
    try Data("# mine\ncolor = never\n".utf8).write(to: URL(fileURLWithPath: config))
    try bounty.run(["settings", "set", "pager", "never"])
    try bounty.run(["settings", "reset", "color"])
    #expect(text(config) == "# mine\npager = never\n")
  }

  @Test func aRosterRowFromBeforeIsTheFallbackAndTheFileWins() throws {
    // Without a config folder a preference stays in the roster, as before the config file.
    var homeless = bounty
    homeless.environment.removeValue(forKey: "XDG_CONFIG_HOME")
    homeless.environment.removeValue(forKey: "HOME")
    #expect(try homeless.run(["settings", "set", "fugitives.sort", "bounty"]).status == 0)
    #expect(
      try bounty.sqlite3("SELECT value FROM setting WHERE key = 'fugitives.sort'") == "bounty")
    let noPager = try homeless.run(["settings", "set", "pager", "never"])
    #expect(noPager.status == 1)
    #expect(noPager.stderr.contains("neither XDG_CONFIG_HOME nor HOME"), "\(noPager.stderr)")
    // The roster's row is read where the file says nothing…
    #expect(try names() == Self.byBounty)
    // …the file wins where it does…
    try FileManager.default.createDirectory(
      atPath: folder.file("xdg/bounty"), withIntermediateDirectories: true)
    try Data("fugitives.sort = name\n".utf8).write(to: URL(fileURLWithPath: config))
    #expect(try names() == Self.byName)
    // …and reset leaves the default in force over the roster's row (the file says so).
    try bounty.run(["settings", "set", "fugitives.sort", "bounty"])
    let reset = try bounty.run(["settings", "reset", "fugitives.sort"])
    #expect(reset.stdout.hasPrefix("fugitives.sort = name  (default; kept in"), "\(reset.stdout)")
    #expect(text(config) == "fugitives.sort = name\n")
    #expect(try names() == Self.byName)
  }

  @Test(arguments: [
    ("colour = never", "line 2: 'colour' is not a preference (fugitives.sort, captured.sort, "),
    ("color never", "line 2: expected key = value, got 'color never'"),
    ("color = sometimes", "line 2: invalid color: 'sometimes' is not one of auto, always, never"),
    ("currency = EUR", "line 2: currency is the roster's setting, not a preference"),
    ("pager = never\npager = auto", "line 3: pager is already set on line 2"),
  ])
  func aBadLineIsOneErrorNamingFileAndLineAndLosesNothing(example: (String, String)) throws {
    let (line, reason) = example
    let original = "# mine\n\(line)\n"
    try FileManager.default.createDirectory(
      atPath: folder.file("xdg/bounty"), withIntermediateDirectories: true)
    try Data(original.utf8).write(to: URL(fileURLWithPath: config))
    for command in [["fugitives", "list"], ["settings", "set", "color", "never"]] {
      let outcome = try bounty.run(command)
      #expect(outcome.status == 1)
      #expect(outcome.stdout.isEmpty)
      #expect(outcome.stderr.hasPrefix("Error: \(config) \(reason)"), "\(outcome.stderr)")
      #expect(
        outcome.stderr.hasSuffix(
          "; fix or remove that line (bounty changes nothing in the file until then)\n"))
      #expect(outcome.stderr.split(separator: "\n").count == 1)
      #expect(text(config) == original)
    }
  }

  @Test func theFileIsInXDGConfigHomeElseHomeDotConfig() throws {
    var home = bounty
    home.environment.removeValue(forKey: "XDG_CONFIG_HOME")
    home.environment["HOME"] = folder.file("home")
    try home.run(["settings", "set", "color", "never"])
    #expect(text(folder.file("home/.config/bounty/config"))?.hasSuffix("color = never\n") == true)
    // A relative XDG_CONFIG_HOME is ignored, as the XDG specification says.
    home.environment["XDG_CONFIG_HOME"] = "relative"
    #expect(try home.run(["settings", "get", "color"]).stdout.hasPrefix("color = never"))
    #expect(text(config) == nil)
  }

  /// In agency mode a hunter sets their own preferences (a roster setting stays an admin's).
  @Test func aHunterSetsTheirOwnPreferencesInAgencyMode() throws {
    let app = try TestApp(engine: .postgresql)
    let server = try PostgresTestServer.shared
    _ = try app.dispatcher.call("db.initAgency", front: .terminal).get()
    try app.add("Hank Morrow", id: 7)
    let hunter = "h_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    _ = try server.psql(app.store.path, "CREATE ROLE \(hunter) LOGIN IN ROLE agency_hunter")
    defer { _ = try? server.psql(app.store.path, "DROP ROLE \(hunter)") }
    var asHunter = BinaryRunner(database: try PostgresTestServer.url(app.store.path, as: hunter))
    asHunter.environment["XDG_CONFIG_HOME"] = folder.file("hunter")
    for (key, value) in [("color", "never"), ("confirm.delete", "false"), ("captured.sort", "id")] {
      let outcome = try asHunter.run(["settings", "set", key, value])
      #expect(outcome.status == 0, "\(key): \(outcome.stderr)")
    }
    #expect(
      text(folder.file("hunter/bounty/config"))?.hasSuffix(
        "color = never\nconfirm.delete = false\ncaptured.sort = id\n") == true)
    #expect(try server.psql(app.store.path, "SELECT count(*) FROM setting") == "0")
    let refused = try asHunter.run(["settings", "set", "rounding", "half-up"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("only an agency admin may change rounding"))
  }
}
