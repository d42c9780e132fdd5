import Foundation

/// Compares a generated file in the repository with what the code generates now. With
/// `BOUNTY_UPDATE_GENERATED=1` (see scripts/update-generated) it rewrites the file instead.
/// (No `Testing` here, so that `swift build -c release` of every target works.)
public enum GeneratedFile {
  /// The repository's top folder, found from this source file's path.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Nil when `relativePath` holds exactly `generated` (or was just rewritten to it); else where
  /// they first differ, for the test's failure message.
  public static func staleness(_ relativePath: String, _ generated: String) -> String? {
    let url = root.appending(path: relativePath)
    if ProcessInfo.processInfo.environment["BOUNTY_UPDATE_GENERATED"] == "1" {
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try generated.write(to: url, atomically: true, encoding: .utf8)
        return nil
      } catch {
        return "cannot rewrite \(relativePath): \(error)"
      }
    }
    guard let stored = try? String(contentsOf: url, encoding: .utf8) else {
      return "\(relativePath) cannot be read"
    }
    guard stored != generated else { return nil }
    let (old, new) = (
      stored.split(separator: "\n", omittingEmptySubsequences: false),
      generated.split(separator: "\n", omittingEmptySubsequences: false)
    )
    let line = zip(old, new).prefix { $0 == $1 }.count
    let (was, now) = (
      line < old.count ? old[line] : "(end)", line < new.count ? new[line] : "(end)"
    )
    return "\(relativePath):\(line + 1) is \"\(was)\", now \"\(now)\""
  }
}
