import BountyCore
import Glibc

/// The dossier's map, as the original's iPad dossier showed it: a regional map centred on the
/// capture point (the last-seen point when there is none), Natural Earth 1:50m land with country
/// and state borders (`RegionMapData`), and a pin per point titled with the fugitive's name and
/// description. Pins closer than a pin's width stand side by side, each with a leader line to its
/// point.
///
/// The view box is in degrees: x = longitude, y = −latitude × s, where s = 1 / cos(the centre's
/// latitude) makes a kilometre east and a kilometre north the same length at the centre; so the
/// view box's width is the map's span in degrees of longitude. It spans 10° of longitude, or more
/// (up to 30°) to show the other point too; a point farther away is named "off this map".
enum RegionMap {
  /// A point to pin: what it marks, the fugitive's name and the description its title shows.
  struct Pin {
    let kind: WorldMap.Kind
    let name: String
    let detail: String
    let point: GeoPoint

    /// `Captured: Name — description`, the pin's title (a tooltip, and what screen readers say).
    var title: String {
      "\(kind.rawValue): \(name)" + (detail.isEmpty ? "" : " — \(detail)")
    }
  }

  /// The map's nominal size in pixels (it scales down with the page).
  static let width = 720.0
  static let height = 360.0
  /// The span in degrees of longitude: at least a region's, at most what stays regional.
  static let smallestSpan = 10.0
  static let largestSpan = 30.0
  /// A pin's head, outline included, in pixels: points closer than this stand side by side.
  static let pinWidth = 14.0

  /// Where the map looks: its centre, span and the latitude stretch `s`.
  struct View {
    let centre: GeoPoint
    let span: Double
    let stretch: Double

    /// View-box units per nominal pixel.
    var unit: Double { span / RegionMap.width }
    var left: Double { centre.lon - span / 2 }
    var top: Double { -centre.lat * stretch - span / 4 }

    func project(_ point: GeoPoint) -> (x: Double, y: Double) {
      (point.lon, -point.lat * stretch)
    }

    /// In pixels from the top left corner.
    func pixels(_ point: GeoPoint) -> (x: Double, y: Double) {
      let (x, y) = project(point)
      return ((x - left) / unit, (y - top) / unit)
    }

    func shows(_ point: GeoPoint) -> Bool {
      let (x, y) = pixels(point)
      return (0...RegionMap.width).contains(x) && (0...RegionMap.height).contains(y)
    }

    /// The area whose shapes are drawn, in hundredths of a degree, a degree larger all round
    /// than the view so that cut edges fall outside it.
    var dataBox: RegionMapData.Box {
      let halfHeight = span / 4 / stretch
      return RegionMapData.Box(
        minX: Int(((centre.lon - span / 2 - 1) * 100).rounded(.down)),
        minY: Int(((centre.lat - halfHeight - 1) * 100).rounded(.down)),
        maxX: Int(((centre.lon + span / 2 + 1) * 100).rounded(.up)),
        maxY: Int(((centre.lat + halfHeight + 1) * 100).rounded(.up)))
    }
  }

  /// The view centred on the first pin, wide enough for the others within `largestSpan`.
  static func view(_ pins: [Pin]) -> View? {
    guard let centre = pins.first?.point else { return nil }
    let stretch = 1 / cos(min(80, abs(centre.lat)) * .pi / 180)
    var span = smallestSpan
    for pin in pins.dropFirst() {
      let across = abs(pin.point.lon - centre.lon)
      let down = abs(pin.point.lat - centre.lat) * stretch
      span = max(span, 2.5 * across, 6 * down)
    }
    return View(centre: centre, span: min(span, largestSpan), stretch: stretch)
  }

  /// The map; "" when there is no point to show.
  static func svg(_ pins: [Pin], title: String) -> String {
    guard let view = view(pins) else { return "" }
    var svg =
      "<svg class=\"map region\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(number(view.left)) \(number(view.top)) \(number(view.span)) \(number(view.span / 2))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">"
    svg += "<title>\(ReportText.html(title))</title>"
    svg +=
      "<rect x=\"\(number(view.left))\" y=\"\(number(view.top))\" width=\"\(number(view.span))\" height=\"\(number(view.span / 2))\" fill=\"#cfe3f2\"/>"
    svg += geography(view)
    let placed = PinLayout.place(pins.filter { view.shows($0.point) }, view: view)
    svg += PinLayout.svg(placed, view: view)
    // The first pin is the centre's, so always shown.
    if let first = placed.first(where: { $0.index == 0 }) { svg += callout(first, view: view) }
    svg += legend(pins, view: view)
    return svg + "</svg>"
  }

