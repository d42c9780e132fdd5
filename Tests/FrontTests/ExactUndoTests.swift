import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The undo log binds values (migration 0015): whatever text a change replaces, however long or
/// full of quotes, comes back byte for byte on undo and again on redo, and none of it is ever
/// written into the log's SQL text.
@Suite(.onTestThreads) struct ExactUndoTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
  }

  func description(_ id: Int) throws -> JSON? {
    let shown = try bounty.run(["--json", "fugitives", "show", "\(id)"])
    return try JSONParser.parse(shown.stdout.trimmingASCIIWhitespace())["description"]
  }

  @Test func textQuoteWouldHaveBuiltIntoSQLComesBackExactly() throws {
    // Quotes, backslashes, SQL comment and statement syntax, percent signs, combining marks, RTL
    // text and an emoji, repeated up to the description limit (10,000 characters).
    let piece = #"O'Brien '' \' -- ; DROP TABLE fugitive; %_ "x" e\#u{301} مرحبا 🦊 "#
    var first = "MARKER-A " + String(repeating: piece, count: 400)
    first = String(first.prefix(Limits.descriptionLength))
    let second = "MARKER-B " + String(repeating: "'", count: 9_000)
    #expect(
      try bounty.run([
        "fugitives", "add", "--id", "7", "--name", "Q", "--bounty", "1", "--description", first,
      ]).status == 0)
    #expect(try bounty.run(["fugitives", "edit", "7", "--description", second]).status == 0)
    #expect(try description(7) == .string(second))
    // The old text went into the log as a bound value, not as SQL text.
    #expect(
      try bounty.sqlite3("SELECT count(*) FROM history_entry WHERE instr(sql, 'MARKER') > 0") == "0"
    )
    #expect(
      try bounty.sqlite3(
        "SELECT count(*) FROM history_entry WHERE v4 = '\(first.replacing("'", with: "''"))'")
        == "1")
    #expect(try bounty.run(["undo"]).status == 0)
    #expect(try description(7) == .string(first))
    #expect(try bounty.run(["redo"]).status == 0)
    #expect(try description(7) == .string(second))
    #expect(try bounty.run(["undo"]).status == 0)
    #expect(try bounty.run(["undo"]).status == 0)
    #expect(try bounty.run(["fugitives", "show", "7"]).status == 1)
    #expect(try bounty.run(["redo"]).status == 0)
    #expect(try description(7) == .string(first))
  }

  @Test func aDeletedFugitiveComesBackWithEveryNoteExactly() throws {
    let note = String(repeating: "it's \\ 'quoted' ", count: 600) + "end"
    #expect(
      try bounty.run(["fugitives", "add", "--id", "3", "--name", "N'a", "--bounty", "2.50"]).status
        == 0)
    #expect(try bounty.run(["fugitives", "note", "add", "3", note]).status == 0)
    let before = try bounty.run(["--json", "fugitives", "show", "3"]).stdout
    #expect(try bounty.run(["fugitives", "delete", "3", "--yes"]).status == 0)
    #expect(try bounty.run(["undo"]).status == 0)
    #expect(try bounty.run(["--json", "fugitives", "show", "3"]).stdout == before)
    let notes = try bounty.run(["--json", "fugitives", "note", "list", "3"]).stdout
    let texts = try JSONParser.parse(notes.trimmingASCIIWhitespace())["notes"]?.arrayValue?.map {
      $0["text"]
    }
    #expect(texts == [.string(note)])
  }
}
