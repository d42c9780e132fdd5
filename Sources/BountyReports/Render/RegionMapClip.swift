/// Cuts the regional map's shapes to the part a view shows (with a margin), so a dossier carries a
/// few kilobytes of coastline rather than a whole continent's.
enum RegionMapClip {
  typealias Point = RegionMapData.Point

  /// A closed ring cut to `box` (Sutherland–Hodgman): still one closed ring, whose new edges run
  /// along the box, outside the view when the box is larger than the view.
  static func ring(_ points: [Point], to box: RegionMapData.Box) -> [Point] {
    var ring = points
    let edges: [(inside: (Point) -> Bool, cut: (Point, Point) -> Point)] = [
      ({ $0.x >= box.minX }, { cross(x: box.minX, $0, $1) }),
      ({ $0.x <= box.maxX }, { cross(x: box.maxX, $0, $1) }),
      ({ $0.y >= box.minY }, { cross(y: box.minY, $0, $1) }),
      ({ $0.y <= box.maxY }, { cross(y: box.maxY, $0, $1) }),
    ]
    for edge in edges {
      guard let last = ring.last else { return [] }
      var kept: [Point] = []
      var previous = last
      for point in ring {
        switch (edge.inside(point), edge.inside(previous)) {
        case (true, true): kept.append(point)
        case (true, false): kept += [edge.cut(previous, point), point]
        case (false, true): kept.append(edge.cut(previous, point))
        case (false, false): break
        }
        previous = point
      }
      ring = kept
    }
    return ring.count >= 3 ? ring : []
  }

  /// A line cut to `box`: the runs of its segments that may cross the box (a segment's own
  /// bounding box meets it), ends and all; the SVG's view box cuts the rest.
  static func line(_ points: [Point], to box: RegionMapData.Box) -> [[Point]] {
    var runs: [[Point]] = []
    var run: [Point] = []
    for (a, b) in zip(points, points.dropFirst()) {
      let segment = RegionMapData.Box(
        minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
      if segment.meets(box) {
        if run.isEmpty { run.append(a) }
        run.append(b)
      } else if !run.isEmpty {
        runs.append(run)
        run = []
      }
    }
    if !run.isEmpty { runs.append(run) }
    return runs
  }

  private static func cross(x: Int, _ a: Point, _ b: Point) -> Point {
    let t = Double(x - a.x) / Double(b.x - a.x)
    return Point(x: x, y: a.y + Int((Double(b.y - a.y) * t).rounded()))
  }

  private static func cross(y: Int, _ a: Point, _ b: Point) -> Point {
    let t = Double(y - a.y) / Double(b.y - a.y)
    return Point(x: a.x + Int((Double(b.x - a.x) * t).rounded()), y: y)
  }
}
