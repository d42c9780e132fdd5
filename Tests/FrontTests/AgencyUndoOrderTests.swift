import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Each hunter undoes their own steps, in any order across hunters, so the manual order must
/// never make one hunter's step rewrite another's fugitive: a delete leaves its place empty, an
/// undo puts a fugitive back into its own place, and a new fugitive never takes a place an undo
/// or redo may still put one back into. Undo is then refused only for a real conflict.
@Suite(.onTestThreads) struct AgencyUndoOrderTests {
  typealias Agency = AgencyConcurrencyTests

  /// The roster in manual order, as `name@position`, read by the admin.
  static func order(_ admin: BinaryRunner) throws -> String {
    let listed = try JSONParser.parse(
      admin.run(["--json", "fugitives", "list", "--all", "--sort", "manual"]).stdout)
    return (listed["items"]?.arrayValue ?? []).map {
      guard case .number(let position)? = $0["position"] else { return "?" }
      return "\($0["name"]?.stringValue ?? "?")@\(position)"
    }.joined(separator: " ")
  }

  /// Issue 36's sequence: A adds, B adds, A undoes and redoes, B undoes their add. A's undo
  /// and redo renumbered B's fugitive, so B's undo, and then A's next one, were refused for good.
  @Test func undoAndRedoAcrossHuntersAreNeverRefusedForTheOrder() throws {
    let (admin, first, second) = try Agency.hankMorrowAndTwoHunters()
    try Agency.expectSuccess(
      first.run(["fugitives", "add", "--name", "Ida Quill", "--bounty", "3"]))
    try Agency.expectSuccess(
      second.run(["fugitives", "add", "--name", "Otto Lark", "--bounty", "4"]))
    try Agency.expectSuccess(first.run(["undo"]))
    try Agency.expectSuccess(first.run(["redo"]))
    #expect(try Self.order(admin) == "Hank Morrow@1 Ida Quill@2 Otto Lark@3")
    try Agency.expectSuccess(second.run(["undo"]))
    try Agency.expectSuccess(first.run(["undo"]))
    #expect(try Self.order(admin) == "Hank Morrow@1")
    #expect(try admin.run(["db", "check"]).status == 0)
  }

  /// A delete (an admin's) leaves its place empty and rewrites no other fugitive: its undo puts
  /// the fugitive back into its place, and a hunter who added fugitives before and after it
  /// undoes both adds.
  @Test func aDeleteAndItsUndoRewriteNoOtherHuntersFugitive() throws {
    let (admin, _, second) = try Agency.hankMorrowAndTwoHunters()
    for name in ["B", "C", "D"] {
      try Agency.expectSuccess(admin.run(["fugitives", "add", "--name", name, "--bounty", "1"]))
    }
    try Agency.expectSuccess(second.run(["fugitives", "add", "--name", "E", "--bounty", "1"]))
    // The versions of the fugitives neither the delete nor the adds are about.
    let versions = { () throws -> String in
      try PostgresTestServer.shared.psql(
        admin.database,
        "SELECT string_agg(id || ':' || row_version, ' ' ORDER BY id) FROM fugitive WHERE id IN (1, 3, 4, 5)"
      )
    }
    let before = try versions()
    try Agency.expectSuccess(admin.run(["fugitives", "delete", "2", "--yes"]))
    #expect(try Self.order(admin) == "Hank Morrow@1 C@3 D@4 E@5")
    try Agency.expectSuccess(second.run(["fugitives", "add", "--name", "F", "--bounty", "1"]))
    try Agency.expectSuccess(admin.run(["undo"]))
    #expect(try Self.order(admin) == "Hank Morrow@1 B@2 C@3 D@4 E@5 F@6")
    #expect(try versions() == before)
    try Agency.expectSuccess(second.run(["undo"]))
    try Agency.expectSuccess(second.run(["undo"]))
    #expect(try Self.order(admin) == "Hank Morrow@1 B@2 C@3 D@4")
  }

  /// A place freed by an undone add, or by the delete of the last fugitive, is not handed out
  /// again while a redo or an undo may put its fugitive back: a new fugitive goes after it.
  @Test func aNewFugitiveNeverTakesAPlaceAnUndoMayFillAgain() throws {
    let (admin, first, second) = try Agency.hankMorrowAndTwoHunters()
    try Agency.expectSuccess(
      first.run(["fugitives", "add", "--name", "Ida Quill", "--bounty", "3"]))
    try Agency.expectSuccess(first.run(["undo"]))
    try Agency.expectSuccess(
      second.run(["fugitives", "add", "--name", "Otto Lark", "--bounty", "4"]))
    try Agency.expectSuccess(first.run(["redo"]))
    #expect(try Self.order(admin) == "Hank Morrow@1 Ida Quill@2 Otto Lark@3")
    try Agency.expectSuccess(admin.run(["fugitives", "delete", "3", "--yes"]))
    try Agency.expectSuccess(
      first.run(["fugitives", "add", "--name", "Pia Moss", "--bounty", "1"]))
    try Agency.expectSuccess(admin.run(["undo"]))
    #expect(try Self.order(admin) == "Hank Morrow@1 Ida Quill@2 Otto Lark@3 Pia Moss@4")
    #expect(try admin.run(["db", "check"]).status == 0)
  }
}

/// The high-water marks of places and ID#s (agency migration 11) are the server's: a hunter in
/// psql may read them, not advance or set them, and cannot raise them past what the CHECKs
/// allow with a row they write and roll back (which would otherwise make every later add fail).
@Suite(.onTestThreads) struct AgencyHighWaterTests {
  @Test func aHunterCannotPushTheMarksOutOfReach() throws {
    let (admin, first, _) = try AgencyConcurrencyTests.hankMorrowAndTwoHunters()
    let server = try PostgresTestServer.shared
    let url = admin.database
    let role = "h1_\(AgencyConcurrencyTests.suffix(url))"
    #expect(try server.psql(url, "SELECT last_value FROM fugitive_id_high", role: role) == "1")
    for sql in [
      "SELECT nextval('fugitive_id_high')", "SELECT setval('fugitive_position_high', 1000)",
      """
      BEGIN; INSERT INTO fugitive (id, name, bounty_minor, position)
      VALUES (9223372036854775807, 'x', 0, 1); ROLLBACK
      """,
      """
      BEGIN; INSERT INTO fugitive (id, name, bounty_minor, position)
      VALUES (7, 'x', 0, 9223372036854775807); ROLLBACK
      """,
    ] {
      #expect(throws: (any Error).self, "\(sql)") { try server.psql(url, sql, role: role) }
    }
    let added = try first.run([
      "--json", "fugitives", "add", "--name", "Ida Quill", "--bounty", "3",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains(#""id":2,"#) && added.stdout.contains(#""position":2,"#))
  }
}
