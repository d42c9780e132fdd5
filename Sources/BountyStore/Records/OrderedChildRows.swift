import BountyCore

/// A table whose rows belong to one fugitive each and keep a dense order from 1 (`note`,
/// `expense`). The names are constants of this file, never user text.
struct OrderedChildTable: Sendable {
  let table: String
  /// `note`, `expense`: how a missing row is named.
  let noun: String

  static let note = OrderedChildTable(table: "note", noun: "note")
  static let expense = OrderedChildTable(table: "expense", noun: "expense")

  /// The position a new row takes: one past the fugitive's last (binds the fugitive ID# once).
  var nextPosition: String {
    "(SELECT coalesce(max(position), 0) + 1 FROM \(table) WHERE fugitive_id = ?)"
  }
}

extension Store {
  /// The position of row `rowID` of fugitive `fugitiveID`, or `notFound`.
  func position(in rows: OrderedChildTable, fugitiveID: Int64, rowID: Int64) throws -> Int64 {
    guard
      let position = try database.scalarInt(
        "SELECT position FROM \(rows.table) WHERE id = ? AND fugitive_id = ?", .integer(rowID),
        .integer(fugitiveID))
    else { throw BountyError.notFound("\(rows.noun) \(rowID) of fugitive \(fugitiveID) not found") }
    return position
  }

  /// Deletes a row and closes the gap in its fugitive's order.
  func deleteRow(in rows: OrderedChildTable, fugitiveID: Int64, rowID: Int64) throws {
    let position = try position(in: rows, fugitiveID: fugitiveID, rowID: rowID)
    try database.run("DELETE FROM \(rows.table) WHERE id = ?", .integer(rowID))
    try database.run(
      "UPDATE \(rows.table) SET position = position - 1 WHERE fugitive_id = ? AND position > ?",
      .integer(fugitiveID), .integer(position))
  }

  /// Moves a row to `position` (1-based, clamped) among its fugitive's rows; positions stay dense,
  /// and only the rows between the old and new place are rewritten (as Core Data Recipes did).
  func moveRow(in rows: OrderedChildTable, fugitiveID: Int64, rowID: Int64, to position: Int64)
    throws
  {
    let current = try self.position(in: rows, fugitiveID: fugitiveID, rowID: rowID)
    let count =
      try database.scalarInt(
        "SELECT count(*) FROM \(rows.table) WHERE fugitive_id = ?", .integer(fugitiveID))
      ?? 1
    let target = min(max(position, 1), count)
    guard target != current else { return }
    if target < current {
      try database.run(
        "UPDATE \(rows.table) SET position = position + 1 WHERE fugitive_id = ? AND position >= ? AND position < ?",
        .integer(fugitiveID), .integer(target), .integer(current))
    } else {
      try database.run(
        "UPDATE \(rows.table) SET position = position - 1 WHERE fugitive_id = ? AND position > ? AND position <= ?",
        .integer(fugitiveID), .integer(current), .integer(target))
    }
    try database.run(
      "UPDATE \(rows.table) SET position = ? WHERE id = ?", .integer(target), .integer(rowID))
  }
}
