import Foundation
import PackagePlugin

/// Embeds text files that live outside a target (the `Migrations/` folder, the sample roster and
/// the world map in `share/`) into that target as Swift source, so the binary carries them and runs from any folder.
///
/// SwiftPM resources (`Bundle.module`) look for a bundle beside the executable and fail when the binary
/// is copied elsewhere; a generated Swift file cannot go missing.
///
/// Nothing here can go stale: the generator lists the folder itself when it runs; the folder is an
/// input (adding, renaming or deleting a file changes its modification time, so the command runs
/// again) and so is every file in it (an edit runs it again). For `Migrations/`, the symlink
/// `Sources/BountyStore/Migration/SQL` (excluded from the target) puts the folder inside a target, so
/// SwiftPM also plans the build again, and calls this plugin again, when a file comes or goes; the
/// list of inputs below is then never older than the folder.
@main
struct EmbedPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let (folder, typeName, options): (URL, String, [String])
    switch target.name {
    case "BountyStore":
      (folder, typeName, options) = (
        root.appending(path: "Migrations"), "EmbeddedMigrations", ["--migrations"]
      )
    case "BountyApp":
      (folder, typeName, options) = (root.appending(path: "share/sample"), "EmbeddedSample", [])
    case "BountyReports":
      (folder, typeName, options) = (root.appending(path: "share/map"), "EmbeddedMap", [])
    default: return []
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }
      .sorted()
    let output = context.pluginWorkDirectoryURL.appending(path: "\(typeName).swift")
    return [
      .buildCommand(
        displayName: "Embedding \(folder.lastPathComponent)",
        executable: try context.tool(named: "EmbedGenerator").url,
        arguments: options + [output.path, typeName, folder.path],
        inputFiles: [folder] + names.map { folder.appending(path: $0) },
        outputFiles: [output]
      )
    ]
  }
}
