import BountyCore
internal import BountyStore

/// `share/man/man1/bounty.1`, generated from the registry (a test fails when it is stale).
public enum ManPage {
  static func escape(_ text: String) -> String {
    var result = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return asciiOnly(result)
  }

  /// The section heading of a help topic, as the page writes it.
  public static func heading(_ topic: HelpTopic) -> String {
    ".SH \(escape(topic.title.uppercased()))"
  }

  /// The line that names a term of a help topic, as the page writes it.
  public static func termLine(_ term: String) -> String { ".B \(escape(term))" }

  /// Roff's names for the characters the registry's texts use beyond ASCII, which each output
  /// device draws its own way (`^` and `v` for the arrows under `LANG=C`).
  static let namedCharacters: [Character: String] = [
    "↑": "\\(ua", "↓": "\\(da", "←": "\\(<-", "→": "\\(->", "…": "...", "°": "\\(de",
    "—": "\\(em", "–": "\\(en", "×": "\\(mu", "’": "\\(aq", "“": "\\(lq", "”": "\\(rq",
  ]

  /// `text` with every character beyond ASCII written as a roff escape, so that the page reads
  /// the same in any locale: a named one where roff has it, else `\[uXXXX]`.
  static func asciiOnly(_ text: String) -> String {
    var result = ""
    for character in text {
      if character.isASCII {
        result.append(character)
      } else if let name = namedCharacters[character] {
        result += name
      } else {
        for scalar in character.unicodeScalars {
          result += scalar.isASCII ? String(scalar) : "\\[u\(hex(scalar.value))]"
        }
      }
    }
    return result
  }

  /// At least four upper-case hexadecimal digits, as roff's `\[uXXXX]` wants them.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The page's lines with every text line (not a request) of more than 80 bytes broken at spaces,
  /// as `mandoc -Tlint` asks; roff joins them again when it fills the paragraph.
  static func wrapped(_ lines: [String]) -> [String] {
    lines.flatMap { line -> [String] in
      guard !line.hasPrefix("."), line.utf8.count > 80 else { return [line] }
      var out: [String] = []
      var current = ""
      for word in line.split(separator: " ", omittingEmptySubsequences: false) {
        if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > 80 {
          out.append(current)
          current = word.hasPrefix(".") || word.hasPrefix("'") ? "\\&" + word : String(word)
        } else {
          current += current.isEmpty ? String(word) : " " + word
        }
      }
      return out + [current]
    }
  }

