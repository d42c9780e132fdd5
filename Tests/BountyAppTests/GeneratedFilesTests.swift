import BountyTestSupport
import Foundation
import Testing

@testable import BountyApp

/// Files generated from the registry must match it. `scripts/update-generated` rewrites them.
@Suite(.onTestThreads) struct GeneratedFilesTests {
  @Test func commandsReferenceIsCurrent() throws {
    #expect(
      GeneratedFile.staleness("docs/commands.md", CommandReference.markdown(.standard)) == nil,
      "stale: run scripts/update-generated")
  }

  @Test func everyRPCCommandIsInTheOpenRPCDocument() throws {
    let document = OpenRPCDocument.build(.standard)
    let names = (document["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    #expect(names == Registry.standard.commands(for: .rpc).map(\.spec.name))
    for method in [
      "fugitives.list", "fugitives.get", "fugitives.add", "fugitives.update", "fugitives.delete",
      "fugitives.move", "fugitives.capture", "fugitives.seen", "fugitives.photo", "captured.list",
      "captured.get", "captured.release", "notes.list", "notes.add", "notes.update", "notes.delete",
      "notes.move", "settings.list", "settings.get", "settings.set", "settings.reset",
      "history.list",
      "history.undo", "history.redo", "sample.load", "db.info", "rpc.discover",
    ] {
      #expect(names.contains(method), "\(method) is missing")
    }
  }
}
