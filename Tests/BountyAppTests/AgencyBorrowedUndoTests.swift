import BountyTestSupport
import Foundation
import Testing

/// A hunter in `psql` cannot make another hunter's (here an admin's) undo overwrite a third
/// hunter's change or delete a third hunter's fugitive by calling the server's bookkeeping
/// functions by hand (issue 35; agency migration 8). The admin is `ana`, the hunter in `psql` is
/// `carol` (the fixture's `hunter`), the hunter whose work is at stake is `ben` (`other`).
@Suite(.onTestThreads, .serialized) struct AgencyBorrowedUndoTests {
  typealias Agency = AgencyServerRulesTests.Agency

  /// The newest step of `role`.
  static func newestStep(of role: String, in agency: Agency) throws -> String {
    try agency.server.psql(
      agency.url, "SELECT max(id) FROM history_step WHERE hunter = '\(role)'")
  }

  /// What `carol` runs in one transaction: a step of her own whose "replay" is a block over the
  /// whole roster, then the carrying of her step `renumbered` into it. A refusal names the call
  /// the server refused and its SQLSTATE: `refused at CALL: SQLSTATE message`.
  static func borrowing(_ renumbered: String, as role: String) -> String {
    """
    DO $$
    DECLARE
      r bigint;
      call text := 'bounty_begin_step';
    BEGIN
      SELECT id INTO r FROM bounty_begin_step('undo', 'tidy', '2026-11-30T12:00:00Z', '\(role)');
      call := 'bounty_record_block';
      PERFORM bounty_record_block(r, 0);
      call := 'bounty_carry_versions';
      PERFORM bounty_carry_versions(\(renumbered), r);
    EXCEPTION WHEN OTHERS THEN
      RAISE EXCEPTION 'refused at %: % %', call, SQLSTATE, SQLERRM;
    END
    $$
    """
  }

  /// The server's refusal of the borrowing: the block over the whole roster, which takes in
  /// fugitives `role` did not add (agency migration 8), before anything is carried.
  static func blockRefusal(_ role: String) -> String {
    "refused at bounty_record_block: 42501 a block past position 0 takes in fugitives \(role) "
      + "did not add"
  }

  /// The touches of fugitive `id` in `role`'s steps, oldest first: `before>after` (empty when
  /// NULL) and whether the row arrived.
  static func touches(of id: Int, by role: String, in agency: Agency) throws -> String {
    try agency.server.psql(
      agency.url,
      """
      SELECT string_agg(
        concat(t.version_before, '>', t.version_after, CASE WHEN t.arrived THEN ' arrived' END),
        ',' ORDER BY t.step_id)
      FROM history_touch AS t JOIN history_step AS s ON s.id = t.step_id
      WHERE s.hunter = '\(role)' AND t.fugitive_id = \(id)
      """)
  }

