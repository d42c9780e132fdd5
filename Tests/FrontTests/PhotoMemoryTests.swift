import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The largest photo (10 MiB, 14 MiB of base64 in one JSON-RPC line) set, read back, replaced, and
/// its replacement undone and redone, each within a request's memory budget: the bytes go in and
/// out by incremental blob I/O, the answer is written as it is serialised, and replacing deletes
/// the old row (the undo log copies it once, inside SQLite).
@Suite(.onTestThreads, .serialized) struct PhotoMemoryTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    #expect(
      try bounty.run(["fugitives", "add", "--id", "5", "--name", "P", "--bounty", "1"]).status == 0)
  }

  /// A 10 MiB PNG (its signature, then pseudo-random bytes from `seed`).
  static func photo(seed: UInt64) -> [UInt8] {
    var random = SplitMix(state: seed)
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes.reserveCapacity(Limits.photoBytes)
    while bytes.count < Limits.photoBytes { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
    return bytes
  }

  /// Writes one JSON-RPC request line to a file and returns its path.
  func request(_ name: String, _ method: String, _ params: String) throws -> String {
    let path = folder.file(name)
    try #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params),"id":1}"#.appending("\n")
      .write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @Test func aTenMiBPhotoStaysWithinTheBudgetEveryWay() throws {
    let first = Self.photo(seed: 1)
    let second = Self.photo(seed: 2)
    let set = try request(
      "set.jsonl", "fugitives.photo", #"{"id":5,"image":"\#(Base64.encode(first))"}"#)
    let replace = try request(
      "replace.jsonl", "fugitives.photo", #"{"id":5,"image":"\#(Base64.encode(second))"}"#)
    let read = try request("read.jsonl", "fugitives.photo", #"{"id":5}"#)
    let undo = try request("undo.jsonl", "history.undo", "{}")
    let redo = try request("redo.jsonl", "history.redo", "{}")
    for (name, path) in [
      ("set", set), ("read", read), ("replace", replace), ("undo of the replacement", undo),
      ("redo of the replacement", redo), ("read again", read),
    ] {
      let (status, mebibytes) = try bounty.peakMemory(["rpc"], stdinPath: path)
      #expect(status == 0, "\(name)")
      #expect(mebibytes <= MemoryBoundTests.budget, "\(name) peaked at \(mebibytes) MiB")
    }
    // What comes back is the second photo, byte for byte.
    let answer = try bounty.run(
      ["rpc"], inputData: try Data(contentsOf: URL(fileURLWithPath: read)))
    let data = try JSONParser.parse(answer.stdout.trimmingASCIIWhitespace())["result"]?["data"]
    #expect(data?.stringValue.flatMap(Base64.decode) == second)
    // Undone, the first one is back.
    #expect(try bounty.run(["undo"]).status == 0)
    let exported = folder.file("back.png")
    #expect(try bounty.run(["fugitives", "photo", "5", "--export", exported]).status == 0)
    #expect(FileManager.default.contents(atPath: exported).map(Array.init) == first)
  }
}
