import Glibc

/// Where the regional map's pins stand: at their point, or, for points closer together than a
/// pin's width (a capture where the fugitive was last seen, a redacted dossier's rounded
/// positions), side by side above the group with a leader line from each pin's tip to its point.
enum PinLayout {
  /// A pin's tip and the point it marks, in pixels from the map's top left corner.
  struct Placed {
    /// The pin's place in the list given to `place`.
    let index: Int
    let pin: RegionMap.Pin
    let tip: (x: Double, y: Double)
    let point: (x: Double, y: Double)
    var moved: Bool { tip != point }
  }

  /// The gap between pins standing side by side, and how far above their points they stand.
  static let spacing = RegionMap.pinWidth + 4
  static let lift = 18.0

  /// The pins grouped (any two closer than a pin's width are in one group) and placed.
  static func place(_ pins: [RegionMap.Pin], view: RegionMap.View) -> [Placed] {
    let points = pins.map { view.pixels($0.point) }
    var group = Array(pins.indices)
    func root(_ index: Int) -> Int {
      var index = index
      while group[index] != index { index = group[index] }
      return index
    }
    for a in pins.indices {
      for b in pins.indices where b > a {
        let distance = hypot(points[a].x - points[b].x, points[a].y - points[b].y)
        if distance < RegionMap.pinWidth { group[root(b)] = root(a) }
      }
    }
    var placed: [Placed] = []
    for leader in pins.indices where root(leader) == leader {
      let members = pins.indices.filter { root($0) == leader }
      guard members.count > 1 else {
        placed.append(
          Placed(index: leader, pin: pins[leader], tip: points[leader], point: points[leader]))
        continue
      }
      let middle = members.map { points[$0].x }.reduce(0, +) / Double(members.count)
      let top = members.map { points[$0].y }.min() ?? 0
      for (order, member) in members.enumerated() {
        let offset = (Double(order) - Double(members.count - 1) / 2) * spacing
        placed.append(
          Placed(
            index: member, pin: pins[member], tip: (middle + offset, top - lift),
            point: points[member]))
      }
    }
    return placed
  }

  /// The pins as SVG in the map's view box: leader lines and their points first, then each pin
  /// (a needle and a round head in its kind's colour) with its title.
  static func svg(_ placed: [Placed], view: RegionMap.View) -> String {
    let u = view.unit
    func box(_ p: (x: Double, y: Double)) -> (String, String) {
      (RegionMap.number(view.left + p.x * u), RegionMap.number(view.top + p.y * u))
    }
    var svg = ""
    for item in placed where item.moved {
      let (x1, y1) = box(item.point)
      let (x2, y2) = box(item.tip)
      svg +=
        "<line class=\"leader\" x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"#333\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"/>"
        + "<circle class=\"spot\" cx=\"\(x1)\" cy=\"\(y1)\" r=\"\(RegionMap.number(2.5 * u))\" fill=\"#333\"/>"
    }
    for item in placed {
      let (x, y) = box(item.tip)
      svg +=
        "<g class=\"pin\" data-kind=\"\(item.pin.kind.rawValue)\" transform=\"translate(\(x) \(y)) scale(\(RegionMap.number(u)))\">"
        + "<title>\(ReportText.html(item.pin.title))</title>"
        + "<path d=\"M0 0V-16\" stroke=\"#555\" stroke-width=\"2\"/>"
        + "<circle cy=\"-21\" r=\"6\" fill=\"\(item.pin.kind.color)\" stroke=\"#fff\" stroke-width=\"1.5\"/></g>"
    }
    return svg
  }
}
