import BountyTestSupport
import Foundation
import Testing

/// The fronts see only the app (registry and dispatcher) and the core values: never the store,
/// SQLite, or the command handlers' module.
@Suite struct LayeringTests {
  static let fronts = ["Sources/TerminalFront", "Sources/RPCFront"]
  static let forbidden = ["BountyStore", "CSQLite", "BountyCommands"]

  @Test func noFrontImportsTheStore() throws {
    var files = 0
    for front in Self.fronts {
      let folder = GeneratedFile.root.appending(path: front)
      let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
      for case let name as String in enumerator where name.hasSuffix(".swift") {
        files += 1
        let text = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
        for line in text.split(separator: "\n") where line.contains("import ") {
          for module in Self.forbidden {
            #expect(!line.hasSuffix("import \(module)"), "\(front)/\(name): \(line)")
          }
        }
      }
    }
    #expect(files >= 10)
  }
}
