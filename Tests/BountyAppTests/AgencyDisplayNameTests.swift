import BountyTestSupport
import Foundation
import Testing

/// A hunter in `psql` cannot take a display name that passes for another's (issue 35; agency
/// migration 8): invisible characters are refused, and names are compared after NFKC and lower
/// case and by their UTS #39 confusables skeleton, against every hunter's display name and every
/// role's name.
@Suite(.onTestThreads, .serialized) struct AgencyDisplayNameTests {
  typealias Agency = AgencyServerRulesTests.Agency

  @Test func aNameThatPassesForAnotherIsRefusedThroughPsql() throws {
    let agency = try Agency()
    // The fixture's other hunter goes by "Olga"; the admin's role name is a_….
    let lookalikes = [
      "Olga\u{200B}", "\u{200B}Olga", "Ol\u{202E}ga", "Ol\u{00AD}ga", "Olga\u{FEFF}",
      "Ol\u{2060}ga",
      "\u{041E}lga",  // Cyrillic O
      "Olg\u{0430}",  // Cyrillic a
      "\u{FF2F}\u{FF4C}\u{FF47}\u{FF41}",  // fullwidth
      "OLGA", "0lga",  // a digit zero for the letter
      "\u{0430}" + agency.admin.dropFirst(),  // the admin's role name, with a Cyrillic a
      agency.admin.uppercased(),
      "Hugo\u{0007}", "Hu\u{200D}go",  // invisible in a name of its own
    ]
    let bookkeeping = try agency.bookkeeping()
    for name in lookalikes {
      let sql =
        "INSERT INTO hunter (role, display_name) VALUES ('\(agency.hunter)', '\(name)') "
        + "ON CONFLICT (role) DO UPDATE SET display_name = excluded.display_name"
      #expect(throws: PostgresTestServerError.self, "\(name.unicodeScalars.map(\.value))") {
        try agency.server.psql(agency.url, sql, role: agency.hunter)
      }
      #expect(try agency.bookkeeping() == bookkeeping, "\(name.unicodeScalars.map(\.value))")
    }
    // Through bounty the refusal (SettingKey.validate's, before the server is asked) names the
    // invisible character by its code point, never printing it raw.
    let refused = try agency.bounty(as: agency.hunter).run(
      ["settings", "set", "hunter.name", "Olga\u{200B}"])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("\\u{200b}"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("\u{200B}"), "\(refused.stderr)")
    #expect(try agency.bookkeeping() == bookkeeping)
    // Names of their own are accepted, accents and all.
    for name in ["Hugo", "Zoë Ávila", "Олег"] {
      _ = try agency.server.psql(
        agency.url,
        "INSERT INTO hunter (role, display_name) VALUES ('\(agency.hunter)', '\(name)') "
          + "ON CONFLICT (role) DO UPDATE SET display_name = excluded.display_name",
        role: agency.hunter)
      #expect(
        try agency.server.psql(
          agency.url, "SELECT display_name FROM hunter WHERE role = '\(agency.hunter)'") == name)
    }
  }
}
