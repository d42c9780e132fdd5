import BountyTestSupport
import Foundation
import Testing

/// Every input in Tests/FuzzCorpus (the seeds, and every crash the fuzzers found, kept after the fix)
/// is replayed through its target by bounty-fuzz built without libFuzzer: none may crash.
@Suite struct FuzzCorpusTests {
  @Test(arguments: ["money", "csv", "json-rpc", "argv"])
  func corpusReplaysWithoutACrash(target: String) throws {
    let folder = GeneratedFile.root.appending(path: "Tests/FuzzCorpus/\(target)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files.count >= 3, "the \(target) corpus has no seeds")
    let executable = URL(fileURLWithPath: BinaryRunner.executable).deletingLastPathComponent()
      .appending(path: "bounty-fuzz")
    let process = Process()
    process.executableURL = executable
    process.arguments = files.map { folder.appending(path: $0).path }
    var environment = ProcessInfo.processInfo.environment
    environment["BOUNTY_FUZZ_TARGET"] = target
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(printed == "replayed \(files.count) inputs through \(target)\n")
  }
}
