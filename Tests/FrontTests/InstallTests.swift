import BountyTestSupport
import Foundation
import Testing

/// Installed like a real tool: scripts/install puts the binary, man page and completions where
/// the tools look and --uninstall takes exactly those away; scripts/package-deb builds a .deb
/// whose binary runs from a scratch root.
@Suite(.serialized) struct InstallTests {
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
    ] {
      #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file)")
    }
    let version = try Self.run(["\(prefix)/bin/bounty", "--version"])
    #expect(version.output.hasPrefix("bounty "))
    let removed = try Self.run(["scripts/install", "--prefix", prefix, "--uninstall"])
    #expect(removed.status == 0, "\(removed.output)")
    #expect(Self.files(under: prefix) == before)
  }

  /// Builds the static release binary in its own scratch folder (the test run holds .build):
  /// about two minutes the first time on two cores, seconds when nothing changed.
  @Test func theDebianPackageRunsFromAScratchRoot() throws {
    let folder = try TemporaryFolder()
    let packaged = try Self.run([
      "scripts/package-deb", "--out", folder.path, "--scratch-path", ".build/package-test",
    ])
    #expect(packaged.status == 0, "\(packaged.output)")
    let deb = try #require(packaged.output.split(separator: "\n").last.map(String.init))
    let info = try Self.run(["dpkg-deb", "--field", deb, "Package", "Version", "Architecture"])
    #expect(info.output.contains("Package: bounty"))
    let contents = try Self.run(["dpkg-deb", "--contents", deb])
    for file in [
      "./usr/bin/bounty", "./usr/share/man/man1/bounty.1.gz",
      "./usr/share/bash-completion/completions/bounty",
      "./usr/share/zsh/vendor-completions/_bounty",
      "./usr/share/fish/vendor_completions.d/bounty.fish", "./usr/share/doc/bounty/copyright",
    ] {
      #expect(contents.output.contains(file), "\(file)")
    }
    let root = folder.file("root")
    #expect(try Self.run(["dpkg-deb", "-x", deb, root]).status == 0)
    let version = try Self.run(["\(root)/usr/bin/bounty", "--version"])
    #expect(version.status == 0)
    #expect(version.output.hasPrefix("bounty "), "\(version.output)")
  }
}
