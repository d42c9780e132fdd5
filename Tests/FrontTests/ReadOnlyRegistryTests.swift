import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Every command the registry declares read-only works, as a user who may only read the database
/// (mode 0444, another owner), in a folder they can write and in one they cannot; none of them
/// writes a byte or leaves a file behind.
@Suite(.onTestThreads) struct ReadOnlyRegistryTests {
  /// The smallest PNG signature the photo check accepts.
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]

  /// A well-formed command line for `spec` naming fugitive 1 (at large, with a note, a photo and a
  /// sighting) or, in the Captured tab, fugitive 2; nil when it needs what a read-only run cannot
  /// give.
  static func words(_ spec: CommandSpec) -> [String]? {
    var words = spec.words
    for param in spec.params where param.required && param.fronts.contains(.terminal) {
      switch param.type {
      case .integer: words.append(spec.tab == .captured ? "2" : "1")
      case .choice(let choices): words.append(choices[0])
      default: return nil
      }
    }
    return words
  }

  static var readers: [CommandSpec] {
    Registry.standard.specs(for: .terminal).filter { $0.onlyReads(Arguments()) }
  }

  @Test(arguments: ReadOnlyDatabase.Folder.allCases)
  func everyReadOnlyCommandWorks(kind: ReadOnlyDatabase.Folder) throws {
    let fixture = try ReadOnlyDatabase(in: kind)
    let photo = fixture.root.file("mug.png")
    _ = FileManager.default.createFile(atPath: photo, contents: Data(Self.png))
    for arguments in [
      ["fugitives", "add", "--name", "Jolene Pruitt", "--bounty", "1300", "--id", "1"],
      ["fugitives", "note", "add", "1", "seen in Reno"],
      ["fugitives", "seen", "1", "--description", "Reno"],
      ["fugitives", "photo", "1", photo],
      ["fugitives", "add", "--name", "Émile Fournier", "--bounty", "96000", "--id", "2"],
      ["fugitives", "capture", "2"],
    ] {
      let outcome = try fixture.owner.run(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
    }
    try fixture.lock()
    let before = try fixture.snapshot()
    var ran = 0
    for spec in Self.readers {
      guard let words = Self.words(spec) else { continue }
      let outcome = try fixture.read(words)
      #expect(outcome.status == 0, "\(words): \(outcome.stderr)")
      ran += 1
    }
    #expect(ran >= 12)
    let unchanged = try fixture.snapshot() == before
    #expect(unchanged)
  }
}
