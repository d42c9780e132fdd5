import BountyTestSupport
import Foundation
import Testing

/// Installed like a real tool: scripts/install puts the binary, man page and completions where
/// the tools look and --uninstall takes exactly those away, with the folders the install made.
/// (The release builds, the .deb and lintian are checked by scripts/check-packaging, which
/// `.ci/run` runs after `swift test`: they take minutes.)
@Suite(.onTestThreads, .serialized) struct InstallTests {
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = GeneratedFile.root
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  static func files(under folder: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var found: [String] = []
    while let name = enumerator?.nextObject() as? String { found.append(name) }
    return found.sorted()
  }

  @Test func installPutsEachFileWhereItsToolLooksAndUninstallTakesOnlyThose() throws {
    let folder = try TemporaryFolder()
    let prefix = folder.file("prefix")
    try FileManager.default.createDirectory(
      atPath: prefix + "/share/man/mine", withIntermediateDirectories: true)
    let before = Self.files(under: prefix)
    let installed = try Self.run([
      "scripts/install", "--prefix", prefix, "--binary", BinaryRunner.executable,
    ])
    #expect(installed.status == 0, "\(installed.output)")
    for file in [
      "bin/bounty", "share/man/man1/bounty.1", "share/bash-completion/completions/bounty",
      "share/zsh/site-functions/_bounty", "share/fish/vendor_completions.d/bounty.fish",
      "share/doc/bounty/guide.md", "share/doc/bounty/json-rpc.md", "share/doc/bounty/agency.md",
    ] {
      #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file)")
    }
    let version = try Self.run(["\(prefix)/bin/bounty", "--version"])
    #expect(version.output.hasPrefix("bounty "))
    let removed = try Self.run(["scripts/install", "--prefix", prefix, "--uninstall"])
    #expect(removed.status == 0, "\(removed.output)")
    #expect(Self.files(under: prefix) == before)
  }

  @Test func uninstallRemovesThePrefixItCreated() throws {
    let folder = try TemporaryFolder()
    let prefix = folder.file("new-prefix")
    let installed = try Self.run([
      "scripts/install", "--prefix", prefix, "--binary", BinaryRunner.executable,
    ])
    #expect(installed.status == 0, "\(installed.output)")
    let removed = try Self.run(["scripts/install", "--prefix", prefix, "--uninstall"])
    #expect(removed.status == 0, "\(removed.output)")
    #expect(!FileManager.default.fileExists(atPath: prefix), "\(Self.files(under: prefix))")
  }

  /// bash-completion loads the script from ~/.local, the default prefix, as it loads any
  /// command's; under another prefix the install prints the line that loads it.
  @Test func bashCompletionFindsTheScriptOrTheInstallSaysHow() throws {
    let folder = try TemporaryFolder()
    let home = folder.file("home")
    let clean = ["-u", "XDG_DATA_HOME", "-u", "XDG_DATA_DIRS", "-u", "BASH_COMPLETION_USER_DIR"]
    let load =
      "source /usr/share/bash-completion/bash_completion; __load_completion bounty; complete -p bounty"
    let installed = try Self.run(
      clean + [
        "HOME=\(home)", "scripts/install", "--prefix", home + "/.local", "--binary",
        BinaryRunner.executable,
      ])
    #expect(installed.status == 0, "\(installed.output)")
    #expect(!installed.output.contains("for bash"), "\(installed.output)")
    let loaded = try Self.run(clean + ["HOME=\(home)", "/bin/bash", "-c", load])
    #expect(loaded.output.contains("complete -F _bounty bounty"), "\(loaded.output)")

    let prefix = folder.file("elsewhere")
    let elsewhere = try Self.run(
      clean + [
        "HOME=\(home)", "scripts/install", "--prefix", prefix, "--binary", BinaryRunner.executable,
      ])
    let advice = "source \(prefix)/share/bash-completion/completions/bounty"
    #expect(
      elsewhere.output.contains("for bash, add to ~/.bashrc: \(advice)"), "\(elsewhere.output)")
    let advised = try Self.run(["/bin/bash", "-c", "\(advice); complete -p bounty"])
    #expect(advised.output.contains("complete -F _bounty bounty"), "\(advised.output)")
  }
}
