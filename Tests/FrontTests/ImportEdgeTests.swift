import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Imports through the real binary: both formats checked alike and strictly, each problem reported
/// once, `--replace` keeping what the file lacks, and a spreadsheet's CSV read as it is written.
@Suite(.onTestThreads) struct ImportEdgeTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    // An empty roster to count (a refused import leaves no roster where there was none).
    try #require(try bounty.run(["db", "migrate"]).status == 0)
  }

  func total() throws -> String? {
    let listed = try bounty.run(["--json", "fugitives", "list", "--all", "--limit", "1"])
    return try JSONParser.parse(listed.stdout.trimmingASCIIWhitespace())["total"]?.serialized
  }

  func importing(_ text: String, _ options: [String] = []) throws -> BinaryRunner.Outcome {
    try bounty.run(["import", "-"] + options, input: text)
  }

  @Test(arguments: [
    (
      #"[{"name":"X","bounty":"5","descripton":"typo"}]"#,
      "item 0, descripton: is not a known field"
    ),
    (#"[{"name":"X","bounty":"5","captured":"true"}]"#, "item 0, captured: must be true or false"),
    (#"[{"name":"X","bounty":"5","captured":1}]"#, "item 0, captured: must be true or false"),
    (
      #"[{"name":"X","bounty":"5","captured":true}]"#,
      "item 0, capturedAt: is required when captured is true"
    ),
    (
      "id,name,bounty,captured\n5,X,5,true\n",
      "line 2, capturedAt: is required when captured is true"
    ),
    (#"[{"name":"A\u0000B","bounty":"5"}]"#, "item 0, name: must not contain NUL characters"),
    (
      "name,bounty,description\nA,5,\"x\u{0}y\"\n",
      "line 2, description: must not contain NUL characters"
    ),
    (
      #"[{"name":"X","bounty":"5","photo":{"mediaType":"image/png","data":"aGVsbG8="}}]"#,
      "item 0, photo.mediaType: the data is not a PNG or JPEG image"
    ),
    (
      #"[{"name":"X","bounty":"5","createdAt":"1900-01-01T00:00:00+01:00"}]"#,
      "item 0, createdAt: must be an ISO 8601 time from 1900 to 9999"
    ),
    (
      #"[{"name":"X","bounty":"5","captured":true,"capturedAt":"2099-01-01T00:00:00Z"}]"#,
      "item 0, capturedAt: 2099-01-01T00:00:00Z is in the future"
    ),
    (
      #"[{"name":"X","bounty":"5","lastSeen":{"at":"2099-01-01"}}]"#,
      "item 0, lastSeen.at: 2099-01-01T00:00:00Z is in the future"
    ),
  ])
  func bothFormatsRefuseTheSameBadRows(input: String, message: String) throws {
    let outcome = try importing(input)
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    #expect(try total() == "0")
  }

  @Test func jsonHasTheSameLimitsAsCSV() throws {
    let long = String(repeating: "n", count: 10_001)
    for input in [
      #"[{"name":"X","bounty":"5","notes":[{"text":"\#(long)"}]}]"#,
      "name,bounty,notes\nX,5,\"[{\"\"text\"\":\"\"\(long)\"\"}]\"\n",
    ] {
      let outcome = try importing(input)
      #expect(
        outcome.stderr.contains("notes[0].text: is longer than 10000 characters"),
        "\(outcome.stderr)")
    }
  }

  @Test func eachProblemIsReportedOnceAndManyClashesAreOneLine() throws {
    let once = try importing("name,bounty\nBad,abc\nGood,5\nAlso good,6\n")
    #expect(
      once.stderr
        == "Error: 1 row is invalid; nothing was imported:\n  line 2, bounty: 'abc' is not an amount\n"
    )
    let rows = (1...40).map { "\($0),F\($0),5" }.joined(separator: "\n")
    #expect(try importing("id,name,bounty\n" + rows + "\n").status == 0)
    let clash = try importing("id,name,bounty\n" + rows + "\n")
    #expect(clash.status == 1)
    let lines = clash.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(clash.stderr)")
    #expect(lines.last?.contains("ID#s 1, 2, 3, 4, 5 and 35 more already exist") == true)
  }

  @Test func replaceKeepsWhatTheFileDoesNotCarry() throws {
    #expect(
      try bounty.run(["fugitives", "add", "--id", "7", "--name", "Hank", "--bounty", "5"]).status
        == 0)
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9]
    let image = folder.file("face.png")
    _ = FileManager.default.createFile(atPath: image, contents: Data(png))
    #expect(try bounty.run(["fugitives", "photo", "7", image]).status == 0)
    #expect(try bounty.run(["fugitives", "note", "add", "7", "Drives a truck"]).status == 0)
    let csv = folder.file("roster.csv")
    #expect(try bounty.run(["export", "--output", csv]).status == 0)
    let edited = try String(contentsOfFile: csv, encoding: .utf8).replacing("Hank", with: "Henry")
    try edited.write(toFile: csv, atomically: true, encoding: .utf8)
    let replaced = try bounty.run(["import", "--replace", csv])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    let shown = try bounty.run(["--json", "fugitives", "show", "7"])
    let fugitive = try JSONParser.parse(shown.stdout.trimmingASCIIWhitespace())
    #expect(fugitive["name"] == .string("Henry"))
    #expect(fugitive["hasPhoto"] == .bool(true))
    #expect(fugitive["notes"]?.arrayValue?.count == 1)
    // A file without a notes column keeps the notes too.
    #expect(try importing("id,name,bounty\n7,Hal,9\n", ["--replace"]).status == 0)
    let again = try JSONParser.parse(
      try bounty.run(["--json", "fugitives", "show", "7"]).stdout.trimmingASCIIWhitespace())
    #expect(again["name"] == .string("Hal") && again["notes"]?.arrayValue?.count == 1)
    #expect(again["hasPhoto"] == .bool(true))
  }

  @Test func aSpreadsheetsCSVImports() throws {
    let semicolons = "ID;Name;Bounty;Captured At;Notes From Office\n3;Ann;\"$ 2,000\";;x\n"
    let unknown = try importing(semicolons)
    #expect(unknown.status == 1 && unknown.stderr.contains("unknown column 'Notes From Office'"))
    #expect(unknown.stderr.contains("--ignore-unknown-columns"))
    let ignored = try importing(semicolons, ["--ignore-unknown-columns"])
    #expect(ignored.status == 0, "\(ignored.stderr)")
    let ann = try JSONParser.parse(
      try bounty.run(["--json", "fugitives", "show", "3"]).stdout.trimmingASCIIWhitespace())
    #expect(ann["bounty"] == .string("2000.00"))
    let underscores = try importing("name,BOUNTY,last_seen_description\nBo,7,by the river\n")
    #expect(underscores.status == 0, "\(underscores.stderr)")
    var latin1 = Array("name,bounty\nCaf".utf8)
    latin1 += [0xE9] + Array(",5\n".utf8)
    let refused = try bounty.run(["import", "-"], inputData: Data(latin1))
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("line 2: the text is not UTF-8"), "\(refused.stderr)")
  }

  @Test func importDashGuessesTheFormatFromTheFirstByte() throws {
    #expect(try importing(#"  [{"name":"Json","bounty":"1"}]"#).status == 0)
    #expect(try importing("name,bounty\nCsv,2\n").status == 0)
    #expect(try total() == "2")
  }

  @Test func errorsQuoteOnlyAShortEscapedExcerpt() throws {
    let hostile = "\u{1B}]0;pwned\u{07}" + String(repeating: "A", count: 500)
    let outcome = try importing("name,bounty,\(hostile)\nX,5,1\n")
    #expect(outcome.status == 1)
    #expect(
      !outcome.stderr.contains("\u{1B}")
        && !outcome.stderr.contains(String(repeating: "A", count: 40)))
    let bounty = try importing("name,bounty\nX,\(hostile)\n")
    #expect(
      !bounty.stderr.contains("\u{1B}")
        && !bounty.stderr.contains(String(repeating: "A", count: 40)))
  }

  /// The same rule for what is typed or sent: an amount, an ID#, a choice, an option or a command
  /// of 5,000 characters is quoted in 24 and `…`, on the command line and over JSON-RPC (a
  /// 100,000-digit bounty made a 200 KB error line).
  @Test func commandLineAndRPCErrorsQuoteOnlyAShortExcerpt() throws {
    let long = String(repeating: "9", count: 5_000)
    let bounty = BinaryRunner(database: try TemporaryFolder().file("db.sqlite"))
    let typed: [[String]] = [
      ["fugitives", "add", "--name", "x", "--bounty", long], ["fugitives", "show", long],
      ["fugitives", "list", "--sort", long], ["fugitives", "list", "--" + long], [long],
      ["fugitives", "show", "1", long], ["settings", "set", "currency", long],
    ]
    for arguments in typed {
      let outcome = try bounty.run(arguments)
      #expect(outcome.status != 0, "\(arguments.map { $0.prefix(30) })")
      let first = outcome.stderr.prefix { $0 != "\n" }
      #expect(first.count < 200 && first.contains("99999999999999999999…'"), "\(first)")
    }
    let request =
      #"{"jsonrpc":"2.0","id":1,"method":"fugitives.add","params":{"name":"x","bounty":"\#(long)"}}"#
    let answer = try bounty.rpc([request])
    #expect(answer.count == 1 && answer[0].utf8.count < 300, "\(answer.first?.prefix(300) ?? "")")
  }
}

