import Foundation
import PackagePlugin

/// Embeds text files that live outside a target (the `Migrations/` folder, the sample roster and
/// the world map in `share/`) into that target as Swift source, so the binary carries them and runs from any folder.
///
/// SwiftPM resources (`Bundle.module`) look for a bundle beside the executable and fail when the binary
/// is copied elsewhere; a generated Swift file cannot go missing.
@main
struct EmbedPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let (folder, typeName): (URL, String)
    switch target.name {
    case "BountyStore":
      (folder, typeName) = (root.appending(path: "Migrations"), "EmbeddedMigrations")
    case "BountyApp": (folder, typeName) = (root.appending(path: "share/sample"), "EmbeddedSample")
    case "BountyReports": (folder, typeName) = (root.appending(path: "share/map"), "EmbeddedMap")
    default: return []
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }
      .sorted()
    let inputs = names.map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "\(typeName).swift")
    return [
      .buildCommand(
        displayName: "Embedding \(names.count) files from \(folder.lastPathComponent)",
        executable: try context.tool(named: "EmbedGenerator").url,
        arguments: [output.path, typeName] + inputs.map(\.path),
        inputFiles: inputs + [folder],
        outputFiles: [output]
      )
    ]
  }
}
