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

/// The `sqlite3` shell as another program writing a bounty file would use it: its own defaults
/// (foreign keys off, none of bounty's functions), SQL on standard input.
public enum SQLiteShell {
  /// Runs `/usr/bin/sqlite3 ARGUMENTS` with `input` on standard input; the exit status and both
  /// streams (standard output as bytes, for a `.dump`).
  public static func run(_ arguments: [String], input: Data = Data()) throws -> (
    status: Int32, stdout: Data, stderr: String
  ) {
    let folder = try TemporaryFolder()
    let inPath = folder.file("stdin")
    let outPath = folder.file("stdout")
    let errPath = folder.file("stderr")
    _ = FileManager.default.createFile(atPath: inPath, contents: input)
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    try process.run()
    process.waitUntilExit()
    let stdout = FileManager.default.contents(atPath: outPath) ?? Data()
    let stderr = String(
      decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
    return (process.terminationStatus, stdout, stderr)
  }

  /// Runs `sql` on `database`; the exit status, standard output (trimmed) and standard error.
  public static func exec(_ database: String, _ sql: String) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let outcome = try run(["-bail", database], input: Data(sql.utf8))
    return (
      outcome.status,
      String(decoding: outcome.stdout, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines),
      outcome.stderr
    )
  }
}
