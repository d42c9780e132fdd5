import BountyCore
import BountyStore
import BountyTestSupport
import Testing

/// Photos on both engines: SQLite's go in and out by incremental blob I/O, PostgreSQL's are bound
/// as `bytea` and read back in pieces. Either way the bytes come back exactly, the same photo again
/// records no undo step, and undoing a replacement brings the old photo back.
@Suite(.onTestThreads) struct PhotoEngineTests {
  /// A PNG of `size` bytes: its signature, then bytes from `seed` (every value occurs, NULs too).
  static func png(size: Int, seed: UInt8) -> [UInt8] {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    return signature
      + (signature.count..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + Int(seed)) }
  }

  static func steps(_ app: TestApp) throws -> Int {
    try app.store.historySteps().count { $0.stack == "undo" }
  }

  @Test(arguments: TestEngine.allCases)
  func aPhotoComesBackExactlyAndTheSameOneRecordsNothing(engine: TestEngine) throws {
    let app = try TestApp(engine: engine)
    let id = try app.add("Hank Morrow")
    // Larger than one piece read from PostgreSQL, and not a multiple of it.
    let first = Self.png(size: Store.photoPieceBytes * 2 + 12_345, seed: 1)
    let second = Self.png(size: 70_000, seed: 2)
    func set(_ bytes: [UInt8]) throws {
      try app.call("fugitives.photo", ["id": .int(id), "image": .string(Base64.encode(bytes))])
    }
    func stored() throws -> [UInt8]? {
      try app.call("fugitives.photo", ["id": .int(id)])["data"]?.stringValue.flatMap(Base64.decode)
    }
    try set(first)
    #expect(try stored() == first)
    let before = try Self.steps(app)
    try set(first)
    #expect(try Self.steps(app) == before)
    try set(second)
    #expect(try Self.steps(app) == before + 1)
    #expect(try stored() == second)
    try app.call("history.undo")
    #expect(try stored() == first)
  }
}
