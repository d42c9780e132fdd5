/// A format a file's name implies by its extension (`report --output r.html`, `export --output
/// x.csv`, `import x.json`): every command that writes or reads a file decides the same way when
/// no `--format` is given.
public protocol ImpliedFormat: CaseIterable {
  /// The extensions (lower case, without the dot) that name this format.
  var fileExtensions: [String] { get }
}

extension ImpliedFormat {
  /// The format `path`'s extension names, if any (case does not matter: `R.HTML` is HTML).
  public static func implied(by path: String) -> Self? {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let fileExtension = name[name.index(after: dot)...].lowercased()
    return allCases.first { $0.fileExtensions.contains(fileExtension) }
  }
}
