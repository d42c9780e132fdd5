import BountyApp
import BountyCore
import BountyStore
import BountyTestSupport
import Foundation
import Testing

/// The dossier's case file: what `--redact` leaves out, field by field in every format, and the
/// map's pins where their coordinates say.
@Suite(.onTestThreads) struct DossierCaseFileTests {
  /// A captured fugitive with everything a redaction touches, and the dossier of it in `format`.
  static func dossier(_ format: String, redact: Bool, on engine: TestEngine) throws -> String {
    let app = try TestApp(engine: engine)
    try app.add("Ann Lee", id: 7)
    try app.call("fugitives.describe", ["id": 7, "dob": "1984-03-02", "eyes": "grey"])
    try app.call(
      "fugitives.bond", ["id": 7, "amount": "50000", "court": "Clark County", "case": "C-9"])
    try app.call("aliases.add", ["id": 7, "name": "Annie Fox"])
    try app.call("notes.add", ["id": 7, "text": "Informant Joe at the docks"])
    try app.call("expenses.add", ["id": 7, "amount": "123.45", "memo": "Motel Ritzy"])
    try app.call(
      "fugitives.seen",
      ["id": 7, "lat": .number("36.16994"), "lon": .number("-115.13983"), "description": "Fremont"])
    try app.call(
      "fugitives.capture", ["id": 7, "lat": .number("29.95107"), "lon": .number("-90.07153")])
    let result = try app.call(
      "dossier.generate", ["id": 7, "format": .string(format), "redact": .bool(redact)])
    return result["content"]?.stringValue ?? ""
  }

  /// Text only the full dossier shows.
  static let unredacted = [
    "1984-03-02", "36.170", "-115.140", "29.951", "-90.072", "Informant Joe", "Motel Ritzy",
    "123.45", "Fremont",
  ]
  /// The positions as typed: no dossier prints more than 3 decimals.
  static let neverShown = ["36.16994", "-115.13983", "29.95107", "-90.07153"]
  /// Text both show: the redaction keeps who they are and the bond (not where they were seen in
  /// words: "Fremont" is the sighting's description).
  static let kept = ["Ann Lee", "Annie Fox", "grey", "50,000.00", "Clark County", "C-9"]

  /// One day is "1 day", ahead or overdue, as in the list and the report.
  @Test(arguments: [
    ("2026-12-01", "(1 day left)"), ("2026-11-29", "(OVERDUE 1 day)"),
    ("2026-12-05", "(5 days left)"),
  ])
  func aForfeitureDayAwayIsOneDay(date: String, shown: String) throws {
    let app = try TestApp()
    try app.add("Ann Lee", id: 7)
    try app.call("fugitives.bond", ["id": 7, "forfeiture": .string(date)])
    let dossier = try app.call("dossier.generate", ["id": 7, "format": "text"])
    #expect(dossier["content"]?.stringValue?.contains("\(date) \(shown)") == true)
  }

