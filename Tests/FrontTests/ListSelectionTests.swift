import Testing

@testable import TerminalFront

/// The workspace's cursor follows a fugitive, not a row, whatever happens to the list between two
/// reads: tested on lists of ID#s, without a terminal.
@Suite struct ListSelectionTests {
  /// Reads `list` again as the workspace does, a page of `rows` from `pageStart`.
  func follow(
    _ selected: Int64?, cursor: Int64, in list: [Int64], pageStart: Int64 = 0, rows: Int = 5
  ) -> ListSelection.Outcome {
    let start = Int(pageStart)
    let page = Array(list.dropFirst(start).prefix(rows))
    return ListSelection.follow(
      selected, cursor: cursor, page: page, pageStart: pageStart, total: Int64(list.count),
      locate: { id in list.firstIndex(of: id).map { .row(Int64($0)) } ?? .absent })
  }

  @Test func aRefreshWithAnInsertAboveKeepsTheCursorOnItsFugitive() {
    // The cursor was on row 2, fugitive 30; another process adds 5, which sorts first.
    let outcome = follow(30, cursor: 2, in: [5, 10, 20, 30, 40])
    #expect(outcome == .init(cursor: 3, selected: 30, left: nil))
  }

  @Test func aReSortFindsTheFugitiveBeyondThePage() {
    // Sorted the other way, fugitive 30 is row 8 of 10: past the page read from the top.
    let list: [Int64] = [100, 90, 80, 70, 60, 50, 40, 35, 30, 20]
    #expect(follow(30, cursor: 0, in: list) == .init(cursor: 8, selected: 30, left: nil))
  }

  @Test func aFilterThatDropsTheFugitiveLeavesTheCursorAtItsRowNamingWhoLeft() {
    let outcome = follow(30, cursor: 3, in: [10, 20, 40, 50])
    #expect(outcome == .init(cursor: 3, selected: 50, left: 30))
    // At the end of a list that shrank, the cursor takes the last row.
    #expect(follow(30, cursor: 3, in: [10, 20]) == .init(cursor: 1, selected: 20, left: 30))
    #expect(follow(30, cursor: 3, in: []) == .init(cursor: 0, selected: nil, left: 30))
  }

  @Test func moveModeAndUndoMoveTheFugitiveNotTheCursor() {
    // The manual order after the fugitive was carried from row 1 to row 4, or an undo put it back.
    #expect(follow(20, cursor: 1, in: [10, 30, 40, 50, 20]) == .init(cursor: 4, selected: 20))
    #expect(follow(20, cursor: 4, in: [10, 20, 30, 40, 50]) == .init(cursor: 1, selected: 20))
  }

  @Test func withNothingChosenTheCursorTakesTheFugitiveAtItsRow() {
    #expect(follow(nil, cursor: 2, in: [10, 20, 30]) == .init(cursor: 2, selected: 30))
    #expect(follow(nil, cursor: 9, in: [10, 20, 30]) == .init(cursor: 2, selected: 30))
    // Off the page read: chosen when that page is read.
    #expect(
      follow(nil, cursor: 7, in: Array(1...10), pageStart: 0, rows: 5)
        == .init(cursor: 7, selected: nil))
  }

  @Test func aFailedLookUpMovesNothing() {
    let outcome = ListSelection.follow(
      30, cursor: 2, page: [10, 20], pageStart: 0, total: 9, locate: { _ in .unknown })
    #expect(outcome == .init(cursor: 2, selected: 30, left: nil))
  }
}
