import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// No output drops what it cannot compute without a word, and what bounty refuses the schema
/// refuses too: an expense that would make a fugitive's total overflow is refused when added,
/// edited, imported or inserted by the sqlite3 shell; a ledger that already overflows (written
/// before migration 20) makes the dossier fail saying why and the card say so; a redacted dossier
/// keeps no sighting description in any format.
@Suite(.onTestThreads) struct NoSilentLossTests {
  static let largest = "92233720368547758.07"
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    #expect(
      try bounty.run(["fugitives", "add", "--id", "7", "--name", "Ledger", "--bounty", "5"]).status
        == 0)
  }

  @Test func anExpenseThatWouldOverflowTheTotalIsRefusedEveryWay() throws {
    let first = try bounty.run(["expenses", "add", "7", "--amount", Self.largest, "--memo", "a"])
    #expect(first.status == 0, "\(first.stderr)")
    let second = try bounty.run(["expenses", "add", "7", "--amount", "0.01", "--memo", "b"])
    #expect(second.status == 1)
    #expect(
      second.stderr.contains("would add up to more than an amount can hold"), "\(second.stderr)")
    // An edit that would overflow: a second small expense, then raised.
    #expect(
      try bounty.run(["fugitives", "add", "--id", "8", "--name", "Two", "--bounty", "5"]).status
        == 0)
    #expect(try bounty.run(["expenses", "add", "8", "--amount", "1", "--memo", "a"]).status == 0)
    #expect(try bounty.run(["expenses", "add", "8", "--amount", "1", "--memo", "b"]).status == 0)
    let items = try JSONParser.parse(
      try bounty.run(["--json", "expenses", "list", "8"]).stdout.trimmingASCIIWhitespace())
    let expenseID = try #require(items["expenses"]?.arrayValue?.last?["id"]?.serialized)
    let edit = try bounty.run(["expenses", "edit", "8", expenseID, "--amount", Self.largest])
    #expect(edit.status == 1 && edit.stderr.contains("more than an amount can hold"))
    // A JSON import of the two largest expenses.
    let json = folder.file("two.json")
    try """
    [{"id": 9, "name": "Imported", "bounty": "5", "expenses": [
      {"date": "2026-11-01", "amount": "\(Self.largest)", "memo": "a"},
      {"date": "2026-11-02", "amount": "\(Self.largest)", "memo": "b"}]}]
    """.write(toFile: json, atomically: true, encoding: .utf8)
    let imported = try bounty.run(["import", json])
    #expect(imported.status != 0, "\(imported.stdout)")
    #expect(imported.stderr.contains("more than an amount can hold"), "\(imported.stderr)")
    #expect(try bounty.sqlite3("SELECT count(*) FROM fugitive WHERE id = 9") == "0")
    // The schema refuses another program too.
    let shell = try SQLiteShell.exec(
      bounty.database,
      "INSERT INTO expense (fugitive_id, position, date, amount_minor, memo) "
        + "VALUES (7, 9, '2026-11-01', 1, 'x');")
    #expect(shell.status != 0)
    #expect(shell.stderr.contains("more than an amount can hold"), "\(shell.stderr)")
    #expect(try bounty.sqlite3("SELECT count(*) FROM expense WHERE fugitive_id = 7") == "1")
  }

  /// A ledger that overflows already (the triggers dropped by the sqlite3 shell stand for a file of
  /// version 19): the dossier fails saying why in every format, and the card says so.
  @Test func anUncomputableTotalFailsTheDossierAndShowsOnTheCard() throws {
    let shell = try SQLiteShell.exec(
      bounty.database,
      """
      DROP TRIGGER expense_total_fits_insert;
      INSERT INTO expense (fugitive_id, position, date, amount_minor, memo)
      VALUES (7, 1, '2026-11-01', 9223372036854775807, 'a'),
             (7, 2, '2026-11-02', 9223372036854775807, 'b');
      """)
    #expect(shell.status == 0, "\(shell.stderr)")
    for format in ["text", "markdown", "html"] {
      let dossier = try bounty.run(["dossier", "7", "--format", format])
      #expect(dossier.status == 1, "\(format)")
      #expect(dossier.stdout.isEmpty, "\(format)")
      #expect(
        dossier.stderr.contains("too large to add up exactly"), "\(format): \(dossier.stderr)")
    }
    let shown = try bounty.run(["fugitives", "show", "7"])
    #expect(shown.stdout.contains("too large to add up exactly (2 items)"), "\(shown.stdout)")
  }

  @Test func aRedactedDossierKeepsNoSightingWordsInAnyFormat() throws {
    let seen = try bounty.run([
      "fugitives", "seen", "7", "--lat", "40.71234", "--lon", "-74.00567", "--description",
      "Room 12, 1234 Secret St",
    ])
    #expect(seen.status == 0, "\(seen.stderr)")
    for format in ["text", "markdown", "html"] {
      let full = try bounty.run(["dossier", "7", "--format", format])
      #expect(full.stdout.contains("1234 Secret St"), "\(format)")
      let redacted = try bounty.run(["dossier", "7", "--format", format, "--redact"])
      #expect(redacted.status == 0)
      #expect(!redacted.stdout.contains("Secret St"), "\(format)")
      #expect(redacted.stdout.contains("40.7"), "\(format): the rounded point stays")
      #expect(!redacted.stdout.contains("40.712"), "\(format)")
    }
  }
}
