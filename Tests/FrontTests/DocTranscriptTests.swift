import BountyTestSupport
import Foundation
import Testing

/// Every ```console block in README.md and docs/*.md is run: each `$ command` line in a shell with
/// the real `bounty` first on PATH, a fresh database per document (blocks of one document share it,
/// so a guide can build up its roster), the clock fixed, no colour; its output must be the lines that
/// follow it. `scripts/update-generated` rewrites the outputs.
@Suite(.onTestThreads) struct DocTranscriptTests {
  static let documents: [String] = {
    let docs = GeneratedFile.root.appending(path: "docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    // docs/agency.md needs a PostgreSQL cluster of its own: AgencyDocTranscriptTests runs it.
    return ["README.md"]
      + names.filter { $0.hasSuffix(".md") && $0 != "agency.md" }.sorted().map { "docs/" + $0 }
  }()

  /// Runs `command` in /bin/sh and returns its standard output and error together.
  static func run(_ command: String, in folder: TemporaryFolder) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command + " 2>&1"]
    var environment = ProcessInfo.processInfo.environment
    let binFolder = URL(fileURLWithPath: BinaryRunner.executable).deletingLastPathComponent().path
    environment["PATH"] = binFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["BOUNTY_DB"] = folder.file("bounty.sqlite")
    environment["XDG_CONFIG_HOME"] = folder.file("config")
    environment["BOUNTY_NOW"] = "2026-11-30T10:00:00Z"
    environment["NO_COLOR"] = "1"
    environment["TZ"] = "UTC"
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    let output = folder.file("out-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  /// The document with every console block's outputs replaced by what the commands print now:
  /// each run by `run` (by default in /bin/sh in a fresh folder the document's commands share).
  static func regenerate(
    _ text: String, run: ((String) throws -> String)? = nil
  ) throws -> (String, commands: Int) {
    let folder = try TemporaryFolder()
    let run = run ?? { try Self.run($0, in: folder) }
    var result: [String] = []
    var commands = 0
    var inConsole = false
    var skippingOutput = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if !inConsole {
        result.append(line)
        if line == "```console" { inConsole = true }
        continue
      }
      if line == "```" {
        inConsole = false
        skippingOutput = false
        result.append(line)
      } else if line.hasPrefix("$ ") {
        commands += 1
        result.append(line)
        var output = try run(String(line.dropFirst(2)))
        // The last line end, LF or CSV's CRLF (one Character in Swift).
        if output.hasSuffix("\n") || output.hasSuffix("\r\n") { output.removeLast() }
        if !output.isEmpty { result.append(output) }
        skippingOutput = true
      } else if !skippingOutput {
        result.append(line)
      }
    }
    return (result.joined(separator: "\n"), commands)
  }

  @Test(arguments: documents)
  func everyExampleRunsAsShown(document: String) throws {
    let url = GeneratedFile.root.appending(path: document)
    let text = try String(contentsOf: url, encoding: .utf8)
    let (regenerated, _) = try Self.regenerate(text)
    #expect(
      GeneratedFile.staleness(document, regenerated) == nil,
      "stale: run scripts/update-generated")
  }

  @Test func theGuideAndReadmeHaveExamples() throws {
    for document in ["README.md", "docs/guide.md"] {
      let text = try String(
        contentsOf: GeneratedFile.root.appending(path: document), encoding: .utf8)
      #expect(try Self.regenerate(text).commands >= 2, "\(document) shows no runnable example")
    }
  }
}
