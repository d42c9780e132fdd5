import Foundation

/// A SQLite roster made once per test process and copied for each test that starts from it.
/// Swift Testing makes a suite's instance anew for every test, so a suite whose tests all need
/// the same large roster (60,000 fugitives, 200,000) imported it once a test: most of the suite's
/// time. Hold one in a `static let`; each test's `copy(to:)` gets the file as `make` left it.
public final class SeededDatabase: Sendable {
  private let made: Result<String, any Error>

  /// Makes the roster with `make`, at the path it is given (in a folder of its own); a failure is
  /// thrown by every `copy(to:)`.
  public init(_ make: (String) throws -> Void) {
    made = Result {
      let path = try TemporaryFolder().file("seed.sqlite")
      try make(path)
      return path
    }
  }

  /// Copies the roster (with its write-ahead log, if `make` left one) to `destination`.
  public func copy(to destination: String) throws {
    let seed = try made.get()
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: seed + suffix) {
      try FileManager.default.copyItem(atPath: seed + suffix, toPath: destination + suffix)
    }
  }
}
