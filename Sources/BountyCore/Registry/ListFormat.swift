/// How a terminal prints a list result (`--format`): a table for people, or rows for programs.
/// A command's view declares whether it takes one (`ResultView.takesListFormat`); the spec then
/// gets the terminal-only `--format` parameter without naming it.
public enum ListFormat: String, CaseIterable, Sendable {
  /// Aligned columns for a person (the default).
  case table
  /// RFC 4180 fields (CRLF line ends) with a header row, text a spreadsheet would run as a formula
  /// guarded (`CSVWriter.guarded`): every matching item, streamed.
  case csv
  /// Tab-separated fields, `\t` `\n` `\r` `\\` escaped: one item per line for `sort`, `cut` and
  /// `awk`; a header line only with `--header`. Every matching item, streamed.
  case tsv
  /// Exactly what `--json` prints: the result, `{"items": […], "total": N}` for a list (a page).
  case json
  /// One JSON object per line: every matching item, streamed.
  case ndjson

  /// True for the formats that print every matching item as it is read (no page, no cap).
  public var streams: Bool { self == .csv || self == .tsv || self == .ndjson }

  /// The terminal's `--format table|csv|tsv|json|ndjson`.
  public static let param = Param<ListFormat>(
    ParamSpec(
      "format", .choice(allCases.map(\.rawValue)), fronts: .terminal,
      help:
        "table (default) or json: a page; csv, tsv or ndjson: every match, streamed; "
        + "--json FIELD,… picks the fields")
  ) {
    if case .text(let word) = $0 { return ListFormat(rawValue: word) }
    return nil
  }

  /// The name of the parameter that sizes a paged list (`--limit`): a page the caller did not size
  /// that holds fewer items than match says so on standard error (`cutNote`).
  public static let pageSizeName = "limit"

  /// What a paged view (a table, `--json`) says on standard error when its page holds fewer of
  /// the items than match and nobody sized it; nil otherwise.
  public static func cutNote(_ counts: (shown: Int, total: Int64)?, arguments: Arguments)
    -> String?
  {
    guard arguments.value(named: pageSizeName) == nil, let (shown, total) = counts,
      Int64(shown) < total
    else { return nil }
    return "Note: this page holds \(shown) of the \(total) that match; --offset and --limit page "
      + "through them, --format csv, tsv or ndjson prints every one."
  }

  /// The terminal's `--header`: TSV starts with a line naming the columns (CSV always does).
  public static let header = Param.flag(
    "header", fronts: .terminal,
    help: "With --format tsv: a first line naming the columns (csv always has one)")
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
