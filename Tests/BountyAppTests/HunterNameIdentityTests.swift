import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// A hunter cannot go by a name that passes for another hunter's (issue 35: `ana` + U+200B was
/// accepted while `ana` was refused, and then another hunter's edits showed as `by ana` in
/// history), through `bounty settings set hunter.name`.
@Suite(.onTestThreads, .serialized) struct HunterNameIdentityTests {
  @Test func aNameThatPassesForAnotherHuntersIsRefusedAndAnOrdinaryOneAccepted() throws {
    let agency = try AgencyServerRulesTests.Agency()
    let other = try agency.bounty(as: agency.other)
    #expect(try other.run(["settings", "set", "hunter.name", "ana"]).status == 0)
    let hunter = try agency.bounty(as: agency.hunter)
    let invisible = try hunter.run(["settings", "set", "hunter.name", "ana\u{200B}"])
    #expect(invisible.status == 1)
    #expect(
      invisible.stderr
        == "Error: hunter.name cannot hold the invisible character \\u{200b}: "
        + "a name must look like what it is; nothing was changed.\n", "\(invisible.stderr)")
    for name in [
      "ANA", "\u{FF41}\u{FF4E}\u{FF41}", "\u{0430}na", agency.admin.uppercased(),
    ] {
      let refused = try hunter.run(["settings", "set", "hunter.name", name])
      #expect(refused.status == 1, "\(name)")
      #expect(refused.stderr.contains("looks like '"), "\(name): \(refused.stderr)")
      #expect(refused.stderr.hasSuffix("which is another hunter's; nothing was changed\n"))
      #expect(refused.stderr.split(separator: "\n").count == 1)
    }
    let cyrillic = try hunter.run(["settings", "set", "hunter.name", "\u{0430}na"])
    #expect(cyrillic.stderr.contains("looks like 'ana'"), "\(cyrillic.stderr)")
    #expect(
      try agency.server.psql(
        agency.url, "SELECT count(*) FROM hunter WHERE role = '\(agency.hunter)'") == "0")
    let own = try hunter.run(["settings", "set", "hunter.name", "Hank"])
    #expect(own.status == 0, "\(own.stderr)")
  }

  @Test func historyShowsANamesInvisibleCharactersEscaped() throws {
    let agency = try AgencyServerRulesTests.Agency()
    // A name written before these rules (here by the owner in psql, past the server's check of
    // agency migration 8) is shown escaped.
    _ = try agency.server.psql(
      agency.url,
      "ALTER TABLE hunter DISABLE TRIGGER hunter_name_is_own; "
        + "INSERT INTO hunter (role, display_name) VALUES ('\(agency.hunter)', U&'ben\\200B'); "
        + "ALTER TABLE hunter ENABLE TRIGGER hunter_name_is_own")
    let hunter = try agency.bounty(as: agency.hunter)
    #expect(
      try hunter.run(["fugitives", "edit", "7", "--bounty", "7777"]).status == 0)
    let history = try agency.bounty(as: agency.admin).run(["history"])
    #expect(history.status == 0, "\(history.stderr)")
    #expect(history.stdout.contains("by ben\\u{200b}"), "\(history.stdout)")
    #expect(!history.stdout.contains("\u{200B}"))
  }
}
