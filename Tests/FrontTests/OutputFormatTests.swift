import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import TerminalFront

/// What programs read from the terminal front: `--format` rows, `--json` fields, and people's
/// screens (`db info`) in words and units, through the real binary.
@Suite(.onTestThreads) struct OutputFormatTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run([
      "fugitives", "add", "--id", "1", "--name", "Tab\there\nnewline \\ back", "--bounty", "5",
    ])
    try bounty.run([
      "fugitives", "add", "--id", "2", "--name", "Comma, \"Quoted\"", "--bounty", "12500",
    ])
    try bounty.run(["fugitives", "add", "--id", "3", "--name", "Ann Lee", "--bounty", "250.5"])
  }

  @Test func tsvIsOneEscapedLinePerItem() throws {
    let outcome = try bounty.run(["fugitives", "list", "--format", "tsv", "--sort", "id"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 3)
    let first = lines.first?.split(separator: "\t", omittingEmptySubsequences: false) ?? []
    #expect(first.prefix(3) == ["1", #"Tab\there\nnewline \\ back"#, "5.00"])
    #expect(
      lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 11 })
  }

  @Test func csvHasAHeaderAndQuotes() throws {
    let outcome = try bounty.run([
      "fugitives", "list", "--format", "csv", "--sort", "id", "--json", "id,name,bounty",
    ])
    #expect(
      outcome.stdout
        == "id,name,bounty\r\n1,\"Tab\there\nnewline \\ back\",5.00\r\n2,\"Comma, \"\"Quoted\"\"\",12500.00\r\n3,Ann Lee,250.50\r\n"
    )
  }

  @Test func ndjsonAndJsonCarryTheChosenFields() throws {
    let ndjson = try bounty.run([
      "fugitives", "list", "--format", "ndjson", "--sort", "bounty", "--json", "name,bounty",
    ])
    #expect(
      ndjson.stdout.split(separator: "\n").map(String.init) == [
        #"{"name":"Tab\there\nnewline \\ back","bounty":"5.00"}"#,
        #"{"name":"Ann Lee","bounty":"250.50"}"#,
        #"{"name":"Comma, \"Quoted\"","bounty":"12500.00"}"#,
      ])
    let json = try bounty.run(["fugitives", "list", "--format", "json", "--limit", "1"])
    let parsed = try JSONParser.parse(json.stdout)
    #expect(parsed["items"]?.arrayValue?.count == 1 && parsed["total"] == .int(3))
    #expect(parsed["items"]?.arrayValue?.first?["notes"] == .array([]))
  }

  @Test func jsonFieldsPickFromListsAndSingleResults() throws {
    let list = try bounty.run([
      "--json", "id,name", "fugitives", "list", "--sort", "id", "--limit", "2",
    ])
    #expect(
      list.stdout
        == #"{"items":[{"id":1,"name":"Tab\there\nnewline \\ back"},{"id":2,"name":"Comma, \"Quoted\""}],"total":3}"#
        + "\n")
    let one = try bounty.run(["fugitives", "show", "3", "--json=bounty,captured"])
    #expect(one.stdout == #"{"bounty":"250.50","captured":false}"# + "\n")
    // Plain --json keeps its meaning, even before the command words.
    let whole = try bounty.run(["--json", "fugitives", "show", "3"])
    #expect(try JSONParser.parse(whole.stdout)["name"] == "Ann Lee")
  }

  @Test func anUnknownFieldIsAUsageErrorListingTheFields() throws {
    let outcome = try bounty.run(["fugitives", "list", "--json", "id,nmae"])
    #expect(outcome.status == 64)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("unknown field 'nmae'; did you mean 'name'?"))
    #expect(outcome.stderr.contains("the fields are: id, name, bounty, description"))
  }

  @Test func listFormatIsTheTerminalsOnly() throws {
    let reply = try bounty.rpc([
      #"{"jsonrpc":"2.0","method":"fugitives.list","params":{"format":"tsv"},"id":1}"#
    ])
    #expect(reply.first?.contains("-32602") == true)
    let bad = try bounty.run(["fugitives", "list", "--format", "xml"])
    #expect(bad.status == 64)
  }

  @Test func databaseFactsAreLabelledWithUnits() throws {
    let info = try bounty.run(["db", "info"])
    #expect(info.status == 0)
    #expect(info.stdout.contains("Schema version  "))
    #expect(info.stdout.contains("Fugitives       3\n"))
    #expect(
      info.stdout.range(of: #"Size +[0-9]+\.[0-9] KiB\n"#, options: .regularExpression) != nil)
    #expect(!info.stdout.contains("sizeBytes"))
    let check = try bounty.run(["db", "check"])
    #expect(check.stdout.contains("Healthy            yes\n"))
  }

  @Test(arguments: [
    (Int64(0), "0 bytes"), (1, "1 byte"), (1023, "1023 bytes"), (1024, "1.0 KiB"),
    (1_258_291, "1.2 MiB"), (1_073_741_824, "1.0 GiB"),
  ])
  func byteSizesReadAsBinaryUnits(bytes: Int64, expected: String) {
    #expect(ResultRenderer.byteSize(bytes) == expected)
  }
}

