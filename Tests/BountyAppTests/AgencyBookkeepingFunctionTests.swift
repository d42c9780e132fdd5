import BountyTestSupport
import Foundation
import Testing

/// Each function of the server that writes history's bookkeeping, called by a hunter in `psql`
/// with every argument naming what is not theirs (another hunter's step, a step of the other
/// stack, a step of their own from an earlier transaction, a forged hunter name, NULL): refused,
/// or finding nothing, and nothing anywhere changes (agency migration 8).
@Suite(.onTestThreads, .serialized) struct AgencyBookkeepingFunctionTests {
  typealias Agency = AgencyServerRulesTests.Agency

  /// The steps the calls name: the admin's and the other hunter's undo steps, the other hunter's
  /// redo step, and two undo steps of the hunter's own, each from a transaction of its own.
  struct Steps {
    let admin: String
    let other: String
    let otherRedo: String
    let own: String
    let ownEarlier: String

    init(_ agency: Agency) throws {
      let other = try agency.bounty(as: agency.other)
      #expect(
        try agency.bounty(as: agency.admin).run(["fugitives", "edit", "9", "--bounty", "20"])
          .status == 0)
      #expect(try other.run(["fugitives", "edit", "7", "--bounty", "30"]).status == 0)
      #expect(try other.run(["fugitives", "edit", "7", "--bounty", "31"]).status == 0)
      #expect(try other.run(["undo"]).status == 0)
      _ = try agency.server.psql(
        agency.url, "UPDATE fugitive SET description = 'one' WHERE id = 9", role: agency.hunter)
      _ = try agency.server.psql(
        agency.url, "UPDATE fugitive SET description = 'two' WHERE id = 9", role: agency.hunter)
      func step(_ role: String, _ stack: String, _ order: String = "DESC") throws -> String {
        try agency.server.psql(
          agency.url,
          "SELECT id FROM history_step WHERE hunter = '\(role)' AND stack = '\(stack)' "
            + "ORDER BY id \(order) LIMIT 1")
      }
      admin = try step(agency.admin, "undo")
      self.other = try step(agency.other, "undo")
      otherRedo = try step(agency.other, "redo")
      own = try step(agency.hunter, "undo")
      ownEarlier = try step(agency.hunter, "undo", "ASC")
    }
  }

  /// A step of the hunter's own opened in the statement's own transaction.
  static func fresh(_ agency: Agency) -> String {
    "(SELECT id FROM bounty_begin_step('undo', 'x', '2026-11-30T12:00:00Z', '\(agency.hunter)'))"
  }

  /// Calls the server refuses.
  static func refused(_ agency: Agency, _ steps: Steps) -> [String] {
    let (hunter, fresh) = (agency.hunter, Self.fresh(agency))
    let time = "'2026-11-30T12:00:00Z'"
    var calls: [String] = []
    // bounty_begin_step(stack, label, created_at, hunter)
    for name in ["'\(agency.other)'", "'\(agency.admin)'", "'agency_hunter'", "'nobody'", "NULL"] {
      calls.append("SELECT bounty_begin_step('undo', 'x', \(time), \(name))")
    }
    calls += [
      "SELECT bounty_begin_step('sideways', 'x', \(time), '\(hunter)')",
      "SELECT bounty_begin_step(NULL, 'x', \(time), '\(hunter)')",
      "SELECT bounty_begin_step('undo', NULL, \(time), '\(hunter)')",
      "SELECT bounty_begin_step('undo', 'x', 'yesterday', '\(hunter)')",
      "SELECT bounty_begin_step('undo', 'x', NULL, '\(hunter)')",
    ]
    // bounty_record_block(step, after_position)
    for step in [steps.admin, steps.other, steps.otherRedo, steps.own, "NULL", "999999999"] {
      calls.append("SELECT bounty_record_block(\(step), 0)")
      calls.append("SELECT bounty_record_block(\(step), 1000000)")
    }
    calls += [
      "SELECT bounty_record_block(\(fresh), NULL)",
      // Past position 0 are fugitives the hunter did not add.
      "SELECT bounty_record_block(\(fresh), 0)",
    ]
    // bounty_carry_versions(step, reverse)
    for (step, reverse) in [
      (steps.other, fresh), (steps.admin, fresh), (steps.otherRedo, fresh), ("NULL", fresh),
      ("999999999", fresh), (steps.own, steps.other), (steps.own, steps.ownEarlier),
      (steps.own, steps.own), (steps.own, "NULL"), (steps.own, "999999999"),
    ] {
      calls.append("SELECT bounty_carry_versions(\(step), \(reverse))")
    }
    // bounty_trim_history(hunter, keep)
    for name in ["'\(agency.other)'", "'agency_hunter'", "NULL"] {
      calls.append("SELECT bounty_trim_history(\(name), 0)")
    }
    // bounty_recording_step(label, inserting), directly and through the triggers that call it.
    for step in [steps.admin, steps.other, steps.otherRedo, steps.own, "999999999"] {
      for setting in ["bounty.step", "bounty.paused"] {
        calls.append(
          "SELECT set_config('\(setting)', '\(step)', false); "
            + "SELECT bounty_recording_step('x', false)")
        calls.append(
          "SELECT set_config('\(setting)', '\(step)', false); "
            + "UPDATE fugitive SET description = 'borrowed' WHERE id = 7")
      }
    }
    calls.append("SELECT bounty_recording_step(NULL, false)")
    return calls
  }

  /// Calls that find nothing of the hunter's to act on.
  static func findingNothing(_ agency: Agency, _ steps: Steps) -> [String] {
    var calls: [String] = []
    for step in [steps.admin, steps.other, steps.otherRedo, "NULL"] {
      calls.append("SELECT bounty_drop_step(\(step), NULL)")
      calls.append(
        "SELECT bounty_label_step(id, CAST(ctid AS text), 'forged') FROM history_step "
          + "WHERE id = \(step)")
      calls.append("SELECT bounty_label_step(\(step), NULL, 'forged')")
    }
    return calls
  }

  @Test func everyBookkeepingFunctionRefusesWhatIsNotTheCallers() throws {
    let agency = try Agency()
    let steps = try Steps(agency)
    let (roster, bookkeeping) = (try agency.roster(), try agency.bookkeeping())
    for sql in Self.refused(agency, steps) {
      #expect(throws: PostgresTestServerError.self, "\(sql)") {
        try agency.server.psql(agency.url, sql, role: agency.hunter)
      }
      #expect(try agency.roster() == roster, "\(sql)")
      #expect(try agency.bookkeeping() == bookkeeping, "\(sql)")
    }
    for sql in Self.findingNothing(agency, steps) {
      _ = try agency.server.psql(agency.url, sql, role: agency.hunter)
      #expect(try agency.bookkeeping() == bookkeeping, "\(sql)")
    }
    // What bounty itself calls still works: each hunter's undo takes their own step, and the
    // hunter's two undone steps let the admin's older step of the same fugitive be undone.
    for _ in 1...2 { #expect(try agency.bounty(as: agency.hunter).run(["undo"]).status == 0) }
    #expect(try agency.bounty(as: agency.admin).run(["undo"]).status == 0)
    #expect(try agency.bounty(as: agency.other).run(["redo"]).status == 0)
    #expect(try agency.bounty(as: agency.admin).run(["db", "check"]).status == 0)
  }
}
