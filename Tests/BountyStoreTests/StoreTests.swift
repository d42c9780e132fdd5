import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

@Suite(.onTestThreads) struct StoreTests {
  @Test func createsAPrivateFileInAPrivateFolder() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("deep/er/bounty.sqlite")
    let store = try Store.open(path: path)
    #expect(try store.database.scalarText("PRAGMA journal_mode") == "wal")
    #expect(try store.database.scalarInt("PRAGMA foreign_keys") == 1)
    #expect(try store.database.scalarInt("PRAGMA synchronous") == 2)
    let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    let folderMode =
      try FileManager.default.attributesOfItem(atPath: folder.file("deep/er"))[.posixPermissions]
      as? Int
    #expect(fileMode == 0o600)
    #expect(folderMode == 0o700)
  }

  @Test func resolvesThePathByTheInterfaceRules() {
    #expect(
      DatabaseLocation.resolve(option: "/x.sqlite", environment: ["BOUNTY_DB": "/y"]) == "/x.sqlite"
    )
    #expect(
      DatabaseLocation.resolve(
        option: nil, environment: ["BOUNTY_DB": "/y", "XDG_DATA_HOME": "/d"]) == "/y")
    #expect(
      DatabaseLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
        == "/d/bounty/bounty.sqlite")
    #expect(
      DatabaseLocation.resolve(option: nil, environment: ["HOME": "/h"])
        == "/h/.local/share/bounty/bounty.sqlite")
  }

  @Test func errorsCarryCodeMessageAndSQLButNoValues() throws {
    let store = try Store.open(path: try TemporaryFolder().file("e.sqlite"))
    try store.insertFugitive(
      FugitiveFields(id: 1, name: "Secret Name", bountyMinor: 1, description: ""))
    do {
      try store.insertFugitive(
        FugitiveFields(id: 1, name: "Secret Name", bountyMinor: 1, description: ""))
      Issue.record("a duplicate id was accepted")
    } catch let error as SQLiteError {
      #expect(error.extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
      #expect(error.sql?.contains("INSERT INTO fugitive") == true)
      #expect(!error.description.contains("Secret Name"))
    }
  }

  @Test func nestedTransactionsRollBackOnlyTheirOwnPart() throws {
    let store = try Store.open(path: try TemporaryFolder().file("t.sqlite"))
    try store.database.transaction(write: true) {
      try store.insertFugitive(
        FugitiveFields(id: 1, name: "Outer", bountyMinor: 1, description: ""))
      _ = try? store.database.transaction(write: true) {
        try store.insertFugitive(
          FugitiveFields(id: 2, name: "Inner", bountyMinor: 1, description: ""))
        throw BountyError.io("inner fails")
      }
    }
    #expect(try store.fugitiveExists(id: 1))
    #expect(try !store.fugitiveExists(id: 2))
  }

  /// Two connections, each on its own thread, writing the same file at the same time: every write
  /// waits its turn and none fails with "database is locked".
  @Test func twoConnectionsWritingAtOnceBothSucceed() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("shared.sqlite")
    _ = try Store.open(path: path)
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      do {
        let store = try Store.open(path: path)
        for index in 0..<300 {
          try store.database.transaction(write: true) {
            let id = Int64(worker * 1000 + index + 1)
            try store.insertFugitive(
              FugitiveFields(id: id, name: "W\(worker)", bountyMinor: id, description: ""))
          }
        }
      } catch {
        failures.add("\(error)")
      }
    }
    #expect(failures.all.isEmpty)
    let store = try Store.open(path: path)
    #expect(try store.fugitiveCount() == 600)
    #expect(try store.database.scalarInt("SELECT count(DISTINCT position) FROM fugitive") == 600)
  }
}

/// Collects failures from several threads.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []
  func add(_ item: String) { lock.withLock { items.append(item) } }
  var all: [String] { lock.withLock { items } }
}

/// The URI that opens a database as `immutable=1` keeps every byte of the path.
@Suite(.onTestThreads) struct ImmutableOpenTests {
  @Test func theURIPercentEncodesEverythingButUnreservedBytesAndSlashes() {
    #expect(
      SQLiteConnection.immutableURI("/tmp/a b/c?d#e%f&g=h/ü~x-y_z.sqlite")
        == "file:///tmp/a%20b/c%3Fd%23e%25f%26g%3Dh/%C3%BC~x-y_z.sqlite?immutable=1")
  }

  @Test func aDatabaseInAFolderWithAwkwardCharactersOpensImmutable() throws {
    let folder = try TemporaryFolder()
    let awkward = folder.file("cases?mode=memory#1 %41")
    try FileManager.default.createDirectory(atPath: awkward, withIntermediateDirectories: false)
    let path = awkward + "/bounty.sqlite"
    do {
      let store = try Store.open(path: path)
      try store.insertFugitive(FugitiveFields(id: 1, name: "Kept", bountyMinor: 1, description: ""))
    }
    let before = try #require(TemporaryFolder.bytes(path))
    let database = try Database(path: path, mode: .immutable(folderWritable: false))
    #expect(database.isReadOnly)
    #expect(try database.scalarText("SELECT name FROM fugitive") == "Kept")
    #expect(throws: SQLiteError.self) { try database.execute("DELETE FROM fugitive") }
    let unchanged = TemporaryFolder.bytes(path) == before
    #expect(unchanged)
    #expect(try FileManager.default.contentsOfDirectory(atPath: awkward) == ["bounty.sqlite"])
  }
}
