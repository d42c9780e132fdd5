import Foundation

/// Compares a generated file in the repository with what the code generates now. With
/// `BOUNTY_UPDATE_GENERATED=1` (see scripts/update-generated) it rewrites the file instead.
/// (No `Testing` here, so that `swift build -c release` of every target works.)
public enum GeneratedFile {
  /// The repository's top folder, found from this source file's path.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// True when `relativePath` holds exactly `generated` (or was just rewritten to it).
  public static func isCurrent(_ relativePath: String, _ generated: String) throws -> Bool {
    let url = root.appending(path: relativePath)
    if ProcessInfo.processInfo.environment["BOUNTY_UPDATE_GENERATED"] == "1" {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try generated.write(to: url, atomically: true, encoding: .utf8)
      return true
    }
    return (try? String(contentsOf: url, encoding: .utf8)) == generated
  }
}
