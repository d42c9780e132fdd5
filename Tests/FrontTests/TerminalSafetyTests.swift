import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Stored text cannot drive a terminal or reorder what is around it: every human-readable output
/// shows control and bidi characters as escapes, and HTML isolates user text.
@Suite(.onTestThreads) struct TerminalSafetyTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner
  static let hostile = "Eve\u{202E}gpj.exe\u{2066}\u{200F}\u{061C}\u{1B}[31m\u{07}\u{2028}x\u{FEFF}"
  static let raw: [Character] = [
    "\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}", "\u{1B}", "\u{07}", "\u{2028}", "\u{FEFF}",
  ]

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    #expect(
      try bounty.run([
        "fugitives", "add", "--id", "1", "--name", Self.hostile, "--bounty", "5",
        "--description", Self.hostile,
      ]).status == 0)
    #expect(
      try bounty.run(["fugitives", "add", "--id", "2", "--name", Self.hostile, "--bounty", "7"])
        .status == 0)
    #expect(try bounty.run(["fugitives", "capture", "2"]).status == 0)
    #expect(try bounty.run(["fugitives", "note", "add", "1", Self.hostile]).status == 0)
  }

  @Test(arguments: [
    ["report"], ["report", "--format", "markdown"], ["report", "--format", "csv"],
    ["report", "--format", "html"], ["dossier", "1"], ["dossier", "1", "--format", "markdown"],
    ["dossier", "1", "--format", "html"], ["fugitives", "list"], ["fugitives", "show", "1"],
  ])
  func noHumanReadableOutputCarriesControlOrBidiCharacters(command: [String]) throws {
    let outcome = try bounty.run(command)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Eve"))
    for character in Self.raw {
      #expect(
        !outcome.stdout.contains(character),
        "\(command) carries U+\(String(character.unicodeScalars.first!.value, radix: 16))")
    }
    #expect(outcome.stdout.contains("\\u{202e}"))
  }

  @Test func htmlIsolatesUserText() throws {
    for command in [["report", "--format", "html"], ["dossier", "1", "--format", "html"]] {
      let html = try bounty.run(command).stdout
      #expect(html.contains("<bdi>Eve"), "\(command)")
    }
  }

  @Test func errorsShowInputEscaped() throws {
    let outcome = try bounty.run(["fugitives", "frobnicate\u{1B}]0;x\u{07}\u{202E}"])
    #expect(outcome.status == 64)
    for character in Self.raw { #expect(!outcome.stderr.contains(character)) }
  }
}
