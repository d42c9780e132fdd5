import BountyTestSupport
import Foundation
import Testing

/// The agency server computes the history chain (issue 35; agency migration 9): a hunter in `psql`
/// cannot plant, edit or delete a step or a link (privileges), and what a role that may write the
/// history (the owner) plants, edits or deletes by hand is named by `db check` and refused by
/// undo.
@Suite(.onTestThreads, .serialized) struct AgencyHistoryChainTests {
  typealias Agency = AgencyServerRulesTests.Agency

  /// The admin's step: an edit of fugitive 9 through bounty.
  static func adminStep(_ agency: Agency) throws -> String {
    #expect(
      try agency.bounty(as: agency.admin).run(["fugitives", "edit", "9", "--bounty", "20"]).status
        == 0)
    return try agency.server.psql(
      agency.url, "SELECT max(id) FROM history_step WHERE hunter = '\(agency.admin)'")
  }

  @Test func aHunterCanNeitherPlantNorEditNorDeleteAStepOrALink() throws {
    let agency = try Agency()
    let step = try Self.adminStep(agency)
    let (roster, bookkeeping) = (try agency.roster(), try agency.bookkeeping())
    let chain = "SELECT string_agg(to_jsonb(c)::text, ',' ORDER BY seq) FROM history_chain AS c"
    let links = try agency.server.psql(agency.url, chain)
    #expect(!links.isEmpty)
    func expectUnchanged(_ sql: String) throws {
      #expect(try agency.roster() == roster, "\(sql)")
      #expect(try agency.bookkeeping() == bookkeeping, "\(sql)")
      #expect(try agency.server.psql(agency.url, chain) == links, "\(sql)")
    }
    let denied = "ERROR:  permission denied for "
    let refused: [(sql: String, error: String)] = [
      (
        """
        INSERT INTO history_step (stack, label, created_at, hunter)
        VALUES ('undo', 'fugitives edit 7', '2026-11-30T11:00:00Z', '\(agency.admin)')
        """, "table history_step"
      ),
      ("UPDATE history_step SET label = 'forged' WHERE id = \(step)", "table history_step"),
      ("DELETE FROM history_step WHERE id = \(step)", "table history_step"),
      ("UPDATE history_entry SET old_row = '{}' WHERE step_id = \(step)", "table history_entry"),
      (
        "INSERT INTO history_chain SELECT seq + 100, kind, step_id, source_id, digest, hunter, "
          + "client, at, hash FROM history_chain", "table history_chain"
      ),
      ("UPDATE history_chain SET hash = repeat('0', 64)", "table history_chain"),
      ("DELETE FROM history_chain", "table history_chain"),
      ("TRUNCATE history_chain", "table history_chain"),
      ("UPDATE history_chain_head SET seq = 0", "table history_chain_head"),
      (
        "SELECT bounty_chain_append('record', \(step), NULL, '', 'x', 'psql')",
        "function bounty_chain_append"
      ),
    ]
    // A step is relabelled only by its hunter in the transaction that opened it: the admin's
    // step, named by its id and address, is left as it was.
    let findingNothing = [
      "SELECT bounty_label_step(id, CAST(ctid AS text), 'forged') FROM history_step "
        + "WHERE id = \(step)"
    ]
    for (sql, error) in refused {
      let refusal = agency.refusal(of: sql, as: agency.hunter)
      #expect(refusal?.contains(denied + error) == true, "\(sql): \(refusal ?? "ran")")
      try expectUnchanged(sql)
    }
    for sql in findingNothing {
      _ = try agency.server.psql(agency.url, sql, role: agency.hunter)
      try expectUnchanged(sql)
    }
    let check = try agency.bounty(as: agency.hunter).run(["db", "check"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(try agency.bounty(as: agency.admin).run(["undo"]).status == 0)
  }

  /// What the owner changes by hand in `psql`: each is named by `db check`, and the admin's undo
  /// of the step refuses it, changing nothing.
  @Test func aStepPlantedEditedOrDeletedByHandIsNamedAndNeverReplayed() throws {
    let cases: [(label: String, sql: (String, Agency) -> String, named: String)] = [
      (
        "planted",
        { _, agency in
          """
          INSERT INTO history_step (stack, label, created_at, hunter)
          VALUES ('undo', 'fugitives edit 7', '2026-11-30T11:00:00Z', '\(agency.admin)')
          """
        }, "it was planted"
      ),
      (
        "edited", { step, _ in "UPDATE history_step SET label = 'forged' WHERE id = \(step)" },
        "it was edited"
      ),
      (
        "an entry edited",
        { step, _ in
          "UPDATE history_entry SET old_row = old_row || '{\"bounty_minor\": 1}' "
            + "WHERE step_id = \(step)"
        }, "it was edited"
      ),
      (
        "a link edited",
        { step, _ in "UPDATE history_chain SET at = '2020-01-01T00:00:00Z' WHERE step_id = \(step)"
        },
        "does not follow from the link before it"
      ),
      (
        "deleted",
        { step, _ in
          "SET session_replication_role = replica; DELETE FROM history_step WHERE id = \(step)"
        }, "it was removed"
      ),
    ]
    for (label, sql, named) in cases {
      let agency = try Agency()
      let step = try Self.adminStep(agency)
      let admin = try agency.bounty(as: agency.admin)
      #expect(try admin.run(["db", "check"]).status == 0, "\(label)")
      _ = try agency.server.psql(agency.url, sql(step, agency))
      let check = try admin.run(["db", "check"])
      #expect(check.status != 0, "\(label): \(check.stdout)")
      #expect((check.stdout + check.stderr).contains(named), "\(label): \(check.stdout)")
      let before = try agency.roster()
      let undo = try admin.run(["undo"])
      if label != "deleted" {
        #expect(undo.status != 0, "\(label): \(undo.stdout)")
        #expect(undo.stderr.contains("history chain"), "\(label): \(undo.stderr)")
      }
      #expect(try agency.roster() == before, "\(label)")
    }
  }
}
