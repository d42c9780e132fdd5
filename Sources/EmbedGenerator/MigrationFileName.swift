/// The rule for files in `Migrations/`: `NNNN_snake_name.sql` (four digits, an underscore, lower-case
/// letters and digits in words joined by single underscores), numbered from 1 upwards without
/// repeats. A file that breaks it fails the build instead of being left out of the binary.
///
/// A gap is allowed for now: migration 0017 is written on another branch (issue 24, part 1) and
/// this branch's 0018 must keep its number. Once both are on main the ladder is contiguous again,
/// and the gap check (a version other than `index + 1`) can come back.
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
    for (index, entry) in parsed.enumerated()
    where index > 0 && entry.parsed.version <= parsed[index - 1].parsed.version {
      let expected = String(parsed[index - 1].parsed.version + 1)
      return .failure(
        GeneratorError(
          "\(folder)/\(entry.file): expected version \(String(repeating: "0", count: 4 - expected.count))\(expected) "
            + "here; migrations are numbered 1, 2, 3… without repeats"))
    }
    return .success(parsed)
  }
}

/// A problem the generator reports as one `error:` line before failing the build.
struct GeneratorError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
