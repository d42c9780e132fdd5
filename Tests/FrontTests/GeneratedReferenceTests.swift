import BountyApp
import BountyTestSupport
import Foundation
import Testing

/// The completion scripts and the man page in share/ are generated from the registry and must match.
@Suite struct GeneratedReferenceTests {
  @Test(arguments: [
    ("bash", "share/completions/bounty.bash"), ("zsh", "share/completions/_bounty"),
    ("fish", "share/completions/bounty.fish"),
  ])
  func completionScriptIsCurrent(shell: String, path: String) throws {
    #expect(
      GeneratedFile.staleness(path, Completions.script(for: shell, registry: .standard) + "\n")
        == nil,
      "stale: run scripts/update-generated")
  }

  @Test func manPageIsCurrent() throws {
    #expect(
      GeneratedFile.staleness("share/man/man1/bounty.1", ManPage.roff(.standard)) == nil,
      "stale: run scripts/update-generated")
  }

  @Test func bashCompletesCommandsOptionsAndIDs() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["fugitives", "add", "--name", "A", "--bounty", "1", "--id", "4242"])
    let script = try bounty.run(["completions", "bash"]).stdout
    let scriptPath = folder.file("bounty.bash")
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    func complete(_ words: [String]) throws -> [String] {
      let binFolder = URL(fileURLWithPath: BinaryRunner.executable).deletingLastPathComponent().path
      let line = words.map { "'\($0)'" }.joined(separator: " ")
      let program = """
        export PATH='\(binFolder)':$PATH BOUNTY_DB='\(folder.file("db.sqlite"))'
        source '\(scriptPath)'
        COMP_WORDS=(\(line)); COMP_CWORD=\(words.count - 1); _bounty; printf '%s\\n' "${COMPREPLY[@]}"
        """
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-c", program]
      let out = folder.file("completion-\(UUID().uuidString)")
      _ = FileManager.default.createFile(atPath: out, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
      try process.run()
      process.waitUntilExit()
      return ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").map(
        String.init)
    }
    #expect(try complete(["bounty", "fug"]) == ["fugitives"])
    #expect(try complete(["bounty", "fugitives", "ca"]) == ["capture"])
    #expect(try complete(["bounty", "fugitives", "list", "--so"]) == ["--sort"])
    #expect(try complete(["bounty", "fugitives", "list", "--sort", "b"]) == ["bounty"])
    #expect(try complete(["bounty", "settings", "set", "roun"]) == ["rounding"])
    #expect(try complete(["bounty", "fugitives", "show", "42"]) == ["4242"])
    // Issue 14: a group's third word, a setting's values, help topics, ID#s from --db, file names.
    #expect(try complete(["bounty", "fugitives", "note", "a"]) == ["add"])
    #expect(try complete(["bounty", "settings", "set", "color", "al"]) == ["always"])
    #expect(try complete(["bounty", "help", "fugi"]) == ["fugitives"])
    let other = BinaryRunner(database: folder.file("other.sqlite"))
    try other.run(["fugitives", "add", "--name", "B", "--bounty", "1", "--id", "4343"])
    #expect(
      try complete(["bounty", "--db", folder.file("other.sqlite"), "fugitives", "show", "4"]) == [
        "4343"
      ])
    #expect(try complete(["bounty", "import", ""]).isEmpty)  // bash then offers file names
    #expect(try complete(["bounty", "report", "--output", ""]).isEmpty)
    #expect(script.contains("complete -o default -F _bounty bounty"))
  }
}
