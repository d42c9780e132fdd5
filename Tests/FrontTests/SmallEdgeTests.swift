import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The smaller edges, through the real binary: nothing is claimed that did not happen.
@Suite(.onTestThreads) struct SmallEdgeTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    #expect(
      try bounty.run(["fugitives", "add", "--id", "5", "--name", "P", "--bounty", "1"]).status == 0)
  }

  func undoSteps() throws -> Int {
    let history = try JSONParser.parse(
      try bounty.run(["--json", "history"]).stdout.trimmingASCIIWhitespace())
    return history["undo"]?.arrayValue?.count ?? -1
  }

  /// `list --all` is every fugitive whatever its page holds: a STATUS column and "in all", even
  /// when the rows shown are all at large.
  @Test func aListOfEveryoneSaysSoOnEveryPage() throws {
    try bounty.run(["fugitives", "add", "--id", "6", "--name", "Q", "--bounty", "1"])
    try bounty.run(["fugitives", "capture", "6"])
    let page = try bounty.run(["fugitives", "list", "--all", "--limit", "1", "--sort", "id"])
    #expect(page.stdout.split(separator: "\n").first?.hasSuffix("STATUS") == true, "\(page.stdout)")
    #expect(page.stdout.hasSuffix("1 shown of 2 in all\n"), "\(page.stdout)")
    let atLarge = try bounty.run(["fugitives", "list"])
    #expect(!atLarge.stdout.contains("STATUS") && atLarge.stdout.hasSuffix("1 at large\n"))
  }

  @Test func theSampleInACurrencyWithoutCentsIsRefusedClearly() throws {
    let yen = BinaryRunner(database: folder.file("yen.sqlite"))
    #expect(try yen.run(["settings", "set", "currency", "JPY"]).status == 0)
    let outcome = try yen.run(["sample"])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr
        == "Error: the sample roster's bounties are in dollars and cents, which JPY cannot hold; nothing was loaded (load it into a database whose currency has cents)\n"
    )
  }

  @Test func completionIDsAreAllOfThem() throws {
    let rows = (1...10_050).map { "\($0 + 10),F,1" }.joined(separator: "\n")
    #expect(try bounty.run(["import", "-"], input: "id,name,bounty\n" + rows + "\n").status == 0)
    let ids = try bounty.run(["completions", "ids"]).stdout.split(separator: "\n")
    #expect(ids.count == 10_051 && ids.last == "10060")
  }

  @Test func discoverPublishesExactIntegerBounds() throws {
    let response = try bounty.rpc([#"{"jsonrpc":"2.0","method":"rpc.discover","id":1}"#])
    #expect(response.first?.contains(#""maximum":9223372036854775807"#) == true)
    #expect(response.first?.contains("9223372036854776000") == false)
  }

  @Test func editingNothingSaysSoAndRecordsNothing() throws {
    let before = try undoSteps()
    let outcome = try bounty.run(["fugitives", "edit", "5"])
    #expect(outcome.status == 64 && outcome.stderr.hasPrefix("Error: Nothing to change"))
    #expect(!outcome.stdout.contains("Saved"))
    #expect(try undoSteps() == before)
  }

  @Test func anEmptySightingIsRefusedAndClearForgetsOne() throws {
    let empty = try bounty.run(["fugitives", "seen", "5"])
    #expect(empty.status == 64 && empty.stderr.hasPrefix("Error: Nothing seen"))
    #expect(
      try bounty.run(["fugitives", "seen", "5", "--description", "by the river"]).status == 0)
    let cleared = try bounty.run(["--json", "fugitives", "seen", "5", "--clear"])
    #expect(cleared.status == 0)
    #expect(try JSONParser.parse(cleared.stdout.trimmingASCIIWhitespace())["lastSeen"] == .null)
    let both = try bounty.run(["fugitives", "seen", "5", "--clear", "--description", "x"])
    #expect(both.status == 64 && both.stderr.contains("clear"))
    // A description of spaces says nothing: refused, not recorded as a sighting without a place.
    let blank = try bounty.run(["fugitives", "seen", "5", "--description", "   "])
    #expect(blank.status == 64 && blank.stderr == "Error: --description must not be blank.\n")
  }

  /// A name that shows nothing is blank, whatever it is made of: a vertical tab, a no-break space,
  /// a zero-width space, a byte-order mark. Typed or imported, it is refused.
  @Test(arguments: ["\t\u{0B}", "\u{A0}", "\u{200B}", "\u{FEFF} "])
  func aNameOfInvisibleCharactersIsBlank(name: String) throws {
    let typed = try bounty.run(["fugitives", "add", "--name", name, "--bounty", "1"])
    #expect(typed.status == 64 && typed.stderr == "Error: --name must not be blank.\n")
    let imported = try bounty.run(
      ["import", "-", "--format", "json"],
      input: JSON.array([.object(["name": .string(name), "bounty": "1"])]).serialized)
    #expect(imported.status == 1 && imported.stderr.contains("item 0, name: must be text of"))
  }

  /// An import of a folder or a missing file says so first, with or without --format (it asked
  /// for a format, exit 64, when the name had no .csv or .json).
  @Test func anImportOfAFolderOrAMissingFileSaysSo() throws {
    for arguments in [["import", folder.path], ["import", folder.path, "--format", "csv"]] {
      let outcome = try bounty.run(arguments)
      #expect(
        outcome.status == 1
          && outcome.stderr == "Error: cannot read \(folder.path): it is a folder\n")
    }
    let missing = try bounty.run(["import", folder.file("nothing-here")])
    #expect(
      missing.status == 1
        && missing.stderr
          == "Error: cannot read \(folder.file("nothing-here")): No such file or directory\n"
    )
  }

  /// A photo is set, cleared or read back, one at a time: two of them at once is a usage error
  /// that changes nothing (before, a photo given with --clear was set, and --clear with --export
  /// cleared it and wrote no file).
  @Test func contradictoryPhotoOptionsAreRefused() throws {
    let image = folder.file("face.png")
    _ = FileManager.default.createFile(
      atPath: image, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7]))
    let before = try undoSteps()
    let setAndClear = try bounty.run(["fugitives", "photo", "5", image, "--clear"])
    #expect(setAndClear.stderr == "Error: --clear cannot be given with IMAGE.\n")
    let exported = folder.file("out.png")
    let clearAndExport = try bounty.run([
      "fugitives", "photo", "5", "--clear", "--export", exported,
    ])
    #expect(clearAndExport.status == 64 && setAndClear.status == 64)
    #expect(clearAndExport.stderr == "Error: --export cannot be given with --clear.\n")
    #expect(try undoSteps() == before)
  }

  @Test func theSamePhotoTwiceIsOneUndoStep() throws {
    let image = folder.file("face.png")
    _ = FileManager.default.createFile(
      atPath: image, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7]))
    let before = try undoSteps()
    #expect(try bounty.run(["fugitives", "photo", "5", image]).status == 0)
    #expect(try bounty.run(["fugitives", "photo", "5", image]).status == 0)
    #expect(try undoSteps() == before + 1)
  }
}
