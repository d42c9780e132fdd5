import BountyTestSupport
import Foundation
import Testing

/// The Python client in docs/json-rpc.md runs as printed, against the real binary.
@Suite(.onTestThreads) struct PythonClientDocTests {
  @Test func theDocumentedClientWorks() throws {
    let document = try String(
      contentsOf: GeneratedFile.root.appending(path: "docs/json-rpc.md"), encoding: .utf8)
    let start = try #require(document.range(of: "```python\n"))
    let end = try #require(document.range(of: "```", range: start.upperBound..<document.endIndex))
    let client = String(document[start.upperBound..<end.lowerBound])
    let folder = try TemporaryFolder()
    try client.write(toFile: folder.file("client.py"), atomically: true, encoding: .utf8)
    var runner = BinaryRunner(database: folder.file("db.sqlite"))
    let binFolder = URL(fileURLWithPath: BinaryRunner.executable).deletingLastPathComponent().path
    runner.environment["PATH"] = binFolder + ":" + (runner.environment["PATH"] ?? "/usr/bin:/bin")
    let outcome = try runner.run([folder.file("client.py")], executable: "/usr/bin/python3")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout == "1\n")
  }
}
