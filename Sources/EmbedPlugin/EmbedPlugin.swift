import Foundation
import PackagePlugin

/// Embeds text files that live outside a target (the `Migrations/` folder and its `postgresql/`
/// ladder, the sample roster and the world map in `share/`) into that target as Swift source, so the binary carries them and runs from any folder.
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
    let embeddings: [(folder: URL, typeName: String, options: [String])]
    switch target.name {
    case "BountyStore":
      // The SQLite ladder, and PostgreSQL's own ladder in its subfolder (which the first skips).
      embeddings = [
        (
          root.appending(path: "Migrations"), "EmbeddedMigrations",
          ["--migrations", "--fresh-schema"]
        ),
        (
          root.appending(path: "Migrations/postgresql"), "EmbeddedPostgresMigrations",
          ["--migrations"]
        ),
      ]
    case "BountyApp":
      embeddings = [(root.appending(path: "share/sample"), "EmbeddedSample", [])]
    case "BountyReports":
      embeddings = [(root.appending(path: "share/map"), "EmbeddedMap", [])]
    default: return []
    }
    return try embeddings.map { folder, typeName, options in
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { !$0.hasPrefix(".") }
        .sorted()
      let output = context.pluginWorkDirectoryURL.appending(path: "\(typeName).swift")
      return .buildCommand(
        displayName: "Embedding \(folder.lastPathComponent)",
        executable: try context.tool(named: "EmbedGenerator").url,
        arguments: options + [output.path, typeName, folder.path],
        inputFiles: [folder] + names.map { folder.appending(path: $0) },
        outputFiles: [output]
      )
    }
  }
}
