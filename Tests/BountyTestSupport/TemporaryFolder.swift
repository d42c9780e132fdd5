import BountyApp
import BountyCore
import BountyStore
import Foundation

/// A fresh folder under the system temporary directory, one per test (Swift Testing runs tests in
/// parallel in one process, so nothing may be shared). Every folder made is removed when the test
/// process exits (`TestLeftovers`).
public struct TemporaryFolder {
  public let path: String

  public init() throws {
    let template = FileManager.default.temporaryDirectory.path + "/bounty-test-XXXXXX"
    var bytes = Array(template.utf8CString)
    guard mkdtemp(&bytes) != nil else { throw BountyError.io("mkdtemp failed") }
    path = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    TestLeftovers.removeAtExit(folder: path)
  }

  /// A path inside the folder.
  public func file(_ name: String) -> String { path + "/" + name }

  /// The bytes of a file, or nil when it does not exist.
  public static func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map(Array.init)
  }
}

/// The engines a store runs on, for tests that run the same checks on both
/// (`@Test(arguments: TestEngine.allCases)`).
public enum TestEngine: CaseIterable, Sendable {
  /// A SQLite file in the test's folder.
  case sqlite
  /// A fresh database on the test PostgreSQL server (`PostgresTestServer`).
  case postgresql

  /// How many rounds a randomised test runs on this engine, given its rounds on SQLite: all of
  /// them there, a quarter on PostgreSQL, where each change costs some round trips to the server.
  /// What the rounds check is bounty's own arithmetic and bookkeeping, the same on both engines;
  /// the server's part, its SQL, a quarter of them covers.
  public func rounds(_ onSQLite: Int) -> Int { self == .sqlite ? onSQLite : onSQLite / 4 }
}

/// A dispatcher over a new database in a new folder, with a clock the test controls.
public final class TestApp {
  public let folder: TemporaryFolder
  public let dispatcher: Dispatcher
  public var now: Timestamp
  public let engine: TestEngine

  public let store: Store

  /// A new SQLite database.
  public convenience init(now: String = "2026-11-30T10:00:00Z") throws {
    try self.init(engine: .sqlite, now: now)
  }

  /// A new database on `engine`: a file in the folder, or a fresh PostgreSQL database.
  public init(engine: TestEngine, now: String = "2026-11-30T10:00:00Z") throws {
    folder = try TemporaryFolder()
    self.engine = engine
    self.now = Timestamp(parsing: now) ?? Timestamp(secondsSinceEpoch: 0)
    let path =
      switch engine {
      case .sqlite: folder.file("bounty.sqlite")
      case .postgresql: try PostgresTestServer.shared.freshDatabase()
      }
    store = try Store.open(path: path)
    dispatcher = Dispatcher(store: store)
    store.clock = { [unowned self] in self.now }
  }

  /// Calls a method; throws its error.
  @discardableResult
  public func call(_ method: String, _ params: JSONObject = JSONObject()) throws -> JSON {
    try dispatcher.call(method, params: params).get()
  }

  /// The error a call fails with, or nil when it succeeds.
  public func error(_ method: String, _ params: JSONObject = JSONObject()) -> BountyError? {
    if case .failure(let error) = dispatcher.call(method, params: params) { return error }
    return nil
  }

  /// Adds a fugitive and returns its id.
  @discardableResult
  public func add(_ name: String, bounty: String = "1000", id: Int64? = nil) throws -> Int64 {
    var params: JSONObject = ["name": .string(name), "bounty": .string(bounty)]
    if let id { params["id"] = .int(id) }
    guard case .number(let text)? = try call("fugitives.add", params)["id"], let value = Int64(text)
    else { throw BountyError.io("no id") }
    return value
  }

  /// The ids of a list result, in order.
  public static func ids(_ result: JSON) -> [Int64] {
    (result["items"]?.arrayValue ?? []).compactMap {
      if case .number(let text)? = $0["id"] { return Int64(text) }
      return nil
    }
  }
}
