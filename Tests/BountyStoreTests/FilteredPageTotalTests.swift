import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// A page filtered by more than the status (a minimum bounty, a capture date range) carries the
/// number of every match in its own statement, on both engines: the same totals with any limit and
/// offset, and from an empty page past the end too.
@Suite(.onTestThreads) struct FilteredPageTotalTests {
  static func check(_ store: Store) throws {
    try store.database.transaction(write: true) {
      for id in Int64(1)...10 {
        let captured = id > 5
        try store.insertFugitive(
          FugitiveFields(
            id: id, name: "Fugitive \(id)", bountyMinor: id * 100, description: "",
            captured: captured,
            capturedAt: captured ? Timestamp(secondsSinceEpoch: id * 86_400) : nil))
      }
    }
    func page(
      _ status: FugitiveQuery.Status, minimum: Int64? = nil, from: Int64? = nil, limit: Int64?,
      offset: Int64 = 0
    ) throws -> (ids: [Int64], total: Int64) {
      var query = FugitiveQuery(
        status: status, sort: .id, minimumBountyMinor: minimum, limit: limit, offset: offset)
      query.capturedFrom = from.map { Timestamp(secondsSinceEpoch: $0 * 86_400) }
      let found = try store.database.transaction(write: false) { try store.fugitives(query) }
      return (found.items.map(\.id), found.total)
    }
    #expect(try page(.atLarge, minimum: 300, limit: 2) == ([3, 4], 3))
    #expect(try page(.atLarge, minimum: 300, limit: 2, offset: 2) == ([5], 3))
    #expect(try page(.atLarge, minimum: 300, limit: 2, offset: 5) == ([], 3), "an empty page")
    #expect(try page(.captured, from: 8, limit: 1) == ([8], 3))
    #expect(try page(.all, minimum: 500, limit: 1) == ([5], 6))
    #expect(try page(.all, minimum: 5_000, limit: 1) == ([], 0))
    #expect(try page(.atLarge, limit: 2) == ([1, 2], 5), "the status alone: from the tally")
  }

  @Test func onSQLite() throws {
    let folder = try TemporaryFolder()
    try Self.check(try Store.open(path: folder.file("totals.sqlite")))
  }

  @Test func onPostgreSQL() throws {
    let scratch = try ScratchPostgres()
    try Self.check(try Store.open(path: scratch.url))
  }
}