/// Several ID#s on the command line.
@Suite(.onTestThreads) struct SeveralAtOnceTests {
  @Test func captureReleaseAndDeleteTakeSeveralIDs() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    for id in 1...3 {
      try bounty.run(["fugitives", "add", "--id", "\(id)", "--name", "F\(id)", "--bounty", "10"])
    }
    let captured = try bounty.run(["capture", "1", "2", "3", "--at", "yesterday"])
    #expect(captured.status == 0, "\(captured.stderr)")
    #expect(
      captured.stdout
        == "Captured 3 fugitives: 1 (F1), 2 (F2), 3 (F3); they are now in the Captured tab.\n")
    let released = try bounty.run(["release", "2"])
    #expect(released.stdout == "Released fugitive 2 (F2); it is back in the Fugitives tab.\n")
    let unasked = try bounty.run(["fugitives", "delete", "1", "3"])
    #expect(unasked.status == 64)
    #expect(
      unasked.stderr.contains("Delete 2 fugitives: 1 (F1), 3 (F3) and their notes and photos?"))
    let deleted = try bounty.run(["fugitives", "delete", "1", "3", "--yes"])
    #expect(deleted.stdout.hasPrefix("Deleted 2 fugitives: 1 (F1), 3 (F3) with their notes"))
    let list = try bounty.run(["fugitives", "list", "--all", "--format", "tsv", "--json", "id"])
    #expect(list.stdout == "2\n")
  }
}

/// Dates in words are read in the local zone TZ names (POSIX zone strings: no tzdata needed).
@Suite(.onTestThreads) struct LocalDateWordsTests {
  @Test(arguments: [
    ("UTC", "2026-11-30T00:00:00Z"), ("NZT-13", "2026-11-29T11:00:00Z"),
    ("HST10", "2026-11-30T10:00:00Z"),
  ])
  func todayStartsAtLocalMidnight(zone: String, expected: String) throws {
    let folder = try TemporaryFolder()
    var bounty = BinaryRunner(database: folder.file("db.sqlite"))
    bounty.environment["TZ"] = zone
    try bounty.run(["fugitives", "add", "--id", "1", "--name", "Ann", "--bounty", "1"])
    let outcome = try bounty.run(["--json", "capture", "1", "--at", "today"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains(#""capturedAt":"\#(expected)""#), "\(outcome.stdout)")
  }
}

/// A form's refusal message is wrapped to the form's width, never cut.
@Suite(.onTestThreads) struct WrappedLinesTests {
  @Test func wrapsBetweenWordsAndCutsOnlyAWordLongerThanALine() {
    #expect(
      wrappedLines("its bounty was changed since", toWidth: 12) == [
        "its bounty", "was changed", "since",
      ])
    #expect(wrappedLines("abcdefghij xy", toWidth: 4) == ["abcd", "efgh", "ij", "xy"])
    #expect(wrappedLines("王伟 王伟", toWidth: 4) == ["王伟", "王伟"])
    #expect(wrappedLines("", toWidth: 10).isEmpty)
  }
}
