import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// A chain another program broke is restarted by `db check --repair` (docs/history.md,
/// "Restarting the chain"): the steps the chain no longer vouches for are dropped, the ones it
/// still vouches for are kept and undo them as before, and `db check` names the restart for good.
/// Another program is the `sqlite3` shell.
@Suite(.onTestThreads) struct ChainRestartTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("roster.sqlite"))
    try bounty.succeeding(["sample"])
    try bounty.succeeding(["fugitives", "edit", "12328", "--bounty", "111"])
    try bounty.succeeding(["fugitives", "edit", "10914", "--bounty", "222"])
  }

  private var kinds: String? {
    get throws {
      try bounty.sqlite3(
        "SELECT group_concat(kind, ' ') FROM (SELECT kind FROM history_chain ORDER BY seq)")
    }
  }

  private func checkJSON() throws -> [String: Any] {
    let outcome = try bounty.run(["db", "check", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    return try #require(object as? [String: Any], "\(outcome.stdout)")
  }

  /// Link 3 (the second edit's, the newest) removed: the chain holds up to link 2, so the sample
  /// and the first edit are kept and the second edit, which no link names, is dropped (its change
  /// stays in the roster, no longer undoable); undo then takes the first edit back.
  @Test func aRemovedLinkKeepsTheStepsBeforeItAndDropsTheRest() throws {
    try bounty.shellSucceeding(
      "DROP TRIGGER history_chain_no_delete; DELETE FROM history_chain WHERE seq = 3;")
    let broken = try bounty.run(["db", "check"])
    #expect(broken.status == 1)
    #expect(
      broken.stdout.contains(
        "history_step: step 3 ('fugitives edit 10914') is not in the history's chain"),
      "\(broken.stdout)")
    #expect(try bounty.run(["undo"]).status == 1)

    let repair = try bounty.run(["db", "check", "--repair"])
    #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
    #expect(
      repair.stdout.contains(
        "restarted the history's chain at link 3 (it held up to link 2): dropped 1 step it no "
          + "longer vouched for, kept 2 steps"), "\(repair.stdout)")
    #expect(try kinds == "record record restart seal seal")
    #expect(
      try bounty.sqlite3("SELECT group_concat(label, ';') FROM history_step ORDER BY id")
        == "sample;fugitives edit 12328")

    let check = try checkJSON()
    #expect(check["ok"] as? Bool == true, "\(check)")
    let restarted = try #require(check["chainRestarted"] as? [String])
    #expect(restarted.count == 1 && restarted[0].hasPrefix("link 3, "), "\(restarted)")
    #expect(restarted[0].hasSuffix("(the chain held up to link 2 before it)"), "\(restarted)")

    #expect(try bounty.succeeding(["undo"]).contains("Undid: fugitives edit 12328"))
    #expect(try bounty.sqlite3("SELECT bounty_minor FROM fugitive WHERE id = 12328") != "11100")
    #expect(try bounty.sqlite3("SELECT bounty_minor FROM fugitive WHERE id = 10914") == "22200")
    #expect(try bounty.run(["db", "check"]).status == 0)
  }

  /// Every link removed: nothing vouches for any step, so every step goes; new steps are
  /// recorded and undone on the restarted chain, and the restart stays named.
  @Test func aWipedChainDropsEveryStepAndWorksAgain() throws {
    try bounty.shellSucceeding("DROP TRIGGER history_chain_no_delete; DELETE FROM history_chain;")
    let repair = try bounty.run(["db", "check", "--repair"])
    #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
    #expect(
      repair.stdout.contains(
        "restarted the history's chain at link 1 (it held up to link none): dropped 3 steps it "
          + "no longer vouched for, kept 0 steps"), "\(repair.stdout)")
    #expect(try bounty.sqlite3("SELECT count(*) FROM history_step") == "0")

    try bounty.succeeding(["fugitives", "edit", "12328", "--bounty", "333"])
    #expect(try bounty.succeeding(["undo"]).contains("Undid: fugitives edit 12328"))
    #expect(try bounty.sqlite3("SELECT bounty_minor FROM fugitive WHERE id = 12328") == "11100")
    let check = try bounty.run(["db", "check"])
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.stdout.contains("Chain restarted    link 1, "), "\(check.stdout)")
  }

  /// A chain that holds is not restarted by a repair, and the links before a restart stay
  /// evidence: removing or editing one of them breaks the restarted chain too.
  @Test(arguments: [
    (
      "DELETE FROM history_chain WHERE seq = 2",
      "history_chain: link 3 (restart) does not match the links before it or its hash"
    ),
    (
      "UPDATE history_chain SET hunter = 'mallory' WHERE seq = 1",
      "history_chain: link 1 (record of step 1) does not match its hash"
    ),
  ])
  func theLinksBeforeARestartAreStillChecked(tampering: String, named: String) throws {
    try bounty.succeeding(["db", "check", "--repair"])
    #expect(try kinds == "record record record")
    try bounty.shellSucceeding(
      "DROP TRIGGER history_chain_no_delete; DELETE FROM history_chain WHERE seq = 3;")
    try bounty.succeeding(["db", "check", "--repair"])
    #expect(try kinds == "record record restart seal seal")
    try bounty.shellSucceeding(
      """
      DROP TRIGGER history_chain_no_delete; DROP TRIGGER history_chain_no_update; \(tampering);
      """)
    let check = try bounty.run(["db", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains(named), "\(check.stdout)")
    #expect(check.stdout.contains("Chain restarted    none"), "\(check.stdout)")
    #expect(try bounty.run(["undo"]).status == 1)
  }

  /// A row another program appends as a restart holds nothing: it is a link that does not hold,
  /// so the repair keeps every step the chain vouched for before it and restarts after it.
  @Test func aPlantedRestartDropsNothingTheChainVouchedFor() throws {
    try bounty.shellSucceeding(
      """
      INSERT INTO history_chain (seq, kind, step_id, source_id, digest, hunter, client, at, hash)
      VALUES (4, 'restart', 0, NULL, '', 'mallory', 'bounty', '2026-01-01T00:00:00Z', 'x');
      """)
    let check = try bounty.run(["db", "check"])
    #expect(check.status == 1)
    #expect(
      check.stdout.contains("history_chain: link 4 (restart) does not match"), "\(check.stdout)")
    let repair = try bounty.run(["db", "check", "--repair"])
    #expect(
      repair.stdout.contains(
        "restarted the history's chain at link 5 (it held up to link 3): dropped 0 steps it no "
          + "longer vouched for, kept 3 steps"), "\(repair.stdout)")
    #expect(try bounty.succeeding(["undo"]).contains("Undid: fugitives edit 10914"))
    #expect(try bounty.run(["db", "check"]).status == 0)
  }

  /// A step another program removed, with every link holding: the chain needs no restart, only
  /// the drop of the step it held, and the steps around it undo as before.
  @Test func aRemovedStepIsLinkedAsDroppedWithoutARestart() throws {
    try bounty.shellSucceeding(
      "DELETE FROM history_entry WHERE step_id = 2; DELETE FROM history_step WHERE id = 2;")
    #expect(try bounty.run(["db", "check"]).status == 1)
    let repair = try bounty.run(["db", "check", "--repair"])
    #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
    #expect(
      repair.stdout.contains("linked the drop of 1 step another program removed"),
      "\(repair.stdout)")
    #expect(repair.stdout.contains("Chain restarted    none"), "\(repair.stdout)")
    #expect(try kinds == "record record record drop")
    #expect(try bounty.succeeding(["undo"]).contains("Undid: fugitives edit 10914"))
  }
}
