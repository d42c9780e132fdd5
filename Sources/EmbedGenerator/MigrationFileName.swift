/// The rule for files in `Migrations/`: `NNNN_snake_name.sql` (four digits, an underscore, lower-case
/// letters and digits in words joined by single underscores), numbered 1, 2, 3… without gaps or
/// repeats. A file that breaks it fails the build instead of being left out of the binary.
struct MigrationFileName {
  let version: Int
  let name: String

  static let rule =
    "migration files are named NNNN_snake_name.sql (four digits, an underscore, lower-case "
    + "words joined by underscores), e.g. 0012_fugitive_alias.sql"

  /// Parses `0012_fugitive_alias.sql`; nil when the name breaks the rule.
  init?(_ file: String) {
    let scalars = Array(file.unicodeScalars)
    guard scalars.count > 9, file.hasSuffix(".sql"), scalars[4] == "_",
      scalars[0..<4].allSatisfy({ ("0"..."9").contains($0) }),
      let version = Int(String(file.prefix(4))), version > 0
    else { return nil }
    let name = String(String.UnicodeScalarView(scalars[5..<(scalars.count - 4)]))
    let words = name.split(separator: "_", omittingEmptySubsequences: false)
    guard
      words.allSatisfy({ word in
        !word.isEmpty
          && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
      })
    else { return nil }
    self.version = version
    self.name = name
  }

  /// Every file parsed, in version order, or the first problem as one line naming the folder.
  static func parseAll(_ files: [String], in folder: String) -> Result<
    [(file: String, parsed: MigrationFileName)], GeneratorError
  > {
    var parsed: [(file: String, parsed: MigrationFileName)] = []
    for file in files {
      guard let name = MigrationFileName(file) else {
        return .failure(GeneratorError("\(folder)/\(file): \(rule)"))
      }
      parsed.append((file, name))
    }
    parsed.sort { $0.parsed.version < $1.parsed.version }
    for (index, entry) in parsed.enumerated() where entry.parsed.version != index + 1 {
      let expected = String(index + 1)
      return .failure(
        GeneratorError(
          "\(folder)/\(entry.file): expected version \(String(repeating: "0", count: 4 - expected.count))\(expected) "
            + "here; migrations are numbered 1, 2, 3… without gaps or repeats"))
    }
    return .success(parsed)
  }
}

/// A problem the generator reports as one `error:` line before failing the build.
struct GeneratorError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
