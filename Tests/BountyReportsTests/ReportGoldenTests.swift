import BountyApp
import BountyCore
import BountyStore
import BountyTestSupport
import Foundation
import Testing

/// Every report and dossier format on one fixed roster, compared with the files in Golden/
/// (`scripts/update-generated` rewrites them; review the diff before committing).
@Suite(.onTestThreads) struct ReportGoldenTests {
  static let png: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
  ]

  /// A roster with captures in three months, ties, Unicode, and names meant to break HTML and CSV.
  static func roster(on engine: TestEngine) throws -> TestApp {
    let app = try TestApp(engine: engine, now: "2026-11-30T10:00:00Z")
    try app.call("settings.set", ["key": "hunter.name", "value": "Dana Reyes"])
    try app.call("settings.set", ["key": "agency.name", "value": "Reno <Bail> & Bonds"])
    try app.call("settings.set", ["key": "commission.rate", "value": "12.5"])
    let rows: [(Int64, String, String, String?)] = [
      (6012, "Jolene Pruitt ", "1300", "2026-09-14T08:00:00Z"),
      (7305, "<script>alert(\"x\")</script> & Co", "96000", nil),
      (8120, "=HYPERLINK(\"http://evil.example\",\"click\")", "250.05", "2026-10-01T00:00:00Z"),
      (9044, "@SUM(A1:A9)", "12500.5", nil),
      (10331, "Comma, \"Quoted\" Name", "0.05", "2026-10-31T23:59:59Z"),
      (11207, "王伟", "7500", "2026-11-02T16:45:00Z"),
      (12990, "-2+3 | pipe", "20000", nil),
      (13456, "Zoë Lindqvist", "33333.33", "2026-11-02T16:45:00Z"),
    ]
    for (id, name, bounty, captured) in rows {
      try app.call(
        "fugitives.add",
        [
          "id": .int(id), "name": .string(name), "bounty": .string(bounty),
          "description": "Parole violator",
        ])
      if let captured {
        try app.call(
          "fugitives.capture",
          [
            "id": .int(id), "at": .string(captured), "lat": .number("36.17"),
            "lon": .number("-115.14"),
          ])
      }
    }
    try app.call(
      "fugitives.seen",
      [
        "id": 9044, "lat": .number("40.7128"), "lon": .number("-74.006"),
        "description": "Penn <Station>", "at": "2026-11-20T18:00:00Z",
      ])
    try app.call("notes.add", ["id": 9044, "text": "Drives a green pickup; <b>armed</b>"])
    try app.call("notes.add", ["id": 9044, "text": "Sister lives in Elko"])
    try app.call("fugitives.photo", ["id": 6012, "image": .string(Base64.encode(png))])
    return app
  }

  @Test(arguments: ["text", "markdown", "csv", "json", "html"], TestEngine.allCases)
  func reportMatchesItsGoldenFile(format: String, engine: TestEngine) throws {
    let app = try Self.roster(on: engine)
    let result = try app.call("report.generate", ["format": .string(format)])
    let content =
      format == "json" ? result.serialized + "\n" : (result["content"]?.stringValue ?? "")
    let ending =
      ["text": "txt", "markdown": "md", "csv": "csv", "json": "json", "html": "html"][format]
      ?? format
    #expect(
      GeneratedFile.staleness("Tests/BountyReportsTests/Golden/report.\(ending)", content)
        == nil,
      "stale: run scripts/update-generated")
  }

  @Test(
    arguments: [
      ("text", "txt", Int64(9044)), ("markdown", "md", 9044), ("html", "html", 9044),
      ("html", "photo.html", 6012),
    ], TestEngine.allCases)
  func dossierMatchesItsGoldenFile(example: (String, String, Int64), engine: TestEngine) throws {
    let (format, ending, id) = example
    let app = try Self.roster(on: engine)
    let result = try app.call("dossier.generate", ["id": .int(id), "format": .string(format)])
    #expect(
      GeneratedFile.staleness(
        "Tests/BountyReportsTests/Golden/dossier.\(ending)", result["content"]?.stringValue ?? "")
        == nil,
      "stale: run scripts/update-generated")
  }

  @Test(arguments: TestEngine.allCases)
  func htmlEscapesEverythingAndFetchesNothing(engine: TestEngine) throws {
    let app = try Self.roster(on: engine)
    let html = try app.call("report.generate", ["format": "html"])["content"]?.stringValue ?? ""
    #expect(!html.contains("<script>"))
    #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co"))
    #expect(html.contains("Reno &lt;Bail&gt; &amp; Bonds"))
    #expect(!html.contains("src=\"http") && !html.contains("href=") && !html.contains("@import"))
    #expect(html.contains("<svg") && html.contains("<rect"))
    let dossier =
      try app.call("dossier.generate", ["id": 9044, "format": "html"])["content"]?.stringValue ?? ""
    #expect(!dossier.contains("<b>armed</b>") && dossier.contains("&lt;b&gt;armed&lt;/b&gt;"))
    #expect(dossier.contains("<svg") && dossier.contains("No photo"))
    let withPhoto =
      try app.call("dossier.generate", ["id": 6012, "format": "html"])["content"]?.stringValue ?? ""
    #expect(withPhoto.contains("src=\"data:image/png;base64,\(Base64.encode(Self.png))\""))
  }

  @Test(arguments: TestEngine.allCases)
  func csvNeutralisesFormulasAndQuotes(engine: TestEngine) throws {
    let app = try Self.roster(on: engine)
    let csv = try app.call("report.generate", ["format": "csv"])["content"]?.stringValue ?? ""
    #expect(csv.contains(#""'=HYPERLINK(""http://evil.example"",""click"")""#))
    #expect(csv.contains("'@SUM(A1:A9)"))
    #expect(csv.contains("'-2+3 | pipe"))
    #expect(csv.contains(#""Comma, ""Quoted"" Name""#))
    #expect(csv.hasSuffix("\r\n"))
  }

  @Test(arguments: TestEngine.allCases)
  func periodBoundsAreInclusive(engine: TestEngine) throws {
    let app = try Self.roster(on: engine)
    func captured(_ from: String, _ to: String) throws -> [String] {
      let report = try app.call(
        "report.generate", ["format": "json", "from": .string(from), "to": .string(to)])
      return (report["lines"]?.arrayValue ?? []).compactMap { $0["capturedAt"]?.stringValue }
    }
    #expect(
      try captured("2026-10-01", "2026-10-31") == ["2026-10-01T00:00:00Z", "2026-10-31T23:59:59Z"])
    #expect(try captured("2026-10-01T00:00:01Z", "2026-10-31T23:59:58Z") == [])
    #expect(try captured("2026-11-02T16:45:00Z", "2026-11-02T16:45:00Z").count == 2)
    if case .invalid(let field, _)? = app.error(
      "report.generate", ["from": "2026-12-01", "to": "2026-11-01"])
    {
      #expect(field == "to")
    } else {
      Issue.record("a backwards period was accepted")
    }
  }
}
