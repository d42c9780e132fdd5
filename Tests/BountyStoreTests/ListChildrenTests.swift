import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// A list (a page, a search page, a read-ahead, a stream) asks of its ID#s at once whether each
/// fugitive has a photo, notes or a case file, and asks no table that has no row: every fugitive
/// it reads equals the one a single look-up reads, on both engines.
@Suite(.onTestThreads) struct ListChildrenTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]

  static func check(_ store: Store) throws {
    func everyWay() throws {
      try store.database.transaction(write: false) {
        let single = try (1...8).compactMap { try store.fugitive(id: Int64($0)) }
        let page = try store.fugitives(FugitiveQuery(status: .all, sort: .id, limit: 100))
        #expect(page.items == single)
        let searched = try store.fugitives(
          FugitiveQuery(status: .all, sort: .id, search: "Fugitive", limit: 100))
        #expect(searched.items == single)
        var streamed: [Fugitive] = []
        try store.forEachFugitive(FugitiveQuery(status: .all, sort: .id)) { streamed.append($0) }
        #expect(streamed == single)
        try store.readAhead(fugitiveIDs: (1...8).map(Int64.init))
        #expect(try (1...8).compactMap { try store.fugitive(id: Int64($0)) } == single)
      }
    }
    try store.database.transaction(write: true) {
      for id: Int64 in 1...8 {
        try store.insertFugitive(
          FugitiveFields(id: id, name: "Fugitive \(id)", bountyMinor: id * 100, description: ""))
      }
    }
    // No child rows at all: no table is asked, and every flag is false.
    try everyWay()
    try store.database.transaction(write: true) {
      try store.insertNote(fugitiveID: 2, text: "seen in Reno")
      try store.insertNote(fugitiveID: 2, text: "drives a blue van")
      try store.storePhoto(fugitiveID: 3, Photo(mediaType: "image/png", bytes: png))
      try store.insertAlias(fugitiveID: 4, name: "Slim")
      _ = try store.insertExpense(
        fugitiveID: 5, date: CalendarDate(daysSinceEpoch: 20_000), amountMinor: 1_999, memo: "fuel")
      try store.writeBond(fugitiveID: 6, Bond(court: "Clark County"))
      try store.insertNote(fugitiveID: 7, text: "armed")
      try store.insertAlias(fugitiveID: 7, name: "Lefty")
    }
    try everyWay()
    try store.database.transaction(write: false) {
      let page = try store.fugitives(FugitiveQuery(status: .all, sort: .id, limit: 100)).items
      #expect(page.map(\.hasPhoto) == [false, false, true, false, false, false, false, false])
      #expect(page.map(\.notes.count) == [0, 2, 0, 0, 0, 0, 1, 0])
      #expect(page.map(\.caseFile.aliases) == [[], [], [], ["Slim"], [], [], ["Lefty"], []])
      #expect(page[4].caseFile.expenses.count == 1)
      #expect(page[5].caseFile.bond?.court == "Clark County")
    }
  }

  @Test func onSQLite() throws {
    let folder = try TemporaryFolder()
    try Self.check(try Store.open(path: folder.file("children.sqlite")))
  }

  @Test func onPostgreSQL() throws {
    let scratch = try ScratchPostgres()
    try Self.check(try Store.open(path: scratch.url))
  }
}