/// Rows without an ID# get free ones quickly even when ID# 2147483647 is taken (the import asks the
/// store for a free ID# once, then takes the next ID#s by index look-up).
@Suite(.onTestThreads) struct FreeIDTests {
  @Test func idLessRowsAfterTheLastIDAreFast() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    let base = (1...50_000).map { "\($0),N\($0),1" }.joined(separator: "\n")
    #expect(
      try bounty.run(["import", "-"], input: "id,name,bounty\n\(base)\n2147483647,Max,1\n").status
        == 0)
    let rows = (0..<5_000).map { "X\($0),1" }.joined(separator: "\n")
    let started = Date()
    let outcome = try bounty.run(["import", "-"], input: "name,bounty\n\(rows)\n")
    let seconds = Date().timeIntervalSince(started)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(seconds < 20, "5,000 id-less rows took \(seconds) s")
    let shown = try bounty.run(["--json", "fugitives", "show", "55000"])
    #expect(shown.stdout.contains(#""name":"X4999""#))
    // One add without an ID# takes the lowest free one, past the run that starts at 1.
    let added = try bounty.run(["--json", "fugitives", "add", "--name", "Next", "--bounty", "1"])
    #expect(added.stdout.contains(#""id":55001"#), "\(added.stdout)")
  }
}