  /// Land, country borders and state borders, in hundredths of a degree inside a group that
  /// scales them to the view box; strokes keep their pixel width at any scale.
  static func geography(_ view: View) -> String {
    let box = view.dataBox
    var land = ""
    var borders = ""
    var states = ""
    for shape in RegionMapData.shapes(meeting: box) {
      switch shape.layer {
      case .land:
        let ring = RegionMapClip.ring(shape.points, to: box)
        if !ring.isEmpty { land += pathData(ring, closed: true) }
      case .border:
        for run in RegionMapClip.line(shape.points, to: box) {
          borders += pathData(run, closed: false)
        }
      case .state:
        for run in RegionMapClip.line(shape.points, to: box) {
          states += pathData(run, closed: false)
        }
      }
    }
    let dash = "\(number(4 * view.unit * 100)) \(number(3 * view.unit * 100))"
    var svg = "<g transform=\"scale(0.01 \(number(-0.01 * view.stretch)))\">"
    if !land.isEmpty {
      svg +=
        "<path class=\"land\" d=\"\(land)\" fill=\"#efe9d8\" stroke=\"#8fb0c8\" stroke-width=\"0.8\" vector-effect=\"non-scaling-stroke\"/>"
    }
    if !states.isEmpty {
      svg +=
        "<path class=\"states\" d=\"\(states)\" fill=\"none\" stroke=\"#a39a86\" stroke-width=\"0.8\" stroke-dasharray=\"\(dash)\" vector-effect=\"non-scaling-stroke\"/>"
    }
    if !borders.isEmpty {
      svg +=
        "<path class=\"borders\" d=\"\(borders)\" fill=\"none\" stroke=\"#6f6656\" stroke-width=\"1.2\" vector-effect=\"non-scaling-stroke\"/>"
    }
    return svg + "</g>"
  }

  /// `M x y l dx dy …` in whole hundredths, with `z` closing a ring.
  static func pathData(_ points: [RegionMapData.Point], closed: Bool) -> String {
    guard let first = points.first else { return "" }
    var text = "M\(first.x) \(first.y)l"
    var previous = first
    var empty = true
    for point in points.dropFirst() {
      let (dx, dy) = (point.x - previous.x, point.y - previous.y)
      if dx == 0 && dy == 0 { continue }
      if !empty && dx >= 0 { text += " " }
      text += "\(dx)" + (dy < 0 ? "" : " ") + "\(dy)"
      previous = point
      empty = false
    }
    return empty ? "" : text + (closed ? "z" : "")
  }

  /// The pin's name and description above it, as the original's callout showed them;
  /// white-edged text, so no box needs measuring.
  static func callout(_ placed: PinLayout.Placed, view: View) -> String {
    let pin = placed.pin
    let u = view.unit
    let x = view.left + placed.tip.x * u
    let y = view.top + placed.tip.y * u
    let detail = pin.detail.count > 48 ? String(pin.detail.prefix(47)) + "…" : pin.detail
    let halo =
      "text-anchor=\"middle\" font-family=\"sans-serif\" fill=\"#1d1d1f\" stroke=\"#fff\" stroke-width=\"\(number(3 * u))\" style=\"paint-order:stroke\""
    var svg = "<g class=\"callout\">"
    svg +=
      "<text x=\"\(number(x))\" y=\"\(number(y - (detail.isEmpty ? 44 : 56) * u))\" font-size=\"\(number(14 * u))\" font-weight=\"bold\" \(halo)>\(ReportText.html(pin.name))</text>"
    if !detail.isEmpty {
      svg +=
        "<text x=\"\(number(x))\" y=\"\(number(y - 42 * u))\" font-size=\"\(number(12 * u))\" \(halo)>\(ReportText.html(detail))</text>"
    }
    return svg + "</g>"
  }

  /// What each colour marks, bottom left; a point the map cannot show is named "off this map".
  static func legend(_ pins: [Pin], view: View) -> String {
    let kinds = [WorldMap.Kind.capture, .lastSeen].filter { kind in
      pins.contains { $0.kind == kind }
    }
    var svg =
      "<g class=\"legend\" transform=\"translate(\(number(view.left)) \(number(view.top))) scale(\(number(view.unit)))\">"
    for (index, kind) in kinds.enumerated() {
      let y = Int(height) - 14 - (kinds.count - 1 - index) * 18
      let away = pins.contains { $0.kind == kind && !view.shows($0.point) }
      svg +=
        "<circle cx=\"14\" cy=\"\(y)\" r=\"5\" fill=\"\(kind.color)\" stroke=\"#fff\" stroke-width=\"1.5\"/><text x=\"24\" y=\"\(y + 4)\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#333\" stroke=\"#fff\" stroke-width=\"3\" style=\"paint-order:stroke\">\(kind.rawValue)\(away ? " (off this map)" : "")</text>"
    }
    return svg + "</g>"
  }

  /// `12.3456`: at most 4 decimals, no exponent, no `-0`.
  static func number(_ value: Double) -> String {
    let scaled = (value * 10_000).rounded()
    let magnitude = Int64(abs(scaled))
    var text = "\(magnitude / 10_000)"
    var fraction = String(magnitude % 10_000)
    if fraction != "0" {
      fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return (scaled < 0 ? "-" : "") + text
  }
}
