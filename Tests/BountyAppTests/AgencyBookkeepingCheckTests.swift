import BountyCore
import BountyTestSupport
import Testing

/// `db check` on an agency roster checks what bounty's triggers keep beside the rows: each
/// fugitive's has-photo, has-notes and has-case-file flags against its rows (one pass of joins,
/// not a function call per fugitive), and the at-large and captured tally.
@Suite(.onTestThreads) struct AgencyBookkeepingCheckTests {
  static func check(_ app: TestApp) throws -> JSON {
    try app.dispatcher.call("db.check", params: [:], front: .terminal).get()
  }

  @Test func flagsAndTallyThatDisagreeWithTheRowsAreNamed() throws {
    let app = try TestApp(engine: .postgresql)
    let noted = try app.add("Ada")
    let aliased = try app.add("Bo")
    _ = try app.add("Cal")
    try app.call("notes.add", ["id": .int(noted), "text": "seen in Elko"])
    try app.call("aliases.add", ["id": .int(aliased), "name": "Bobby"])
    #expect(try Self.check(app)["integrity"] == .array([.string("ok")]))
    // Another client, with the triggers off, leaves the flags and the tally wrong.
    try app.store.database.execute(
      """
      SET session_replication_role = replica;
      UPDATE fugitive SET has_notes = 0 WHERE id = \(noted);
      UPDATE fugitive SET has_case_file = 0 WHERE id = \(aliased);
      UPDATE fugitive SET has_photo = 1 WHERE id = 3;
      UPDATE fugitive_tally SET count = count + 1 WHERE captured = 0;
      SET session_replication_role = origin
      """)
    let checked = try Self.check(app)
    #expect(checked["ok"] == .bool(false))
    #expect(
      checked["integrity"]
        == .array([
          .string("3 fugitives' has_photo, has_notes or has_case_file disagree with their rows"),
          .string("fugitive_tally disagrees with the fugitives it counts"),
        ]))
  }
}
