/// How a terminal prints a list result (`--format`): a table for people, or rows for programs.
/// A command's view declares whether it takes one (`ResultView.takesListFormat`); the spec then
/// gets the terminal-only `--format` parameter without naming it.
public enum ListFormat: String, CaseIterable, Sendable {
  /// Aligned columns for a person (the default).
  case table
  /// RFC 4180 fields with a header row.
  case csv
  /// Tab-separated fields, no header, `\t` `\n` `\r` `\\` escaped: one item per line for
  /// `sort`, `cut` and `awk`.
  case tsv
  /// One JSON array of the items.
  case json
  /// One JSON object per line.
  case ndjson

  /// The terminal's `--format table|csv|tsv|json|ndjson`.
  public static let param = Param<ListFormat>(
    ParamSpec(
      "format", .choice(allCases.map(\.rawValue)), fronts: .terminal,
      help:
        "table (default), csv, tsv (no header), json or ndjson; --json FIELD,… picks the columns")
  ) {
    if case .text(let word) = $0 { return ListFormat(rawValue: word) }
    return nil
  }
}

extension ResultView {
  /// True for views that show a list of items (`{items, …}`): the terminal offers `--format`.
  public var takesListFormat: Bool {
    switch self {
    case .fugitiveList, .settingsTable: return true
    default: return false
    }
  }
}
