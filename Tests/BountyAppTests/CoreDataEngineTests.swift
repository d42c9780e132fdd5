import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The original app's Core Data store imported on both engines through `data.import`: ID# 0, the
/// exact bounty, the photo and the half-set sighting land alike, and one undo takes them out.
@Suite(.onTestThreads) struct CoreDataEngineTests {
  @Test(arguments: TestEngine.allCases)
  func aStoreImportsAlikeOnBothEngines(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let path = app.folder.file("iBountyHunter.sqlite")
    let made = try SQLiteShell.exec(
      path,
      """
      CREATE TABLE ZFUGITIVE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
        ZFUGITIVEID INTEGER, ZBOUNTY DECIMAL, ZDESC VARCHAR, ZNAME VARCHAR, ZCAPTURED INTEGER,
        ZCAPTDATE TIMESTAMP, ZIMAGE BLOB, ZCAPTUREDLAT FLOAT, ZCAPTUREDLON FLOAT,
        ZLASTSEENLAT FLOAT, ZLASTSEENLON FLOAT, ZLASTSEENDESC VARCHAR);
      CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
      CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
      INSERT INTO ZFUGITIVE VALUES
        (1, 1, 1, 0, 19.99, 'Parole violator ', 'Nadia Kendall ', 1, 311712000, X'89504E470D0A1A0A00FF',
          36.17, -115.14, NULL, NULL, NULL),
        (2, 1, 1, -5, 96000.5, '', 'Roy Bigs', 0, NULL, NULL, NULL, NULL, NULL, -74.006, 'Pier 17');
      """)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(
      try app.call("data.import", ["file": .string(path)])
        == .object(["imported": 2, "replaced": 0]))
    let zero = try app.call("fugitives.get", ["id": 0])
    #expect(zero["name"] == .string("Nadia Kendall "))
    #expect(zero["bounty"] == .string("19.99"))
    #expect(zero["capturedAt"] == .string("2010-11-17T18:40:00Z"))
    #expect(zero["hasPhoto"] == .bool(true))
    let negative = try app.call("fugitives.get", ["id": -5])
    #expect(negative["bounty"] == .string("96000.50"))
    #expect(
      negative["lastSeen"]
        == .object([
          "lat": .null, "lon": .number("-74.006"), "description": .string("Pier 17"), "at": .null,
        ]))
    try app.call("history.undo")
    #expect(try app.call("fugitives.list", ["all": true])["total"] == .int(0))
  }
}
