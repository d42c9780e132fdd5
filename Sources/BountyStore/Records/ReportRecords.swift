import BountyCore

/// The few columns a report reads of each fugitive.
public struct ReportRow: Sendable {
  public let id: Int64
  public let name: String
  public let bountyMinor: Int64
  public let capturedAt: Timestamp?
  public let createdAt: Timestamp
  /// The sum of the fugitive's expenses (captures only; 0 for fugitives at large).
  public let expensesMinor: Int64

  public init(
    id: Int64, name: String, bountyMinor: Int64, capturedAt: Timestamp?, createdAt: Timestamp,
    expensesMinor: Int64 = 0
  ) {
    self.id = id
    self.name = name
    self.bountyMinor = bountyMinor
    self.capturedAt = capturedAt
    self.createdAt = createdAt
    self.expensesMinor = expensesMinor
  }
}

extension Store {
  /// Streams the fugitives captured between `from` and `to` (inclusive), by capture time.
  public func forEachCapture(
    from: Timestamp?, to: Timestamp?, _ body: (ReportRow) throws -> Void
  ) throws {
    try database.forEachRow(
      """
      SELECT id, name, bounty_minor, captured_at, created_at,
        (SELECT coalesce(sum(amount_minor), 0) FROM expense WHERE fugitive_id = fugitive.id)
      FROM fugitive
      WHERE captured = 1 AND captured_at >= ? AND captured_at <= ?
      ORDER BY captured_at, id
      """, [.text((from ?? .earliest).iso8601), .text((to ?? .latest).iso8601)]
    ) { try body(Self.reportRow($0)) }
  }

  /// Streams the fugitives at large, largest bounty first (ties by ID#).
  public func forEachOutstanding(_ body: (ReportRow) throws -> Void) throws {
    try database.forEachRow(
      """
      SELECT id, name, bounty_minor, captured_at, created_at FROM fugitive
      WHERE captured = 0 ORDER BY bounty_minor DESC, id DESC
      """
    ) { try body(Self.reportRow($0)) }
  }

  private static func reportRow(_ row: Row) -> ReportRow {
    ReportRow(
      id: row.int(0), name: row.text(1), bountyMinor: row.int(2),
      capturedAt: row.optionalText(3).flatMap(Timestamp.init(parsing:)),
      createdAt: Timestamp(parsing: row.text(4)) ?? Timestamp(secondsSinceEpoch: 0),
      expensesMinor: row.optionalInt(5) ?? 0)
  }
}