  /// Ana adds ID# 2 and edits it; carol renumbers it 2→5002 and back (two steps, the first one's
  /// touch of 2 has no "after"); ben edits its bounty; carol's hand-made carry must not let ana's
  /// undo put her old bounty back over ben's.
  @Test func anAdminsUndoNeverOverwritesAnotherHuntersChangeCarriedByHand() throws {
    let agency = try Agency()
    let (ana, ben, carol) = (
      try agency.bounty(as: agency.admin), try agency.bounty(as: agency.other), agency.hunter
    )
    #expect(
      try ana.run(["fugitives", "add", "--id", "2", "--name", "Dee Lane", "--bounty", "2000"])
        .status == 0)
    #expect(try ana.run(["fugitives", "edit", "2", "--bounty", "3000"]).status == 0)
    _ = try agency.server.psql(
      agency.url, "UPDATE fugitive SET id = 5002 WHERE id = 2", role: carol)
    let renumbered = try Self.newestStep(of: carol, in: agency)
    _ = try agency.server.psql(
      agency.url, "UPDATE fugitive SET id = 2 WHERE id = 5002", role: carol)
    #expect(try ben.run(["fugitives", "edit", "2", "--bounty", "7777"]).status == 0)
    // Carol's renumbers ran: the first left 2 with no "after", the second brought a row onto it.
    let touches = try Self.touches(of: 2, by: carol, in: agency).split(separator: ",")
    #expect(touches.count == 2 && touches[0].hasSuffix(">"), "\(touches)")
    #expect(touches.last?.hasSuffix(" arrived") == true, "\(touches)")
    let bookkeeping = try agency.bookkeeping()
    let refusal = agency.refusal(of: Self.borrowing(renumbered, as: carol), as: carol)
    #expect(refusal?.contains(Self.blockRefusal(carol)) == true, "\(refusal ?? "ran")")
    #expect(try agency.bookkeeping() == bookkeeping)
    let before = try agency.roster()
    let undo = try ana.run(["undo"])
    #expect(undo.status == 1, "\(undo.stdout)")
    #expect(undo.stderr.contains("was changed by"), "\(undo.stderr)")
    #expect(try agency.roster() == before)
    #expect(
      try agency.server.psql(agency.url, "SELECT bounty_minor FROM fugitive WHERE id = 2")
        == "777700")
  }

  /// Ben adds a fugitive with a note; ana adds ID# 100; carol (through PgBouncer) renumbers
  /// ana's 100 away and ben's fugitive onto 100 and carries by hand: ana's undo of her add must not
  /// delete ben's fugitive and its note.
  @Test func anAdminsUndoNeverDeletesAnotherHuntersFugitiveMovedOntoItsID() throws {
    let agency = try Agency()
    let (ana, ben, carol) = (
      try agency.bounty(as: agency.admin), try agency.bounty(as: agency.other), agency.hunter
    )
    #expect(
      try ben.run(["fugitives", "add", "--id", "3", "--name", "Bo Reed", "--bounty", "50"]).status
        == 0)
    #expect(try ben.run(["fugitives", "note", "add", "3", "last seen in Reno"]).status == 0)
    #expect(
      try ana.run(["fugitives", "add", "--id", "100", "--name", "Al Moss", "--bounty", "60"])
        .status == 0)
    try PostgresTestPooler.withPooler(before: agency.server) { pooler in
      let pooled = try pooler.url(agency.url)
      _ = try agency.server.psql(
        pooled, "UPDATE fugitive SET id = 5100 WHERE id = 100", role: carol)
      let renumbered = try Self.newestStep(of: carol, in: agency)
      _ = try agency.server.psql(pooled, "UPDATE fugitive SET id = 100 WHERE id = 3", role: carol)
      // Carol's renumbers ran: ana's fugitive is at 5100, ben's at 100.
      #expect(
        try agency.server.psql(
          agency.url,
          "SELECT string_agg(id || ' ' || name, ',' ORDER BY id) FROM fugitive "
            + "WHERE id IN (3, 100, 5100)") == "100 Bo Reed,5100 Al Moss")
      let bookkeeping = try agency.bookkeeping()
      let refusal = agency.refusal(
        of: Self.borrowing(renumbered, as: carol), as: carol, at: pooled)
      #expect(refusal?.contains(Self.blockRefusal(carol)) == true, "\(refusal ?? "ran")")
      #expect(try agency.bookkeeping() == bookkeeping)
      let before = try agency.roster()
      let undo = try BinaryRunner(database: try PostgresTestServer.url(pooled, as: agency.admin))
        .run(["undo"])
      #expect(undo.status == 1, "\(undo.stdout)")
      #expect(undo.stderr.contains("was changed by"), "\(undo.stderr)")
      #expect(try agency.roster() == before)
    }
    #expect(
      try agency.server.psql(
        agency.url,
        "SELECT f.name || '|' || n.text FROM fugitive AS f JOIN note AS n ON n.fugitive_id = f.id "
          + "WHERE f.id = 100") == "Bo Reed|last seen in Reno")
    let check = try ana.run(["db", "check"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }
}
