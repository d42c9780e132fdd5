import BountyApp
import BountyTestSupport
import Foundation
import Testing

/// The completion scripts and the man page in share/ are generated from the registry and must match.
@Suite(.onTestThreads) struct GeneratedReferenceTests {
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

  /// `mandoc -Tlint` finds nothing to say, and the page is ASCII (roff escapes for the arrows and
  /// the ellipsis), so it reads the same under `LANG=C`.
  @Test func manPagePassesMandocLintAndReadsInAnyLocale() throws {
    let page = GeneratedFile.root.appending(path: "share/man/man1/bounty.1").path
    let lint = try PostgresTestServer.execute("/usr/bin/mandoc", ["-Tlint", page])
    #expect(
      lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)"
    )
    let bytes = try #require(TemporaryFolder.bytes(page))
    #expect(bytes.allSatisfy { $0 < 0x80 }, "the page holds bytes beyond ASCII")
    let shown = try PostgresTestServer.execute(
      "/usr/bin/env", ["LANG=C", "LC_ALL=C", "/usr/bin/mandoc", "-Tascii", page])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.utf8.allSatisfy { $0 < 0x80 })
    // Without the overstrikes that make bold text (a character, a backspace, the character).
    let text = shown.stdout.replacing(/.\u{8}/, with: "")
    #expect(text.contains("^/v j/k"), "the arrows are drawn as ^/v under LANG=C")
    #expect(text.contains("share/doc/bounty"))
  }
}
