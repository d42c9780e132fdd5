/// The dossier's regional map data: Natural Earth 1:50m land, country borders and, for the
/// countries the data has them, state and province borders, read from the embedded
/// `share/map/region-50m.txt` (written by scripts/generate-world-map; scripts/region_map.py gives
/// the format). Positions are whole hundredths of a degree, x = longitude, y = latitude; nothing
/// wraps at the antimeridian.
enum RegionMapData {
  /// What a shape is: a land ring (closed, filled), a country border or a state border (lines).
  enum Layer: UInt8 {
    case land = 0x4C  // L
    case border = 0x42  // B
    case state = 0x53  // S
  }

  /// A box in hundredths of a degree.
  struct Box: Equatable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    func meets(_ other: Box) -> Bool {
      minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    func contains(_ point: Point) -> Bool {
      minX <= point.x && point.x <= maxX && minY <= point.y && point.y <= maxY
    }
  }

  struct Point: Equatable {
    var x: Int
    var y: Int
  }

  struct Shape {
    let layer: Layer
    let points: [Point]
  }

  /// The embedded file's text; "" if the build left it out (the map is then drawn without land).
  static let text: String =
    EmbeddedMap.files.first { $0.name == "region-50m.txt" }?.text ?? ""

  /// Every shape whose bounding box meets `box`, in the file's order (land first).
  static func shapes(meeting box: Box) -> [Shape] {
    var text = text
    return text.withUTF8 {
      var reader = Reader(bytes: $0)
      return reader.shapes(meeting: box)
    }
  }

  /// Reads records from the file's bytes; a malformed record ends the reading (the file is
  /// generated, so that is a build fault, and a map with less land is the most it costs).
  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func shapes(meeting box: Box) -> [Shape] {
      var found: [Shape] = []
      while index < bytes.count {
        let kind = bytes[index]
        index += 1
        guard let layer = Layer(rawValue: kind) else {
          skipLine()
          continue
        }
        guard let minX = integer(), let minY = integer(), let maxX = integer(),
          let maxY = integer(), let x = integer(), let y = integer()
        else { return found }
        guard Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY).meets(box) else {
          skipLine()
          continue
        }
        var points = [Point(x: x, y: y)]
        var current = Point(x: x, y: y)
        var pending: Int? = nil
        while index < bytes.count, bytes[index] != 0x0A {
          let step: Int
          if bytes[index] == 0x7E {  // ~, a number and a space
            index += 1
            guard let value = integer() else { return found }
            step = value
          } else {
            step = Int(bytes[index]) - 0x21 - 46
            index += 1
          }
          if let dx = pending {
            current = Point(x: current.x + dx, y: current.y + step)
            points.append(current)
            pending = nil
          } else {
            pending = step
          }
        }
        index += 1
        found.append(Shape(layer: layer, points: points))
      }
      return found
    }

    mutating func skipLine() {
      while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      index += 1
    }

    /// A decimal integer and the one separator after it (`,`, `:` or a space).
    mutating func integer() -> Int? {
      var negative = false
      if index < bytes.count, bytes[index] == 0x2D {
        negative = true
        index += 1
      }
      var value = 0
      var digits = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 9 {
        value = value * 10 + Int(bytes[index] - 0x30)
        digits += 1
        index += 1
      }
      guard digits > 0, index < bytes.count else { return nil }
      index += 1
      return negative ? -value : value
    }
  }
}
