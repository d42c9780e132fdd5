extension GeoPoint {
  /// Both coordinates rounded to the nearest tenth of a degree (about 11 km): a position a
  /// redacted dossier may show.
  public var roundedToTenth: GeoPoint {
    GeoPoint(lat: (lat * 10).rounded() / 10, lon: (lon * 10).rounded() / 10)
  }

  /// `29.9, -90.1`: a rounded position, shown with the one decimal it has.
  public var tenthsDisplay: String { "\(Self.oneDecimal(lat)), \(Self.oneDecimal(lon))" }

  /// `-90.1` for -90.07: one decimal, half away from zero; no `-0.0`.
  public static func oneDecimal(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    let magnitude = Int64(abs(tenths))
    return (tenths < 0 ? "-" : "") + "\(magnitude / 10).\(magnitude % 10)"
  }

  /// The OpenStreetMap page centred on this point with a marker, at `zoom` (12: a town, 9: a
  /// region); the coordinates as `display` (3 decimals) or, when `tenths`, as `tenthsDisplay`.
  public func openStreetMapLink(tenths: Bool = false) -> String {
    let latText = tenths ? Self.oneDecimal(lat) : Self.threeDecimals(lat)
    let lonText = tenths ? Self.oneDecimal(lon) : Self.threeDecimals(lon)
    let zoom = tenths ? 9 : 12
    return
      "https://www.openstreetmap.org/?mlat=\(latText)&mlon=\(lonText)#map=\(zoom)/\(latText)/\(lonText)"
  }
}
