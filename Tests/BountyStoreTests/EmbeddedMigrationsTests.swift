import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyStore

/// What the binary carries is exactly what `Migrations/` holds, and the build tool that embeds it
/// refuses a folder whose names break the rule.
@Suite(.onTestThreads) struct EmbeddedMigrationsTests {
  /// The repository's `Migrations/` folder, found from the test sources' `#filePath`.
  static let folder = GeneratedFile.root.appending(path: "Migrations")

  /// The `.sql` files of a folder (its subfolders are ladders of their own), in name order.
  static func files(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { name in
        var isFolder: ObjCBool = false
        return !name.hasPrefix(".")
          && !(FileManager.default.fileExists(
            atPath: folder.appending(path: name).path, isDirectory: &isFolder)
            && isFolder.boolValue)
      }.sorted()
  }

  /// SQLite's ladder in `Migrations/`, PostgreSQL's in `Migrations/postgresql/`.
  @Test(arguments: [("", 11), ("postgresql", 1)])
  func theEmbeddedMigrationsAreTheFilesInTheFolderByteForByte(subfolder: String, atLeast: Int)
    throws
  {
    let folder = subfolder.isEmpty ? Self.folder : Self.folder.appending(path: subfolder)
    let (embedded, bundled) =
      subfolder.isEmpty
      ? (EmbeddedMigrations.files.map(\.file), Migration.bundled)
      : (EmbeddedPostgresMigrations.files.map(\.file), Migration.bundledPostgres)
    let files = try Self.files(in: folder)
    #expect(files.count >= atLeast)
    #expect(embedded == files)
    #expect(bundled.map(\.version) == Array(1...files.count))
    for (migration, file) in zip(bundled, files) {
      let path = folder.appending(path: file).path
      let bytes = try #require(FileManager.default.contents(atPath: path))
      #expect(file == String(format: "%04d_%@.sql", migration.version, migration.name))
      #expect(Array(migration.sql.utf8) == Array(bytes), "\(file)")
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(migration.checksum == fnv1aChecksum(text), "\(file)")
    }
  }

  /// Runs the generator the build uses on a folder holding `files` (name → text).
  static func generate(_ files: [String: String]) throws -> (
    status: Int32, stderr: String, source: String
  ) {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("Migrations"), withIntermediateDirectories: false)
    for (name, text) in files {
      if name.hasSuffix("/") {
        try FileManager.default.createDirectory(
          atPath: folder.file("Migrations/" + name), withIntermediateDirectories: false)
        continue
      }
      try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file("Migrations/" + name)))
    }
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: BinaryRunner.builtExecutable(named: "EmbedGenerator-tool"))
    process.arguments = [
      "--migrations", folder.file("Embedded.swift"), "EmbeddedMigrations",
      folder.file("Migrations"),
    ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let source = (try? String(contentsOfFile: folder.file("Embedded.swift"), encoding: .utf8)) ?? ""
    return (process.terminationStatus, stderr, source)
  }

  @Test func aWellNamedFolderIsEmbeddedInVersionOrder() throws {
    let result = try Self.generate([
      "0002_b.sql": "SELECT 2;\r\n", "0001_first_one.sql": "SELECT 1; -- ##\"\"\"#",
      ".0003_swap.sql.swp": "editor file", "postgresql/": "",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let first = try #require(result.source.range(of: "version: 1, name: \"first_one\""))
    let second = try #require(result.source.range(of: "version: 2, name: \"b\""))
    #expect(first.lowerBound < second.lowerBound)
    // A carriage return is escaped (a literal one would become a plain newline), hidden files
    // and subfolders (another ladder) are left out, and the text's own # runs do not end the
    // literal.
    #expect(result.source.contains("text: #\"\"\"\nSELECT 2;\\#u{d}\n\n\"\"\"#,"))
    #expect(result.source.contains("text: ###\"\"\"\nSELECT 1; -- ##\"\"\"#\n\"\"\"###,"))
    #expect(!result.source.contains("swap"))
    #expect(!result.source.contains("postgresql"))
  }

  @Test(arguments: [
    "0012-fugitive_alias.sql", "12_fugitive_alias.sql", "0012_Fugitive.sql", "0012_alias.SQL",
    "0012_.sql", "0012_double__underscore.sql", "0012_alias.sql~", "README.md", "0000_zero.sql",
  ])
  func aMisnamedFileFailsTheBuildWithOneLine(name: String) throws {
    var files = ["0001_first.sql": "SELECT 1;", "0002_second.sql": "SELECT 2;"]
    files[name] = "SELECT 3;"
    let result = try Self.generate(files)
    #expect(result.status == 1)
    #expect(result.stderr == "error: Migrations/\(name): \(Self.rule)\n")
    #expect(result.source.isEmpty)
  }

  static let rule =
    "migration files are named NNNN_snake_name.sql (four digits, an underscore, lower-case words "
    + "joined by underscores), e.g. 0012_fugitive_alias.sql"

  @Test func aGapOrARepeatInTheNumbersFailsTheBuild() throws {
    let gap = try Self.generate(["0001_a.sql": "", "0003_c.sql": ""])
    #expect(gap.status == 1)
    #expect(gap.stderr.hasPrefix("error: Migrations/0003_c.sql: expected version 0002 here"))
    let repeated = try Self.generate(["0001_a.sql": "", "0001_b.sql": ""])
    #expect(repeated.status == 1)
    #expect(repeated.stderr.hasPrefix("error: Migrations/0001_b.sql: expected version 0002 here"))
  }

  /// The build-time checksums equal the ones the running code would compute.
  @Test func embeddedChecksumsMatchTheText() {
    for migration in Migration.bundled + Migration.bundledPostgres {
      #expect(migration.checksum == fnv1aChecksum(migration.sql), "\(migration.name)")
    }
  }
}