  public static func roff(_ registry: Registry) -> String {
    var lines = [
      ".\\\" Generated from the command registry by scripts/update-generated; do not edit.",
      ".TH BOUNTY 1 \(BountyVersion.date) \"bounty \(BountyVersion.current)\" \"User Commands\"",
      ".SH NAME", "bounty \\- a case tracker for bounty hunters",
      ".SH SYNOPSIS",
      ".B bounty",
      "[\\fB\\-\\-db\\fR \\fIPATH\\fR] [\\fB\\-\\-json\\fR] [\\fB\\-\\-no\\-color\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR]",
      ".br", ".B bounty", "(on a terminal: the full\\-screen workspace)", ".br", ".B bounty shell",
      "[\\fB\\-\\-bail\\fR] (the line shell; also what reads a script on standard input;",
      "\\fB\\-\\-bail\\fR stops a script at its first failed line and exits 1)", ".br",
      ".B bounty rpc",
      "(JSON\\-RPC 2.0 on standard input and output)",
      ".SH DESCRIPTION",
      "bounty keeps a hunter's list of fugitives with exact bounties, the captured ones, case notes, photos",
      "and settings in one SQLite file, and writes bounty reports and dossiers. With no command, on a",
      "terminal, it opens a full\\-screen workspace with three tabs: Fugitives, Captured and Settings",
      "(\\fBTERM=dumb\\fR or \\fBbounty shell\\fR give the line shell instead). Every command below is also a",
      "JSON\\-RPC method of \\fBbounty rpc\\fR.",
      ".SH GLOBAL OPTIONS",
      ".TP", ".BI \\-\\-db \" PATH\"",
      "The database file. Default: \\fB$BOUNTY_DB\\fR, else \\fB$XDG_DATA_HOME/bounty/bounty.sqlite\\fR, else \\fB~/.local/share/bounty/bounty.sqlite\\fR.",
      ".TP", ".B \\-\\-json",
      "Print the result as JSON: the same bytes as the JSON\\-RPC result of the same call.",
      ".TP", ".BI \\-\\-jq \" EXPR\"",
      "Filter the JSON result through the jq expression \\fIEXPR\\fR (libjq; implies \\fB\\-\\-json\\fR).",
      ".TP", ".BI \\-\\-color= WHEN",
      "\\fBalways\\fR, \\fBnever\\fR or \\fBauto\\fR. Without it, colour only ever on a terminal (the \\fBcolor\\fR preference may turn it off).",
      ".TP", ".B \\-\\-no\\-color",
      "The same as \\fB\\-\\-color=never\\fR. \\fBNO_COLOR\\fR is obeyed too.",
      ".TP", ".B \\-\\-no\\-pager",
      "Long tables on a terminal straight out, not through \\fB$PAGER\\fR (default \\fBless \\-FRX\\fR).",
      ".TP", ".BR \\-h \", \" \\-\\-help",
      "Help, to standard output, fitted to the terminal's width (80 columns elsewhere). "
        + "\\fBbounty help\\fR \\fICOMMAND\\fR (or \\fICOMMAND\\fR \\fB\\-\\-help\\fR) for one "
        + "command, \\fBbounty help\\fR \\fITOPIC\\fR for a topic: "
        + HelpTopic.all.map { "\\fB" + escape($0.name) + "\\fR" }.joined(separator: ", ") + ".",
      ".TP", ".B \\-\\-version", "Print the version.",
    ]
    for (tab, title) in CommandReference.tabTitles {
      let commands = registry.commands(for: .terminal).filter { $0.spec.tab == tab }
      if commands.isEmpty { continue }
      lines += [".SH \(title.uppercased())"]
      for command in commands {
        let spec = command.spec
        lines += [".TP", ".B \(escape(spec.usage))", escape(spec.summary) + "."]
        for param in spec.params where param.fronts.contains(.terminal) {
          lines += [
            ".RS", ".TP", ".B \(escape(CommandLineLabel.label(param)))",
            escape(param.help) + (param.required ? " (required)" : ""), ".RE",
          ]
        }
      }
    }
    func entries(_ title: String, _ list: [InteractiveReference.Entry]) -> [String] {
      [".SS \(escape(title))"]
        + list.flatMap { [".TP", ".B \(escape($0.keys))", escape($0.meaning) + "."] }
    }
    lines += [".SH THE WORKSPACE", "The keys; \\fB?\\fR shows those of the view on screen."]
    lines += entries("On a list", InteractiveReference.list)
    lines += entries("On a fugitive's card", InteractiveReference.card)
    lines += entries("On the Settings tab", InteractiveReference.settings)
    lines += entries("Everywhere", InteractiveReference.everywhere)
    lines += entries("In a form", InteractiveReference.form)
    lines += [
      ".SH THE LINE SHELL",
      "Every command's verb without its tab word (\\fBcapture\\fR, \\fBnote add\\fR, \\fBundo\\fR), tried in the",
      "active tab first. On a fugitive's card a verb given no ID# acts on that fugitive, and free text",
      "(\\fBnote add\\fR \\fITEXT...\\fR, \\fBset\\fR \\fIKEY VALUE...\\fR) is the rest of the line, never an ID#.",
      "Without a terminal it starts from the defaults, remembers nothing, and deletes only with",
      "\\fB\\-\\-yes\\fR (or \\fBconfirm.delete\\fR false). Its own verbs:",
    ]
    lines += InteractiveReference.shellVerbs.flatMap {
      [".TP", ".B \(escape($0.keys))", escape($0.meaning) + "."]
    }
    lines += [
      ".SH SETTINGS",
      "\\fBbounty settings set\\fR \\fIKEY VALUE\\fR; \\fBbounty settings list\\fR shows them all.",
    ]
    for key in SettingKey.allCases {
      let values = key.choices.map { " One of: " + $0.joined(separator: ", ") + "." } ?? ""
      let fallback = key.defaultValue.isEmpty ? "not set" : key.defaultValue
      lines += [
        ".TP", ".B \(escape(key.rawValue))", escape("\(key.help). Default: \(fallback).\(values)"),
      ]
    }
    // The topics of `bounty help TOPIC`, from the same declarations.
    for topic in HelpTopic.all {
      lines.append(heading(topic))
      for block in topic.blocks {
        switch block {
        case .paragraph(let text):
          // A section's first paragraph needs no paragraph macro (mandoc warns of one).
          lines += (lines.last?.hasPrefix(".SH ") == true ? [] : [".PP"]) + [escape(text)]
        case .terms(let terms):
          lines += terms.flatMap { [".TP", termLine($0.term), escape($0.meaning)] }
        }
      }
    }
    lines += [
      ".SH FILES", ".TP", ".I ~/.local/share/bounty/bounty.sqlite",
      "The default database (mode 0600, in a folder of mode 0700).",
      ".TP", ".I ~/.config/bounty/config",
      "Your preferences (\\fBcolor\\fR, the sorts, \\fBconfirm.delete\\fR, \\fBpager\\fR), one \\fIkey\\fR = \\fIvalue\\fR a line, when \\fBXDG_CONFIG_HOME\\fR is not set.",
      ".TP", ".I ~/.local/state/bounty/history",
      "The line shell's history, the last 1000 lines (mode 0600), when \\fBXDG_STATE_HOME\\fR is not set.",
      ".SH SEE ALSO",
      ".BR sqlite3 (1),",
      ".BR psql (1)",
      ".PP",
      "The guide, the JSON\\-RPC reference and the agency guide are installed beside this page:",
      "\\fIguide.md\\fR, \\fIjson\\-rpc.md\\fR and \\fIagency.md\\fR in \\fBshare/doc/bounty\\fR under the",
      "prefix bounty was installed in (\\fB~/.local\\fR by default), or in \\fB/usr/share/doc/bounty\\fR",
      "from the Debian package, compressed (read them with \\fBzless\\fR).",
    ]
    return wrapped(lines).joined(separator: "\n") + "\n"
  }
}

/// How a parameter is written in help and the man page: `ID`, `--name TEXT`, `--all`.
public enum CommandLineLabel {
  /// How a message names the parameter on a command line: its option (`--all-matching`) or, for
  /// one given by position, its placeholder (`IDS`).
  public static func name(_ param: ParamSpec) -> String {
    param.positional ? param.name.uppercased() : param.optionName
  }

  public static func label(_ param: ParamSpec) -> String {
    if param.positional { return param.name.uppercased() }
    return param.type == .boolean
      ? param.optionName : "\(param.optionName) \(param.type.placeholder)"
  }
}
