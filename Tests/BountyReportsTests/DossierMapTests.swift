import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyReports

/// The dossier's map is the original's: a regional map centred on the capture point (the
/// last-seen point when not captured), Natural Earth 1:50m with country and state borders, pins
/// titled with the name and description, and points closer than a pin drawn side by side.
@Suite(.onTestThreads) struct DossierMapTests {
  /// The numbers of an SVG attribute in `svg` (the first element that has it after `after`).
  static func numbers(_ svg: Substring, _ name: String, after: String = "<svg") -> [Double] {
    guard let start = svg.firstRange(of: after),
      let found = svg[start.upperBound...].firstRange(of: " \(name)=\"")
    else { return [] }
    let value = svg[found.upperBound...].prefix { $0 != "\"" }
    return value.split(whereSeparator: { " (),".contains($0) }).compactMap { Double($0) }
  }

  /// A pin as the map draws it: its kind, its tip (the translate) and its title.
  struct DrawnPin {
    let kind: String
    let x: Double
    let y: Double
    let title: String
  }

  static func pins(_ svg: Substring) -> [DrawnPin] {
    svg.split(separator: "<g class=\"pin\"").dropFirst().map { part in
      let kind = part.firstMatch(of: /data-kind="([^"]*)"/).map { String($0.1) } ?? ""
      let tip = part.firstMatch(of: /translate\(([-0-9.]+) ([-0-9.]+)\)/)
      let title = part.firstMatch(of: /<title>([^<]*)<\/title>/).map { String($0.1) } ?? ""
      return DrawnPin(
        kind: kind, x: tip.flatMap { Double($0.1) } ?? .nan,
        y: tip.flatMap { Double($0.2) } ?? .nan,
        title: title)
    }
  }

  /// The dossier's map of a fugitive captured and/or last seen at the given points.
  static func map(
    capture: (String, String)?, seen: (String, String)? = nil, redact: Bool = false,
    description: String = "Bail jumper"
  ) throws -> Substring {
    let app = try TestApp(engine: .sqlite)
    try app.add("Ann Lee", id: 7)
    try app.call("fugitives.update", ["id": 7, "description": .string(description)])
    if let (lat, lon) = seen {
      try app.call("fugitives.seen", ["id": 7, "lat": .number(lat), "lon": .number(lon)])
    }
    if let (lat, lon) = capture {
      try app.call("fugitives.capture", ["id": 7, "lat": .number(lat), "lon": .number(lon)])
    }
    let page =
      try app.call(
        "dossier.generate", ["id": 7, "format": "html", "redact": .bool(redact)])["content"]?
      .stringValue ?? ""
    let range = try #require(
      page.range(of: "<svg class=\"map.*?</svg>", options: .regularExpression))
    return page[range]
  }

  /// New Orleans, Paris, Sydney, the Arctic and the antimeridian: the view box's centre is the
  /// pin's tip within a pin's width, the pin stands at the point's longitude, and the map spans a
  /// region (at most 30° of longitude).
  @Test(arguments: [
    ("29.95107", "-90.07153"), ("48.8566", "2.3522"), ("-33.8688", "151.2093"),
    ("78.22", "15.65"), ("-17.7134", "178.065"),
  ])
  func theMapIsCentredOnTheCapture(lat: String, lon: String) throws {
    let svg = try Self.map(capture: (lat, lon))
    let box = Self.numbers(svg, "viewBox")
    try #require(box.count == 4)
    let pins = Self.pins(svg)
    try #require(pins.count == 1)
    let pinWidth = RegionMap.pinWidth * box[2] / RegionMap.width
    #expect(abs(box[0] + box[2] / 2 - pins[0].x) <= pinWidth)
    #expect(abs(box[1] + box[3] / 2 - pins[0].y) <= pinWidth)
    #expect(abs(pins[0].x - (Double(lon) ?? 0)) < 0.0001)
    #expect(box[2] <= 30 && box[2] >= 5)
    #expect(pins[0].kind == "Captured")
    #expect(pins[0].title == "Captured: Ann Lee — Bail jumper")
    #expect(svg.contains("<path class=\"land\""), "land under the pin")
  }

  /// Not captured: the map centres on the last-seen point.
  @Test func withoutACaptureTheMapIsCentredOnTheLastSighting() throws {
    let svg = try Self.map(capture: nil, seen: ("36.17", "-115.14"))
    let box = Self.numbers(svg, "viewBox")
    try #require(box.count == 4)
    #expect(abs(box[0] + box[2] / 2 - -115.14) < 0.0001)
    #expect(Self.pins(svg).map(\.kind) == ["Last seen"])
  }

  /// Captured 1 km north of where the fugitive was last seen: two pins at distinct places, a
  /// pin's width apart at least, each with a leader line to its own point; both inside the map.
  @Test func twoPinsOneKilometreApartAreBothVisible() throws {
    let svg = try Self.map(capture: ("36.179", "-115.14"), seen: ("36.17", "-115.14"))
    let box = Self.numbers(svg, "viewBox")
    try #require(box.count == 4)
    let pins = Self.pins(svg)
    try #require(pins.count == 2)
    let pinWidth = RegionMap.pinWidth * box[2] / RegionMap.width
    #expect(Set(pins.map(\.kind)) == ["Captured", "Last seen"])
    #expect(hypot(pins[0].x - pins[1].x, pins[0].y - pins[1].y) >= pinWidth)
    for pin in pins {
      #expect((box[0]...(box[0] + box[2])).contains(pin.x))
      #expect((box[1]...(box[1] + box[3])).contains(pin.y))
    }
    let leaders = svg.matches(
      of: /<line class="leader" x1="([-0-9.]+)" y1="([-0-9.]+)" x2="([-0-9.]+)" y2="([-0-9.]+)"/)
    try #require(leaders.count == 2)
    for (leader, pin) in zip(leaders, pins) {
      #expect(Double(leader.3) == pin.x && Double(leader.4) == pin.y, "the line ends at the pin")
    }
    #expect(Double(leaders[0].2) != Double(leaders[1].2), "each line starts at its own point")
  }

  /// The redacted dossier rounds both points to the same place: both pins still show.
  @Test func aRedactedDossierShowsBothPinsAtOnePlace() throws {
    let svg = try Self.map(
      capture: ("36.1699", "-115.1398"), seen: ("36.17", "-115.14"), redact: true)
    let pins = Self.pins(svg)
    #expect(pins.count == 2)
    #expect(pins.count == 2 && pins[0].x != pins[1].x)
    #expect(svg.matches(of: /class="leader"/).count == 2)
  }

  /// El Paso lies on the US–Mexico border and near the Texas–New Mexico line: the map draws
  /// both; the Sahara has country borders and no state data; the page stays small.
  @Test func bordersComeFromNaturalEarthAtOneToFiftyMillion() throws {
    let elPaso = try Self.map(capture: ("31.76", "-106.49"))
    #expect(elPaso.contains("<path class=\"borders\""))
    #expect(elPaso.contains("<path class=\"states\""))
    #expect(elPaso.utf8.count < 60_000, "clipped to the region: \(elPaso.utf8.count) bytes")
    let sahara = try Self.map(capture: ("24", "8"))
    #expect(sahara.contains("<path class=\"borders\""))
    #expect(!sahara.contains("<path class=\"states\""))
    // The open Atlantic: no land within the view.
    let ocean = try Self.map(capture: ("30", "-45"))
    #expect(!ocean.contains("<path class=\"land\""))
  }

  /// The data behind it: hundredths of a degree, read back from the embedded file.
  @Test func theEmbeddedDataReadsBack() {
    let here = RegionMapData.Box(minX: -9100, minY: 2900, maxX: -8900, maxY: 3100)
    let shapes = RegionMapData.shapes(meeting: here)
    #expect(shapes.contains { $0.layer == .land })
    #expect(shapes.contains { $0.layer == .state }, "Louisiana and Mississippi")
    #expect(shapes.allSatisfy { $0.points.count >= 2 })
    let count = RegionMapData.shapes(
      meeting: RegionMapData.Box(minX: -18000, minY: -9000, maxX: 18000, maxY: 9000)
    ).count
    let records = RegionMapData.text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count
    #expect(count == records, "every record parses")
  }

  /// A far last sighting is named off the map rather than stretching it past a region.
  @Test func aFarPointIsOffThisMap() throws {
    let svg = try Self.map(capture: ("29.95", "-90.07"), seen: ("47.6", "-122.3"))
    #expect(Self.numbers(svg, "viewBox")[2] <= 30)
    #expect(Self.pins(svg).count == 1)
    #expect(svg.contains("Last seen (off this map)"))
  }

  /// The report's overview map stays the world.
  @Test func theReportMapIsTheWorld() throws {
    let app = try TestApp(engine: .sqlite)
    try app.add("Ann Lee", id: 7)
    try app.call("fugitives.capture", ["id": 7, "lat": .number("29.95"), "lon": .number("-90.07")])
    let page = try app.call("report.generate", ["format": "html"])["content"]?.stringValue ?? ""
    #expect(
      page.contains(
        "<svg class=\"map\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 360 180\""))
  }
}
