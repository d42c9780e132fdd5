import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// History and search on an agency database: each hunter (PostgreSQL role) undoes their own
/// steps, a step another hunter touched since is refused and changes nothing, history names who
/// made each step, and search folds case and accents on the server.
@Suite(.onTestThreads) struct PostgresHistoryTests {
  /// Two login roles of their own on the test server, allowed every row change, dropped after.
  final class Hunters {
    let scratch: ScratchPostgres
    let alice = "b_alice_" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    let bob = "b_bob_" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    init() throws {
      scratch = try ScratchPostgres()
      let owner = try Store.open(path: scratch.url)
      for role in [alice, bob] {
        try ScratchPostgres.administer("CREATE ROLE \(role) LOGIN")
        try owner.database.execute(
          """
          GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(role);
          GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO \(role)
          """)
      }
      try owner.database.execute(
        """
        INSERT INTO fugitive (id, name, name_key, bounty_minor, description, position)
        VALUES (7, 'Hank Morrow', 'hank morrow', 100, 'Drives a Škoda', 1);
        DELETE FROM history_step
        """)
    }

    /// Roles belong to the whole server: their privileges in the scratch database go first.
    deinit {
      try? scratch.connect().execute("DROP OWNED BY \(alice), \(bob)")
      try? ScratchPostgres.administer("DROP ROLE IF EXISTS \(alice), \(bob)")
    }

    func open(as role: String) throws -> Store {
      try Store.open(path: "\(scratch.url)&user=\(role)")
    }
  }

  private func rename(_ store: Store, to name: String) throws {
    try store.database.transaction(write: true) {
      try store.recordingStep({ _ in "rename 7" }) {
        try store.database.run("UPDATE fugitive SET name = ? WHERE id = 7", .text(name))
      }
    }
  }

  private func name(_ store: Store) throws -> String? {
    try store.database.scalarText("SELECT name FROM fugitive WHERE id = 7")
  }

  @Test func undoTakesYourOwnStepAndRefusesOneAnotherHunterChangedSince() throws {
    let hunters = try Hunters()
    defer { withExtendedLifetime(hunters) {} }
    let alice = try hunters.open(as: hunters.alice)
    let bob = try hunters.open(as: hunters.bob)
    try bob.setHunterName("Bob Hunter")
    #expect(try bob.hunterName() == "Bob Hunter")
    #expect(try alice.hunterName() == nil)
    try rename(alice, to: "Alice's Hank")
    try rename(bob, to: "Bob's Hank")
    #expect(
      try alice.database.scalarText("SELECT changed_by FROM fugitive WHERE id = 7") == hunters.bob)
    do {
      _ = try alice.database.transaction(write: true) { try alice.undo() }
      Issue.record("alice undid a step bob changed since")
    } catch let error as BountyError {
      #expect(
        error
          == .conflict(
            "fugitive 7 (Bob's Hank) was changed by Bob Hunter ('rename 7') since your step; "
              + "nothing was undone")
      )
    }
    #expect(try name(alice) == "Bob's Hank", "the refused undo changed nothing")

    let undone = try bob.database.transaction(write: true) { try bob.undo() }
    #expect(undone.hunter == "Bob Hunter")
    #expect(undone.json["hunter"] == .string("Bob Hunter"))
    #expect(try name(alice) == "Alice's Hank")
    // Bob's undo put the row back as Alice's step left it: her step may be undone now.
    _ = try alice.database.transaction(write: true) { try alice.undo() }
    #expect(try name(alice) == "Hank Morrow")
    do {
      _ = try alice.database.transaction(write: true) { try alice.undo() }
      Issue.record("alice undid a step that was not hers")
    } catch let error as BountyError {
      #expect(error == .notFound("nothing to undo"))
    }
    _ = try alice.database.transaction(write: true) { try alice.redo() }
    #expect(try name(alice) == "Alice's Hank")

    let steps = try bob.historySteps()
    #expect(steps.map(\.stack) == ["undo", "redo"])
    #expect(steps.map(\.hunter) == [hunters.alice, "Bob Hunter"])
  }

  /// A step records only inside its transaction; a change after it, outside bounty's steps, is
  /// recorded by the server as a step of its own (agency migration 3).
  @Test func aStepRecordsNothingOutsideItsTransaction() throws {
    let hunters = try Hunters()
    defer { withExtendedLifetime(hunters) {} }
    let alice = try hunters.open(as: hunters.alice)
    try rename(alice, to: "Renamed")
    try alice.database.run("UPDATE fugitive SET bounty_minor = 5 WHERE id = 7")
    #expect(try alice.database.scalarInt("SELECT count(*) FROM history_entry") == 2)
    #expect(
      try alice.historySteps().map(\.label) == ["psql: UPDATE fugitive", "rename 7"])
    _ = try alice.database.transaction(write: true) { try alice.undo() }
    #expect(try alice.database.scalarInt("SELECT bounty_minor FROM fugitive WHERE id = 7") == 100)
    #expect(try name(alice) == "Renamed")
    let paused = try alice.database.transaction(write: true) { () throws -> Int64? in
      try alice.database.run("SELECT set_config('bounty.step', '42', true)")
      let step = try alice.pauseRecording()
      #expect(try alice.database.scalarText("SELECT current_setting('bounty.step')") == "")
      try alice.resumeRecording(step)
      #expect(try alice.database.scalarText("SELECT current_setting('bounty.step')") == "42")
      return step
    }
    #expect(paused == 42)
  }

  @Test func searchFoldsCaseAndAccentsOnTheServer() throws {
    let hunters = try Hunters()
    defer { withExtendedLifetime(hunters) {} }
    let store = try hunters.open(as: hunters.alice)
    func found(_ text: String) throws -> [Int64] {
      try store.fugitives(FugitiveQuery(status: .all, sort: .name, search: text)).items.map(\.id)
    }
    #expect(try found("ŠKODA") == [7])
    #expect(try found("skod") == [7])
    #expect(try found("hank m") == [7])
    #expect(try found("k") == [7])
    #expect(try found("a_k") == [], "_ is a letter, not a wildcard")
    #expect(try found("%") == [])
    #expect(try found("Hank\nMorrow") == [], "a line break does not run across fields")
    #expect(
      try store.fugitives(FugitiveQuery(status: .captured, sort: .name, search: "hank")).total == 0)
    #expect(
      try store.fugitives(FugitiveQuery(status: .atLarge, sort: .name, search: "hank")).total == 1)
  }
}
