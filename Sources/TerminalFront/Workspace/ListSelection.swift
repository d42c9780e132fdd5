/// Keeps a list's cursor on a fugitive, not on a row number. Each time the list is read again
/// (every second, after a key, another process's change, a re-sort, a filter, undo), the cursor
/// goes back to the fugitive it was on, wherever that fugitive now is; only when the fugitive has
/// left the list does the cursor stay at its row, on whoever is there now, and the one who left is
/// named. A pure function of what was read, so it is tested without a terminal.
enum ListSelection {
  /// Where a fugitive is in the whole list, as the app answered.
  enum Located: Equatable {
    case row(Int64)
    /// The list does not hold it.
    case absent
    /// The app could not say (a read failed): nothing moves.
    case unknown
  }

  /// Where the cursor goes.
  struct Outcome: Equatable {
    /// The cursor's row in the whole list (0 when the list is empty).
    var cursor: Int64
    /// The fugitive under it, when it is on the page read; nil lets the next read choose the one
    /// at `cursor`.
    var selected: Int64?
    /// The fugitive that was selected and is no longer in the list.
    var left: Int64?
  }

  /// Follows `selected` (the fugitive the cursor was on, nil when none was chosen yet) into a
  /// list read again: `page` holds the ID#s of the rows from `pageStart`, `total` the list's
  /// length, and `locate` finds a fugitive beyond the page. `cursor` is the row the cursor was at.
  static func follow(
    _ selected: Int64?, cursor: Int64, page: [Int64], pageStart: Int64, total: Int64,
    locate: (Int64) -> Located
  ) -> Outcome {
    let last = max(0, total - 1)
    func atRow(_ row: Int64) -> Int64? {
      let index = Int(row - pageStart)
      return page.indices.contains(index) ? page[index] : nil
    }
    guard let selected else {
      let row = min(max(0, cursor), last)
      return Outcome(cursor: row, selected: atRow(row))
    }
    if let index = page.firstIndex(of: selected) {
      return Outcome(cursor: pageStart + Int64(index), selected: selected)
    }
    switch locate(selected) {
    case .row(let row):
      return Outcome(cursor: min(row, last), selected: selected)
    case .unknown:
      return Outcome(cursor: min(max(0, cursor), last), selected: selected)
    case .absent:
      let row = min(max(0, cursor), last)
      return Outcome(cursor: row, selected: atRow(row), left: selected)
    }
  }
}
