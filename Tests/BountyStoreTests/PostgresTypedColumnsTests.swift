import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// Types are part of the contract on PostgreSQL too: the agency schema's money and ID# columns
/// are `bigint`, so the values SQLite needed migration 0021's triggers to refuse (text, a blob, a
/// number past the range) are refused by the server's own types, and a fraction is stored as the
/// integer PostgreSQL's assignment cast rounds it to, never as a fraction.
@Suite(.onTestThreads) struct PostgresTypedColumnsTests {
  @Test func moneyAndIDColumnsTakeOnlyIntegers() throws {
    let scratch = try ScratchPostgres()
    let store = try Store.open(path: scratch.url)
    try store.database.transaction(write: true) {
      try store.insertFugitive(
        FugitiveFields(id: 7, name: "Hank", bountyMinor: 100, description: ""))
      _ = try store.insertNote(fugitiveID: 7, text: "seen")
    }
    let columns = [
      ("fugitive", "bounty_minor", "id = 7"), ("note", "fugitive_id", "fugitive_id = 7"),
      ("fugitive_tally", "count", "captured = 0"),
    ]
    for (table, column, row) in columns {
      for value in ["'abc'", "'\\x41'::bytea", "1e300"] {
        #expect(throws: (any Error).self, "\(table).\(column) = \(value)") {
          try store.database.transaction(write: true) {
            try store.database.execute("UPDATE \(table) SET \(column) = \(value) WHERE \(row)")
          }
        }
      }
      let type = try store.database.scalarText(
        """
        SELECT data_type FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = '\(table)' AND column_name = '\(column)'
        """)
      #expect(type == "bigint", "\(table).\(column)")
    }
    for (table, column) in [("case_file", "bond_minor"), ("expense", "amount_minor")] {
      let type = try store.database.scalarText(
        """
        SELECT data_type FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = '\(table)' AND column_name = '\(column)'
        """)
      #expect(type == "bigint", "\(table).\(column)")
    }
    #expect(try store.database.scalarInt("SELECT bounty_minor FROM fugitive WHERE id = 7") == 100)
  }
}
