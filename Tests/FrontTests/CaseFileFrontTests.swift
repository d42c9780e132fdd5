import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The case file through the real binary: days left in the local calendar of `TZ`, and the lock
/// of a closed case on both fronts.
@Suite(.onTestThreads) struct CaseFileFrontTests {
  /// `bond.daysLeft` of fugitive 1 (forfeiture on `deadline`) when the clock says `now` in `zone`.
  static func daysLeft(deadline: String, now: String, zone: String) throws -> String {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("db.sqlite"), now: now)
    bounty.environment["TZ"] = zone
    try bounty.run(["fugitives", "add", "--name", "Ann Lee", "--bounty", "100"])
    try bounty.run(["fugitives", "bond", "1", "--forfeiture", deadline])
    let reply = try bounty.rpc([
      #"{"jsonrpc":"2.0","id":1,"method":"fugitives.get","params":{"id":1}}"#
    ])
    let json = try JSONParser.parse(reply.first ?? "")
    return json["result"]?["bond"]?["daysLeft"]?.serialized ?? "missing"
  }

  /// The same instants seen from two zones give the local calendar's answer: across the end of
  /// daylight saving time (New York, 2026-11-01) and its start (2027-03-14), and across a year end
  /// where one zone has already reached the new year (Auckland, UTC+13) and the other has not.
  @Test(
    arguments: [
      // 23:30 EDT on Oct 31, then 00:30 EDT on Nov 1 (the night the clocks go back).
      ("2026-11-02", "2026-11-01T03:30:00Z", "America/New_York", "2"),
      ("2026-11-02", "2026-11-01T04:30:00Z", "America/New_York", "1"),
      // 23:30 EST on Nov 1 (after the change, UTC−5): still Nov 1.
      ("2026-11-02", "2026-11-02T04:30:00Z", "America/New_York", "1"),
      ("2026-11-02", "2026-11-02T05:30:00Z", "America/New_York", "0"),
      // The spring change: 01:30 EST and 03:30 EDT on Mar 14 are the same day.
      ("2027-03-15", "2027-03-14T06:30:00Z", "America/New_York", "1"),
      ("2027-03-15", "2027-03-14T07:30:00Z", "America/New_York", "1"),
      ("2027-03-15", "2027-03-15T03:59:00Z", "America/New_York", "1"),
      ("2027-03-15", "2027-03-15T04:00:00Z", "America/New_York", "0"),
      // Year end: 11:30 UTC on Dec 31 is 00:30 on Jan 1 in Auckland, 03:30 on Dec 31 in LA.
      ("2027-01-01", "2026-12-31T11:30:00Z", "Pacific/Auckland", "0"),
      ("2027-01-01", "2026-12-31T11:30:00Z", "America/Los_Angeles", "1"),
      ("2027-01-01", "2026-12-31T10:30:00Z", "Pacific/Auckland", "1"),
      ("2026-12-30", "2026-12-31T11:30:00Z", "Pacific/Auckland", "-2"),
      ("2026-12-30", "2026-12-31T11:30:00Z", "America/Los_Angeles", "-1"),
    ])
  func daysLeftCountsLocalCalendarDays(
    deadline: String, now: String, zone: String, expected: String
  ) throws {
    #expect(try Self.daysLeft(deadline: deadline, now: now, zone: zone) == expected)
  }

  @Test func aClosedCaseIsRefusedOnBothFronts() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
    #expect(try bounty.run(["fugitives", "close", "25772"]).status == 0)
    let refused = try bounty.run(["expenses", "add", "25772", "--amount", "5", "--memo", "fuel"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("case 25772 is closed; reopen it first"))
    let replies = try bounty.rpc([
      #"{"jsonrpc":"2.0","id":1,"method":"fugitives.bond","params":{"id":25772,"amount":"9"}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"expenses.split","params":{"amount":"9","memo":"m","ids":[15156,25772]}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"fugitives.reopen","params":{"id":25772}}"#,
      #"{"jsonrpc":"2.0","id":4,"method":"fugitives.bond","params":{"id":25772,"amount":"9"}}"#,
    ])
    let parsed = try replies.map { try JSONParser.parse($0) }
    #expect(parsed.count == 4)
    for reply in parsed.prefix(2) {
      #expect(reply["error"]?["code"] == .int(-32004))
      #expect(reply["error"]?["message"] == "case 25772 is closed; reopen it first")
    }
    #expect(parsed.last?["result"]?["bond"]?["amount"] == "9.00")
    // Nothing of the refused split was written to the open case either.
    let listed = try bounty.run(["expenses", "list", "15156"])
    #expect(listed.stdout == "No expenses for fugitive 15156.\n")
  }

  @Test func theListMarksUrgentAndOverdueDeadlinesInTextAndClosedCases() throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("db.sqlite"))
    bounty.environment["NO_COLOR"] = "1"
    try bounty.run(["sample"])
    try bounty.run(["fugitives", "bond", "25772", "--forfeiture", "2026-12-10"])
    try bounty.run(["fugitives", "bond", "82748", "--forfeiture", "2026-11-28"])
    try bounty.run(["fugitives", "bond", "37544", "--forfeiture", "2027-06-01"])
    try bounty.run(["fugitives", "close", "37544"])
    let listed = try bounty.run(["deadlines"])
    #expect(
      listed.stdout == """
          ID#  NAME                      BOUNTY  DEADLINE                     CASE
        82748  Rosalind Achterberg   $50,000.00  2026-11-28 (OVERDUE 2 days)
        25772  Edgar "Slim" Whitlow  $96,000.00  2026-12-10 (10 days) !
        37544  Kwame Asante          $50,000.00  2027-06-01 (183 days)        closed
        3 deadlines

        """)
    // The count under the list is of deadlines, not of everyone at large.
    let overdue = try bounty.run(["deadlines", "--within", "1"])
    #expect(overdue.stdout.hasSuffix("(OVERDUE 2 days)\n1 deadline\n"), "\(overdue.stdout)")
  }

  /// The shell refuses a closed case's edit form before asking anything, with the same message,
  /// and the verbs of the case file work without the tab word.
  @Test func theShellRefusesTheEditFormOfAClosedCase() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    let script = """
      sample
      close 25772
      edit 25772
      quit
      """
    let outcome = try bounty.run([], input: script + "\n")
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("case 25772 is closed; reopen it first"))
    #expect(!outcome.stdout.contains("Editing fugitive"))
    let card = try bounty.run(["fugitives", "show", "25772"])
    #expect(card.stdout.contains("Edgar \"Slim\" Whitlow"))
    #expect(card.stdout.contains("Case         closed 2026-11-30T10:00:00Z (locked)"))
  }
}
