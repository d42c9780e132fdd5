import BountyTestSupport
import Foundation
import Testing

/// The Python client in docs/json-rpc.md runs as printed, against the real binary.
@Suite struct PythonClientDocTests {
  @Test func theDocumentedClientWorks() throws {
    let document = try String(
      contentsOf: GeneratedFile.root.appending(path: "docs/json-rpc.md"), encoding: .utf8)
    let start = try #require(document.range(of: "```python\n"))
    let end = try #require(document.range(of: "```", range: start.upperBound..<document.endIndex))
    let client = String(document[start.upperBound..<end.lowerBound])
    let folder = try TemporaryFolder()
    try client.write(toFile: folder.file("client.py"), atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", folder.file("client.py")]
    var environment = ProcessInfo.processInfo.environment
    let binFolder = URL(fileURLWithPath: BinaryRunner.executable).deletingLastPathComponent().path
    environment["PATH"] = binFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["BOUNTY_DB"] = folder.file("db.sqlite")
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(printed == "1\n")
  }
}
