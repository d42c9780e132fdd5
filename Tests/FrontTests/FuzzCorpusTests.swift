import BountyTestSupport
import Foundation
import Testing

/// Every input in Tests/FuzzCorpus (the seeds, and every crash the fuzzers found, kept after the fix)
/// is replayed through its target by bounty-fuzz built without libFuzzer: none may crash.
@Suite(.onTestThreads) struct FuzzCorpusTests {
  @Test(arguments: ["money", "csv", "json-rpc", "argv", "json-import", "timestamp", "shell-words"])
  func corpusReplaysWithoutACrash(target: String) throws {
    let folder = GeneratedFile.root.appending(path: "Tests/FuzzCorpus/\(target)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files.count >= 3, "the \(target) corpus has no seeds")
    let executable = URL(fileURLWithPath: BinaryRunner.executable).deletingLastPathComponent()
      .appending(path: "bounty-fuzz")
    var runner = BinaryRunner(database: try TemporaryFolder().file("unused.sqlite"))
    runner.environment["BOUNTY_FUZZ_TARGET"] = target
    let outcome = try runner.run(
      files.map { folder.appending(path: $0).path }, executable: executable.path)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout == "replayed \(files.count) inputs through \(target)\n")
  }
}
