import BountyCore

/// An inline SVG world map with pins: the land outline of `share/map/world-110m.svg` (Natural Earth
/// 1:110m, public domain; embedded in the binary, nothing fetched) in its equirectangular view box,
/// x = lon + 180, y = 90 − lat.
enum WorldMap {
  /// What a pin marks.
  enum Kind: String {
    case capture = "Captured"
    case lastSeen = "Last seen"

    var color: String { self == .capture ? "#1b7f3b" : "#c0392b" }
  }

  struct Pin {
    let kind: Kind
    let label: String
    let point: GeoPoint
  }

  /// The land outline's path data, read once from the embedded SVG.
  static let landPath: String = {
    guard let file = EmbeddedMap.files.first(where: { $0.name == "world-110m.svg" }),
      let start = file.text.firstRange(of: " d=\"")
    else { return "" }
    let rest = file.text[start.upperBound...]
    return String(rest.prefix { $0 != "\"" })
  }()

  /// The view-box position of `point`.
  static func project(_ point: GeoPoint) -> (x: Double, y: Double) {
    (point.lon + 180, 90 - point.lat)
  }

  /// The map with a pin per point and a legend; "" when there is no point to show.
  static func svg(_ pins: [Pin], title: String) -> String {
    guard !pins.isEmpty else { return "" }
    var svg =
      "<svg class=\"map\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 360 180\" width=\"720\" height=\"360\" role=\"img\">"
    svg += "<title>\(ReportText.html(title))</title>"
    svg += "<rect width=\"360\" height=\"180\" fill=\"#dcebf5\"/>"
    svg += "<path d=\"\(landPath)\" fill=\"#e2d8bd\"/>"
    for pin in pins {
      let (x, y) = project(pin.point)
      svg +=
        "<circle class=\"pin\" data-kind=\"\(pin.kind.rawValue)\" cx=\"\(GeoPoint.oneDecimal(x))\" cy=\"\(GeoPoint.oneDecimal(y))\" r=\"2.2\" fill=\"\(pin.kind.color)\" stroke=\"#fff\" stroke-width=\"0.6\">"
        + "<title>\(pin.kind.rawValue): \(ReportText.html(pin.label))</title></circle>"
    }
    let kinds = [Kind.capture, .lastSeen].filter { kind in pins.contains { $0.kind == kind } }
    for (index, kind) in kinds.enumerated() {
      let y = 170 - index * 8
      svg +=
        "<circle cx=\"6\" cy=\"\(y)\" r=\"2.2\" fill=\"\(kind.color)\"/><text x=\"11\" y=\"\(y + 2)\" style=\"font:6px sans-serif;fill:#333\">\(kind.rawValue)</text>"
    }
    return svg + "</svg>"
  }
}
