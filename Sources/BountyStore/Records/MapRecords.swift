import BountyCore

extension Store {
  /// A position a report's map pins: a capture's place, or where a fugitive at large was last seen.
  public struct MapPoint: Sendable {
    public let id: Int64
    public let name: String
    public let captured: Bool
    public let point: GeoPoint
  }

  /// The places of the captures between `from` and `to` and the last-seen places of fugitives at
  /// large (drawn after them, so on top), at most `limit` of them (more pins say nothing more).
  public func mapPoints(from: Timestamp?, to: Timestamp?, limit: Int64) throws -> [MapPoint] {
    try database.query(
      """
      SELECT id, name, 1, captured_lat, captured_lon FROM fugitive
      WHERE captured = 1 AND captured_at >= ? AND captured_at <= ?
        AND captured_lat IS NOT NULL AND captured_lon IS NOT NULL
      UNION ALL
      SELECT id, name, 0, last_seen_lat, last_seen_lon FROM fugitive
      WHERE captured = 0 AND last_seen_lat IS NOT NULL AND last_seen_lon IS NOT NULL
      ORDER BY 3, 1 LIMIT ?
      """, [.text(from?.iso8601 ?? "0000"), .text(to?.iso8601 ?? "9999"), .integer(limit)]
    ) {
      MapPoint(
        id: $0.int(0), name: $0.text(1), captured: $0.int(2) == 1,
        point: GeoPoint(lat: $0.coordinate(3), lon: $0.coordinate(4)))
    }
  }
}
