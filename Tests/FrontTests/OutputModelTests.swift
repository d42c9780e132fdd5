import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// One output model, through the real binary: `--json`, `--format json` and `--json FIELD,…` print
/// one shape; `--format` and a bare `--json` do not mix; every CSV for people is RFC 4180 with
/// formulas guarded, and the export round-trips exactly; `--output` takes its format from the
/// file's name and refuses an existing file unless `--force`.
@Suite(.onTestThreads) struct OutputModelTests {
  static let formulas = [
    #"=HYPERLINK("http://evil.example","Click")"#, "+1 555 0100", "-2+3", "@SUM(A1:A9)",
  ]
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
    for (index, name) in Self.formulas.enumerated() {
      try bounty.run([
        "fugitives", "add", "--id", "\(index + 1)", "--name", name, "--bounty", "10",
        "--description", "=1+1",
      ])
    }
  }

  func parsed(_ outcome: BinaryRunner.Outcome) throws -> JSON {
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return try JSONParser.parse(outcome.stdout.trimmingASCIIWhitespace())
  }

  @Test func jsonFormatJsonAndFieldsPrintOneShape() throws {
    let list = ["fugitives", "list", "--sort", "id", "--limit", "3"]
    let json = try parsed(bounty.run(["--json"] + list))
    let format = try parsed(bounty.run(list + ["--format", "json"]))
    let fields = try parsed(bounty.run(list + ["--json", "id,name"]))
    let both = try parsed(bounty.run(list + ["--format", "json", "--json", "id,name"]))
    #expect(json == format)
    #expect(json.objectValue?.members.map(\.key) == ["items", "total"])
    #expect(fields.objectValue?.members.map(\.key) == ["items", "total"])
    let every = try bounty.run(["fugitives", "list", "--format", "ndjson"]).stdout
    #expect(fields["total"] == json["total"])
    #expect(fields["total"] == .int(every.split(separator: "\n").count))
    #expect(
      fields["items"]?.arrayValue
        == json["items"]?.arrayValue?.map { item in
          .object(["id": item["id"] ?? .null, "name": item["name"] ?? .null])
        })
    #expect(both == fields)
    // A page that holds every match says nothing more.
    #expect(try bounty.run(["--json", "fugitives", "list"]).stderr.isEmpty)
  }

  @Test(arguments: [
    ["--json", "fugitives", "list", "--format", "csv"],
    ["fugitives", "list", "--format", "json", "--json"],
    ["captured", "list", "--json", "--format", "ndjson"],
    ["fugitives", "list", "--format", "table", "--json", "id"],
    ["fugitives", "list", "--header"], ["fugitives", "list", "--format", "json", "--header"],
  ])
  func formatAndABareJsonAreAUsageError(arguments: [String]) throws {
    let outcome = try bounty.run(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.stdout.isEmpty)
    #expect(
      outcome.stderr.hasPrefix("Error: --") && outcome.stderr.split(separator: "\n").count == 1)
  }

  /// Every line of `text` ends with CRLF, and no line feed stands alone.
  func endsEveryLineWithCRLF(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return !bytes.isEmpty && bytes.last == 0x0A
      && bytes.indices.allSatisfy { bytes[$0] != 0x0A || ($0 > 0 && bytes[$0 - 1] == 0x0D) }
  }

  @Test func everyCSVForPeopleIsRFC4180WithFormulasGuarded() throws {
    let list = try bounty.run(["fugitives", "list", "--format", "csv", "--sort", "id"])
    let report = try bounty.run(["report", "--format", "csv"])
    let settings = try bounty.run(["settings", "list", "--format", "csv"])
    let listed = folder.file("listed.csv")
    try bounty.run(["report", "--format", "csv", "--output", listed])
    let reportFile = String(decoding: TemporaryFolder.bytes(listed) ?? [], as: UTF8.self)
    for (name, csv) in [
      ("list", list.stdout), ("report", report.stdout), ("settings", settings.stdout),
      ("report --output", reportFile),
    ] {
      #expect(endsEveryLineWithCRLF(csv), "\(name)")
    }
    for text in [list.stdout, report.stdout] {
      for formula in Self.formulas {
        let quoted = formula.contains(",") || formula.contains("\"")
        let field =
          quoted
          ? "\"'" + formula.replacingOccurrences(of: "\"", with: "\"\"") + "\""
          : "'" + formula
        #expect(text.contains("," + field + ","), "\(formula)")
      }
    }
    // Text is guarded, never numbers: the list's description too, the bounty stays a number.
    #expect(list.stdout.contains(",'=1+1,"))
    #expect(list.stdout.components(separatedBy: "\r\n")[1].hasPrefix("1,\"'=HYPERLINK("))
    #expect(list.stdout.contains(",10.00,"))
  }

  @Test func theExportIsNotGuardedAndRoundTripsExactly() throws {
    for format in ["csv", "json"] {
      let exported = try bounty.run(["export", "--format", format])
      #expect(exported.status == 0)
      #expect(exported.stdout.contains("=HYPERLINK(") && !exported.stdout.contains("'=HYPERLINK"))
      let file = folder.file("roster.\(format)")
      try exported.stdout.write(toFile: file, atomically: false, encoding: .utf8)
      let copy = BinaryRunner(database: folder.file("copy-\(format).sqlite"))
      #expect(try copy.run(["import", file]).status == 0)
      #expect(try copy.run(["export", "--format", format]).stdout == exported.stdout)
    }
  }

  @Test func tsvHasAHeaderLineOnlyWhenAsked() throws {
    let list = ["fugitives", "list", "--format", "tsv", "--sort", "id", "--json", "id,name"]
    let plain = try bounty.run(list)
    #expect(plain.stdout.hasPrefix("1\t=HYPERLINK("))
    let headed = try bounty.run(list + ["--header"])
    #expect(headed.stdout == "id\tname\n" + plain.stdout)
    let columns = try bounty.run(["fugitives", "list", "--format", "tsv", "--header"])
    #expect(columns.stdout.hasPrefix("id\tname\tbounty\tdescription\tcaptured\t"))
  }

  @Test func outputTakesItsFormatFromTheFileName() throws {
    let expectations: [([String], String, (String) -> Bool)] = [
      (["report"], "r.html", { $0.hasPrefix("<!DOCTYPE html>") }),
      (["report"], "r.HTM", { $0.hasPrefix("<!DOCTYPE html>") }),
      (["report"], "r.md", { $0.hasPrefix("# Bounty report") }),
      (["report"], "r.csv", { $0.hasPrefix("section,capturedAt,") }),
      (["report"], "r.json", { (try? JSONParser.parse($0))?["outstanding"] != nil }),
      (["report"], "r.txt", { $0.hasPrefix("BOUNTY REPORT") }),
      (["report"], "r.pdf", { $0.hasPrefix("BOUNTY REPORT") }),
      (["report", "--format", "text"], "plain.html", { $0.hasPrefix("BOUNTY REPORT") }),
      (["dossier", "48445"], "d.html", { $0.hasPrefix("<!DOCTYPE html>") }),
      (["dossier", "48445"], "d.markdown", { $0.hasPrefix("# ") }),
      (["export"], "e.csv", { $0.hasPrefix("id,name,bounty,") }),
    ]
    for (command, name, check) in expectations {
      let path = folder.file(name)
      let outcome = try bounty.run(command + ["--output", path])
      #expect(outcome.status == 0, "\(name): \(outcome.stderr)")
      let text = String(decoding: TemporaryFolder.bytes(path) ?? [], as: UTF8.self)
      #expect(check(text), "\(command) \(name): \(text.prefix(80))")
    }
  }

  @Test func everyOutputRefusesAnExistingFileUnlessForced() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    let image = folder.file("face.png")
    _ = FileManager.default.createFile(atPath: image, contents: Data(png))
    #expect(try bounty.run(["fugitives", "photo", "48445", image]).status == 0)
    let commands: [([String], String)] = [
      (["report", "--output"], "report.html"), (["dossier", "48445", "--output"], "d.txt"),
      (["export", "--output"], "roster.json"),
      (["fugitives", "photo", "48445", "--export"], "p.png"),
    ]
    for (command, name) in commands {
      let path = folder.file(name)
      _ = FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8))
      let refused = try bounty.run(command + [path])
      #expect(refused.status == 1, "\(command)")
      #expect(refused.stderr == "Error: \(path) already exists; --force replaces it\n")
      #expect(TemporaryFolder.bytes(path) == Array("keep me".utf8))
      let forced = try bounty.run(command + [path, "--force"])
      #expect(forced.status == 0, "\(command): \(forced.stderr)")
      #expect(TemporaryFolder.bytes(path) != Array("keep me".utf8))
    }
    #expect(TemporaryFolder.bytes(folder.file("p.png")) == png)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy {
        !$0.contains(".tmp-")
      })
  }
}
