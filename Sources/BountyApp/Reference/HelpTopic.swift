import BountyCore

/// A help topic that is no command ('bounty help exit-codes'): declared once, as plain text, and
/// rendered by the terminal's help (wrapped to the terminal's width) and by the man page (a
/// section of its own), so the two never say different things.
public struct HelpTopic: Sendable {
  /// A piece of a topic: a paragraph, or terms each with its meaning (a two-column list).
  public enum Block: Sendable {
    case paragraph(String)
    case terms([(term: String, meaning: String)])
  }

  /// The word after `bounty help`: `exit-codes`.
  public let name: String
  /// The title of the man page's section and of the terminal's text: `Exit status`.
  public let title: String
  /// One line for the list of topics.
  public let summary: String
  public let blocks: [Block]

  /// The topic named `name`, or nil.
  public static func named(_ name: String) -> HelpTopic? {
    all.first { $0.name == name }
  }

  /// Every topic, in the order help lists them and the man page shows them.
  public static let all: [HelpTopic] = [exitCodes, environment, formats, dates, json]

  static let exitCodes = HelpTopic(
    name: "exit-codes", title: "Exit status",
    summary: "what each exit status means, and the matching JSON-RPC error codes",
    blocks: [
      .terms([
        ("0", "success (also a question answered no: nothing was changed)"),
        (
          "1",
          "the operation failed: not found (no roster at the path given, for a command that only "
            + "reads), a conflict, a value the store refuses, a database of an older schema (a "
            + "read says 'bounty db migrate' is needed), a file that cannot be read or written; "
            + "'db check' exits 1 when it finds a problem"
        ),
        (
          "64",
          "a usage error: an unknown command or option, a missing or malformed argument (the "
            + "usage follows on standard error)"
        ),
        ("130", "interrupted by Ctrl-C; nothing was changed"),
      ]),
      .paragraph(
        "An error is one line on standard error that starts with 'Error: ', and names the option "
          + "as it is typed (--all-matching); data goes to standard output. 'bounty rpc' answers "
          + "the same failures as JSON-RPC errors that name the parameter (allMatching, in "
          + "data.field): -32001 not found, -32002 conflict, -32003 invalid value, -32004 "
          + "refused, -32602 invalid params, -32601 unknown method, -32603 internal error, "
          + "-32700 parse error, -32600 invalid request."),
    ])

  static let environment = HelpTopic(
    name: "environment", title: "Environment",
    summary: "the variables bounty reads",
    blocks: [
      .terms([
        (
          "BOUNTY_DB",
          "the database when --db is not given: a file, or postgresql://… (or host=… dbname=…) for an agency's roster"
        ),
        (
          "XDG_DATA_HOME",
          "the default database is $XDG_DATA_HOME/bounty/bounty.sqlite (without it, "
            + "~/.local/share/bounty/bounty.sqlite)"
        ),
        (
          "XDG_STATE_HOME",
          "the line shell keeps its history in $XDG_STATE_HOME/bounty/history (without it, "
            + "~/.local/state/bounty/history)"
        ),
        ("HOME", "the folder the defaults above start from"),
        (
          "XDG_CONFIG_HOME",
          "your preferences (color, sorts, confirm.delete, pager) are kept in "
            + "$XDG_CONFIG_HOME/bounty/config (without it, ~/.config/bounty/config)"
        ),
        (
          "PAGER",
          "the pager of long tables on a terminal (default less -FRX; empty or cat: none)"
        ),
        (
          "VISUAL, EDITOR",
          "the editor 'note add ID' opens on a terminal when no text is given (else vi)"
        ),
        ("NO_COLOR", "when set and not empty, no colour unless --color=always"),
        (
          "TERM",
          "dumb gives the line shell instead of the workspace, no colour and no escape "
            + "sequences (a progress bar redraws its line with spaces)"
        ),
        ("COLUMNS", "the width of a terminal that does not say its size"),
        (
          "TZ",
          "the local time zone: times shown on a terminal, dates typed without a zone, words "
            + "such as today, and the days left to a deadline"
        ),
        (
          "BOUNTY_NOW", "fixes the clock (an ISO 8601 time), for reproducible transcripts and tests"
        ),
        (
          "PGHOST, PGDATABASE, PGUSER, PGSERVICE, PGPASSFILE",
          "libpq's, for --db postgresql: (an agency's roster); a password never goes in a URL"
        ),
      ])
    ])

  static let formats = HelpTopic(
    name: "formats", title: "Formats",
    summary: "the formats of lists, reports, dossiers, exports and imports",
    blocks: [
      .paragraph("A list (fugitives list, captured list, settings list…) prints with --format:"),
      .terms([
        ("table", "aligned columns for a person (the default)"),
        ("csv", "RFC 4180 fields with a header line"),
        (
          "tsv",
          "tab-separated fields, no header; a tab, line end or backslash inside a value is "
            + "written \\t, \\n, \\\\, so one line is always one item"
        ),
        ("json", "the items as one JSON array"),
        ("ndjson", "one JSON object a line"),
      ]),
      .paragraph(
        "--json FIELD,… keeps those fields only ('bounty help json'). A report is text, markdown, "
          + "csv, json or html (report --format), a dossier text, markdown or html; both go to "
          + "standard output unless --output FILE. export writes JSON or CSV, chosen by --format "
          + "or else by the output file's extension, and import reads either (by --format, the "
          + "file's extension or its first bytes). Amounts are always exact, with the "
          + "currency's minor digits."),
    ])

  static let dates = HelpTopic(
    name: "dates", title: "Dates and times",
    summary: "how dates and times are typed and shown",
    blocks: [
      .paragraph("Wherever a date or time is asked for (--at, --from, --to, a deadline…):"),
      .terms([
        ("2026-11-30", "a whole day, in local time"),
        (
          "2026-11-30T10:00, 2026-11-30 10:00:00",
          "a local time (seconds and fractions of a second optional)"
        ),
        ("2026-11-30T10:00:00Z, …+02:00", "a time in UTC, or at that offset"),
        ("now", "this moment"),
        ("today, yesterday", "that whole local day"),
        ("3 days ago", "the whole local day that many days back"),
        ("monday … sunday", "the most recent such day, today included"),
      ]),
      .paragraph(
        "Local means the zone TZ names (else the system's). A terminal shows local times "
          + "(2026-11-30 10:00, with the offset when it is not UTC); JSON, CSV, TSV and a pipe "
          + "show UTC in RFC 3339 (2026-11-30T10:00:00Z). Times run from 1900-01-01 to "
          + "9999-12-31. BOUNTY_NOW fixes the clock, words included."),
    ])

  static let json = HelpTopic(
    name: "json", title: "JSON",
    summary: "--json, --json FIELDS and bounty rpc",
    blocks: [
      .paragraph(
        "--json prints a command's result as JSON: the same bytes as the result of the same "
          + "call through 'bounty rpc' (JSON-RPC 2.0, one request a line on standard input, one "
          + "response a line on standard output; 'rpc.discover' describes every method and its "
          + "result's JSON Schema). Keys are camelCase; amounts are strings of exact digits "
          + "(\"12500.00\"); times are UTC (2026-11-30T10:00:00Z)."),
      .paragraph(
        "--json FIELD,FIELD keeps only those fields, as gh does; a field the result does not "
          + "have is a usage error that lists the ones it has. A list's result holds its items "
          + "and how many match in all (\"items\", \"total\"). Errors stay one line on standard error, with the "
          + "exit status of 'bounty help exit-codes'."),
    ])
}
