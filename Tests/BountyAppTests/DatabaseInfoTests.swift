import BountyCore
import BountyStore
import BountyTestSupport
import Testing

@testable import BountyApp

/// `db info` names the engine the database is on: the SQLite library's version for a file, the
/// server's for an agency database (which no SQLite version describes), in a result that keeps to
/// its published schema.
@Suite(.onTestThreads) struct DatabaseInfoTests {
  @Test(arguments: TestEngine.allCases)
  func infoNamesTheEnginesOwnVersion(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    try app.call("sample.load")
    let info = try app.call("db.info")
    #expect(info["fugitives"] == .int(34) && info["atLarge"] == .int(28))
    switch engine {
    case .sqlite:
      #expect(info["sqliteVersion"] == .string(Store.sqliteLibraryVersion))
      #expect(info["serverVersion"] == nil)
    case .postgresql:
      let version = try #require(info["serverVersion"]?.stringValue)
      #expect(version.first?.isNumber == true, "\(version)")
      #expect(info["sqliteVersion"] == nil)
    }
  }
}
