import Foundation

extension BinaryRunner {
  /// What the `sqlite3` shell prints for `sql` on this runner's database, trimmed; nil when the
  /// shell failed. For tests that look at what bounty stored, as another SQLite tool would.
  public func sqlite3(_ sql: String) throws -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [database, sql]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