  @Test(arguments: ["text", "markdown", "html"], TestEngine.allCases)
  func theFullDossierShowsEveryField(format: String, engine: TestEngine) throws {
    let page = try Self.dossier(format, redact: false, on: engine)
    for text in Self.unredacted + Self.kept { #expect(page.contains(text), "\(format): \(text)") }
    for text in Self.neverShown { #expect(!page.contains(text), "\(format) shows \(text)") }
    #expect(!page.contains("REDACTED"))
  }

  @Test(arguments: ["text", "markdown", "html"], TestEngine.allCases)
  func aRedactedDossierLeavesOutWhatItPromises(format: String, engine: TestEngine) throws {
    let page = try Self.dossier(format, redact: true, on: engine)
    #expect(page.contains("REDACTED"))
    for text in Self.unredacted + Self.neverShown {
      #expect(!page.contains(text), "\(format) shows \(text)")
    }
    for text in Self.kept { #expect(page.contains(text), "\(format) lost \(text)") }
    // The year of birth stays; positions keep one decimal.
    #expect(page.contains("1984"))
    #expect(page.contains("36.2, -115.1"))
    #expect(page.contains("30.0, -90.1"))
    #expect(!page.contains("Case notes") && !page.contains("CASE NOTES"))
    for heading in ["EXPENSES", "## Expenses", "<h2>Expenses"] { #expect(!page.contains(heading)) }
  }

  @Test(arguments: ["text", "markdown"], TestEngine.allCases)
  func textAndMarkdownLinkEachPointToOpenStreetMap(format: String, engine: TestEngine) throws {
    let full = try Self.dossier(format, redact: false, on: engine)
    #expect(
      full.contains("https://www.openstreetmap.org/?mlat=29.951&mlon=-90.072#map=12/29.951/-90.072")
    )
    #expect(
      full.contains(
        "https://www.openstreetmap.org/?mlat=36.170&mlon=-115.140#map=12/36.170/-115.140"))
    let redacted = try Self.dossier(format, redact: true, on: engine)
    #expect(
      redacted.contains("https://www.openstreetmap.org/?mlat=30.0&mlon=-90.1#map=9/30.0/-90.1"))
  }

  /// Nonzero winding of the rings of `path` (M x y x y … Z) around (x, y): inside the land.
  static func onLand(_ path: String, x: Double, y: Double) -> Bool {
    var winding = 0
    for ring in path.split(separator: "M") {
      let numbers = ring.replacing("Z", with: "").split(separator: " ").compactMap { Double($0) }
      let points = stride(from: 0, to: numbers.count - 1, by: 2).map {
        (numbers[$0], numbers[$0 + 1])
      }
      for (index, a) in points.enumerated() {
        let b = points[(index + 1) % points.count]
        let side = (b.0 - a.0) * (y - a.1) - (x - a.0) * (b.1 - a.1)
        if a.1 <= y && b.1 > y && side > 0 { winding += 1 }
        if a.1 > y && b.1 <= y && side < 0 { winding -= 1 }
      }
    }
    return winding != 0
  }

  /// The capture of a fugitive at `lat`, `lon`: the tip of the pin in the HTML dossier's map.
  static func pin(lat: String, lon: String, on engine: TestEngine) throws -> (
    x: String, y: String, svg: String
  ) {
    let app = try TestApp(engine: engine)
    try app.add("Ann Lee", id: 7)
    try app.call("fugitives.capture", ["id": 7, "lat": .number(lat), "lon": .number(lon)])
    let page =
      try app.call("dossier.generate", ["id": 7, "format": "html"])["content"]?.stringValue ?? ""
    guard let tip = page.firstMatch(of: /<g class="pin"[^>]*translate\(([-0-9.]+) ([-0-9.]+)\)/)
    else { return ("", "", page) }
    return (String(tip.1), String(tip.2), page)
  }

  /// Paris and Sydney land where the dossier's regional projection puts them (x = lon,
  /// y = −lat / cos(lat)), and that spot is land on the shipped world outline; the open Atlantic
  /// is not.
  @Test(arguments: TestEngine.allCases)
  func thePinOfAKnownCityIsWhereItsCoordinatesSay(engine: TestEngine) throws {
    let paris = try Self.pin(lat: "48.8566", lon: "2.3522", on: engine)
    #expect(paris.x == "2.3522" && paris.y == "-74.2563")
    let sydney = try Self.pin(lat: "-33.8688", lon: "151.2093", on: engine)
    #expect(sydney.x == "151.2093" && sydney.y == "40.7903")
    #expect(paris.svg.contains("<svg class=\"map region\""))
    #expect(!paris.svg.contains("src=\"http") && !paris.svg.contains("href=\"http"))
    let file = try String(
      contentsOf: GeneratedFile.root.appending(path: "share/map/world-110m.svg"), encoding: .utf8)
    let start = try #require(file.firstRange(of: " d=\""))
    let land = String(file[start.upperBound...].prefix { $0 != "\"" })
    #expect(Self.onLand(land, x: 182.3522, y: 41.1434))  // Paris
    #expect(Self.onLand(land, x: 331.2093, y: 123.8688))  // Sydney
    #expect(Self.onLand(land, x: 180 - 90.0715, y: 90 - 29.9511))  // New Orleans
    #expect(!Self.onLand(land, x: 180 - 40, y: 90 - 30))  // the Atlantic
    #expect(!Self.onLand(land, x: 180 - 150, y: 90))  // the Pacific on the equator
  }

  /// The HTML report pins the period's capture places and the last sightings of those at large,
  /// each where its coordinates say.
  @Test(arguments: TestEngine.allCases)
  func theReportMapPinsCapturesAndLastSightings(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.add("Caught in Paris", id: 1)
    try app.add("Seen in Sydney", id: 2)
    try app.add("Nowhere known", id: 3)
    try app.call(
      "fugitives.capture", ["id": 1, "lat": .number("48.8566"), "lon": .number("2.3522")])
    try app.call(
      "fugitives.seen", ["id": 2, "lat": .number("-33.8688"), "lon": .number("151.2093")])
    let page =
      try app.call("report.generate", ["format": "html"])["content"]?.stringValue ?? ""
    #expect(page.contains("<h2>Where captured and last seen</h2>"))
    let pins = page.split(separator: "<circle class=\"pin\"").dropFirst().map {
      String($0.prefix { $0 != ">" })
    }
    #expect(
      pins == [
        ##" data-kind="Last seen" cx="331.2" cy="123.9" r="2.2" fill="#c0392b" stroke="#fff" stroke-width="0.6""##,
        ##" data-kind="Captured" cx="182.4" cy="41.1" r="2.2" fill="#1b7f3b" stroke="#fff" stroke-width="0.6""##,
      ])
    // Text formats have no map.
    let text = try app.call("report.generate", ["format": "text"])["content"]?.stringValue ?? ""
    #expect(!text.contains("<svg"))
  }
}
