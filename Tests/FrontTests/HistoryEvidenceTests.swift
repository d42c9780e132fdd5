import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// History is evidence (docs/history.md): undo changes only what its step changed or refuses,
/// naming the fugitive, the field and that another program changed it; every step is a link of a
/// SHA-256 chain, so `db check` names a planted, edited or removed step and undo refuses it.
/// Another program is the `sqlite3` shell.
@Suite(.onTestThreads) struct HistoryEvidenceTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("roster.sqlite"))
    try bounty.succeeding(["sample"])
  }

  private var roster: String? {
    get throws {
      try bounty.sqlite3(
        """
        SELECT group_concat(id || '|' || name || '|' || bounty_minor || '|' || description, ';')
        FROM (SELECT * FROM fugitive ORDER BY id);
        SELECT count(*) FROM note; SELECT count(*) FROM history_step;
        """)
    }
  }

  /// The case: an edit of the name, then another program's bounty and description, then
  /// undo. Undo put the old bounty and description back over the other program's; now it puts
  /// the name back and keeps both.
  @Test func undoKeepsWhatAnotherProgramChangedInFieldsTheStepDidNot() throws {
    try bounty.succeeding(["fugitives", "edit", "12328", "--name", "X"])
    try bounty.shellSucceeding(
      "UPDATE fugitive SET bounty_minor = 55555, description = 'ext' WHERE id = 12328")
    try bounty.succeeding(["undo"])
    #expect(
      try bounty.sqlite3("SELECT name, bounty_minor, description FROM fugitive WHERE id = 12328")
        == "Frank Dunmore|55555|ext")
    try bounty.succeeding(["redo"])
    #expect(
      try bounty.sqlite3("SELECT name, bounty_minor, description FROM fugitive WHERE id = 12328")
        == "X|55555|ext")
  }

  /// A field the step changed and another program changed again: undo (and redo) refuse in one
  /// line naming the fugitive, the field and the other program; nothing changes.
  @Test func undoAndRedoRefuseAFieldAnotherProgramChangedAgain() throws {
    try bounty.succeeding(["fugitives", "edit", "12328", "--bounty", "10"])
    try bounty.shellSucceeding("UPDATE fugitive SET bounty_minor = 777 WHERE id = 12328")
    let before = try roster
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 1)
    #expect(
      undo.stderr
        == "Error: fugitive 12328 (Frank Dunmore): its bounty was changed by another program "
        + "since the step; nothing was undone\n", "\(undo.stderr)")
    #expect(try roster == before)

    // Back to what the step left: the undo goes through.
    try bounty.shellSucceeding("UPDATE fugitive SET bounty_minor = 1000 WHERE id = 12328")
    try bounty.succeeding(["undo"])
    try bounty.shellSucceeding("UPDATE fugitive SET bounty_minor = 4242 WHERE id = 12328")
    let held = try roster
    let redo = try bounty.run(["redo"])
    #expect(redo.status == 1)
    #expect(
      redo.stderr
        == "Error: fugitive 12328 (Frank Dunmore): its bounty was changed by another program "
        + "since the undo; nothing was redone\n", "\(redo.stderr)")
    #expect(try roster == held)
  }

  /// Another program deleted a fugitive's note and wrote a note of its own under the same id:
  /// undo of the note's edit refuses, naming the note and its fugitive.
  @Test func aChildRowAnotherProgramRewroteIsNamed() throws {
    let note = try #require(
      try bounty.sqlite3("SELECT id FROM note WHERE fugitive_id = 12328 ORDER BY position LIMIT 1"))
    try bounty.succeeding(["fugitives", "note", "edit", "12328", note, "Seen in Reno"])
    try bounty.shellSucceeding("UPDATE note SET text = 'planted' WHERE id = \(note)")
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 1)
    #expect(
      undo.stderr.contains(
        "note \(note) of fugitive 12328 (Frank Dunmore): its text was changed by another program"),
      "\(undo.stderr)")
  }

  /// A fugitive deleted with bounty, then an ID# the other program inserted again: undo refuses
  /// naming the ID# and the row that holds it now (it used to fail with "the change breaks a rule
  /// of the database").
  @Test func aReinsertedIDIsNamed() throws {
    try bounty.succeeding(["fugitives", "delete", "10914", "--yes"])
    try bounty.shellSucceeding(
      """
      INSERT INTO fugitive (id, name, bounty_minor, description, captured, name_key, position,
        created_at, updated_at)
      VALUES (10914, 'Other', 1, '', 0, 'other', 99, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')
      """)
    let before = try roster
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 1)
    #expect(
      undo.stderr
        == "Error: ID# 10914 (Other) was added again by another program since the step; nothing "
        + "was undone\n", "\(undo.stderr)")
    #expect(try roster == before)
  }

  /// The planted step: labelled `fugitives note add 13602`, with the allowed op
  /// `fugitive.deleteAfterPosition`, it deleted the whole roster on undo. `db check` names it
  /// and undo refuses it.
  @Test func aPlantedStepIsNamedByDbCheckAndRefusedByUndo() throws {
    try bounty.succeeding(["fugitives", "edit", "12328", "--name", "X"])
    try bounty.shellSucceeding(
      """
      INSERT INTO history_step (stack, label, created_at)
      VALUES ('undo', 'fugitives note add 13602', '2026-11-30T11:00:00Z');
      INSERT INTO history_entry (step_id, op, sql, v1)
      VALUES (last_insert_rowid(), 'fugitive.deleteAfterPosition', '', 0);
      """)
    let planted = try #require(try bounty.sqlite3("SELECT max(id) FROM history_step"))
    let check = try bounty.run(["db", "check"])
    #expect(check.status == 1)
    #expect(
      check.stdout.contains(
        "history_step: step \(planted) ('fugitives note add 13602') is not in the history's "
          + "chain: another program wrote it"), "\(check.stdout)")
    let before = try roster
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 1)
    #expect(
      undo.stderr
        == "Error: cannot undo 'fugitives note add 13602': step \(planted) was written by another "
        + "program (it is not in the history's chain); nothing was undone; 'bounty db check' "
        + "names what changed\n", "\(undo.stderr)")
    #expect(try roster == before)
  }

  /// A step's entry edited with the shell (its old name made another): `db check` names the step
  /// and undo refuses; the steps before it still undo.
  @Test func anEditedStepIsNamedAndRefused() throws {
    try bounty.succeeding(["fugitives", "edit", "12328", "--name", "X"])
    try bounty.succeeding(["fugitives", "edit", "10914", "--name", "Y"])
    let edited = try #require(try bounty.sqlite3("SELECT max(id) FROM history_step"))
    try bounty.shellSucceeding(
      "UPDATE history_entry SET v2 = 'Someone Else' WHERE step_id = \(edited) AND op = 'fugitive.update'"
    )
    let check = try bounty.run(["db", "check"])
    #expect(check.status == 1)
    #expect(
      check.stdout.contains(
        "history_step: step \(edited) ('fugitives edit 10914') does not match link")
        && check.stdout.contains("another program changed it since it was recorded"),
      "\(check.stdout)")
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 1)
    #expect(undo.stderr.contains("it was changed since it was recorded"), "\(undo.stderr)")
    #expect(try bounty.sqlite3("SELECT name FROM fugitive WHERE id = 10914") == "Y")
    // The label is hashed too.
    try bounty.shellSucceeding(
      "UPDATE history_entry SET v2 = 'Björn Halvorsen' WHERE step_id = \(edited) AND op = 'fugitive.update'"
    )
    #expect(try bounty.run(["db", "check"]).status == 0)
    try bounty.shellSucceeding(
      "UPDATE history_step SET label = 'fugitives note add 1' WHERE id = \(edited)")
    #expect(try bounty.run(["db", "check"]).status == 1)
  }

  /// A step removed with the shell: `db check` names it; the chain's links cannot be edited or
  /// deleted (its triggers refuse), and one edited past the triggers is named by its number.
  @Test func aRemovedStepAndAnEditedLinkAreNamed() throws {
    try bounty.succeeding(["fugitives", "edit", "12328", "--name", "X"])
    try bounty.succeeding(["fugitives", "edit", "10914", "--name", "Y"])
    let first = try #require(
      try bounty.sqlite3("SELECT min(id) FROM history_step WHERE label = 'fugitives edit 12328'"))
    try bounty.shellSucceeding(
      "DELETE FROM history_entry WHERE step_id = \(first); DELETE FROM history_step WHERE id = \(first)"
    )
    let check = try bounty.run(["db", "check"])
    #expect(check.status == 1)
    #expect(
      check.stdout.contains("history_step: step \(first) is gone, but link")
        && check.stdout.contains("another program removed it"), "\(check.stdout)")

    #expect(try bounty.sqlite3("UPDATE history_chain SET hunter = 'mallory'") == nil)
    #expect(try bounty.sqlite3("DELETE FROM history_chain") == nil)
    try bounty.shellSucceeding(
      """
      DROP TRIGGER history_chain_no_update;
      UPDATE history_chain SET hunter = 'mallory' WHERE seq = 2;
      """)
    let edited = try bounty.run(["db", "check"])
    #expect(edited.status == 1)
    #expect(
      edited.stdout.contains("history_chain: link 2 (record of step")
        && edited.stdout.contains("does not match its hash"),
      "\(edited.stdout)")
  }

  /// Undo and redo are links of the chain, each naming the step it replayed, and the chain holds
  /// after many of them.
  @Test func undoAndRedoAreLinksOfTheChain() throws {
    try bounty.succeeding(["fugitives", "edit", "12328", "--name", "X"])
    try bounty.succeeding(["undo"])
    try bounty.succeeding(["redo"])
    try bounty.succeeding(["undo"])
    try bounty.succeeding(["fugitives", "edit", "10914", "--name", "Y"])
    #expect(
      try bounty.sqlite3(
        "SELECT group_concat(kind, ' ') FROM (SELECT kind FROM history_chain ORDER BY seq)")
        == "record record undo redo undo record drop")
    let check = try bounty.run(["db", "check"])
    #expect(check.status == 0, "\(check.stdout)")
  }

  /// `history --fugitive ID` is the case's chain of custody: every step the history holds that
  /// changed the fugitive or its records, with who made it and from which client, and none of
  /// another fugitive's; the hunter's name shown escaped; refused when the chain does not hold.
  @Test func historyOfAFugitiveListsItsChangesWithWhoAndClient() throws {
    try bounty.succeeding(["fugitives", "edit", "12328", "--name", "X"])
    try bounty.succeeding(["fugitives", "edit", "10914", "--name", "Y"])
    try bounty.succeeding(["settings", "set", "hunter.name", "Ana Reyes"])
    try bounty.succeeding(["fugitives", "note", "add", "12328", "Seen in Reno"])
    try bounty.succeeding(["expenses", "add", "12328", "--amount", "5", "--memo", "Fuel"])
    try bounty.succeeding(["fugitives", "alias", "add", "12328", "Frankie"])
    let json = try JSONParser.parse(
      try bounty.succeeding(["--json", "history", "--fugitive", "12328"]))
    let steps = json["undo"]?.arrayValue ?? []
    #expect(
      steps.map { $0["label"]?.stringValue ?? "" } == [
        "fugitives alias add 12328", "expenses add 12328", "fugitives note add 12328",
        "fugitives edit 12328", "sample",
      ])
    #expect(steps.first?["hunter"]?.stringValue == "Ana Reyes")
    #expect(steps.allSatisfy { $0["client"]?.stringValue == "bounty" })
    let user = try #require(getpwuid(geteuid())?.pointee.pw_name.map { String(cString: $0) })
    #expect(steps.last?["hunter"]?.stringValue == user)
    let text = try bounty.succeeding(["history", "--fugitive", "12328"])
    #expect(
      text.contains("fugitives note add 12328") && text.contains("by Ana Reyes  from bounty"),
      "\(text)")
    #expect(!text.contains("fugitives edit 10914"))

    // A name stored before migration 0023 refused invisible characters: planted past its
    // trigger, which is then made again as it was.
    let check = try #require(
      try bounty.sqlite3("SELECT sql FROM sqlite_schema WHERE name = 'setting_check_update'"))
    try bounty.shellSucceeding(
      "DROP TRIGGER setting_check_update; "
        + "UPDATE setting SET value = 'Ana' || char(8238) WHERE key = 'hunter.name'; \(check);")
    try bounty.succeeding(["fugitives", "edit", "12328", "--name", "Z"])
    let escaped = try bounty.succeeding(["history", "--fugitive", "12328"])
    #expect(escaped.contains("by Ana\\u{202e}  from bounty"), "\(escaped)")

    try bounty.shellSucceeding(
      """
      INSERT INTO history_step (stack, label, created_at)
      VALUES ('undo', 'fugitives note add 12328', '2026-11-30T11:00:00Z');
      """)
    let refused = try bounty.run(["history", "--fugitive", "12328"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("the history's chain does not hold"), "\(refused.stderr)")
  }

  /// `dossier --custody` adds the chain of custody, oldest first, in text, Markdown and HTML;
  /// without the flag the dossier is as before.
  @Test func theDossierShowsTheChainOfCustody() throws {
    try bounty.succeeding(["settings", "set", "hunter.name", "Ana <Reyes>"])
    try bounty.succeeding(["fugitives", "note", "add", "12328", "Seen in Reno"])
    try bounty.succeeding(["fugitives", "edit", "10914", "--name", "Y"])
    let text = try bounty.succeeding(["dossier", "12328", "--custody"])
    #expect(text.contains("CHAIN OF CUSTODY (the history's chain verified)"), "\(text)")
    #expect(text.contains("  fugitives note add 12328  by Ana <Reyes>, from bounty"), "\(text)")
    #expect(text.contains("  sample  by ") && !text.contains("fugitives edit 10914"))
    #expect(
      try #require(text.range(of: "  sample  ")).lowerBound
        < (try #require(text.range(of: "fugitives note add 12328"))).lowerBound,
      "oldest first")
    let markdown = try bounty.succeeding(["dossier", "12328", "--custody", "--format", "markdown"])
    #expect(
      markdown.contains("## Chain of custody") && markdown.contains("| fugitives note add 12328 |"))
    let html = try bounty.succeeding(["dossier", "12328", "--custody", "--format", "html"])
    #expect(
      html.contains("<h2>Chain of custody</h2>") && html.contains("Ana &lt;Reyes&gt;, from bounty"),
      "\(html)")
    #expect(try !bounty.succeeding(["dossier", "12328"]).contains("CHAIN OF CUSTODY"))
  }
}
