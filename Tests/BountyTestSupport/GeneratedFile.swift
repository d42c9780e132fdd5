import Foundation
import Testing

/// Compares a generated file in the repository with what the code generates now. With
/// `BOUNTY_UPDATE_GENERATED=1` (see scripts/update-generated) it rewrites the file instead.
public enum GeneratedFile {
  /// The repository's top folder, found from this source file's path.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  public static func check(
    _ relativePath: String, _ generated: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = root.appending(path: relativePath)
    if ProcessInfo.processInfo.environment["BOUNTY_UPDATE_GENERATED"] == "1" {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try generated.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let current = try? String(contentsOf: url, encoding: .utf8)
    #expect(
      current == generated,
      "\(relativePath) is stale: run scripts/update-generated and commit the result",
      sourceLocation: sourceLocation)
  }
}
