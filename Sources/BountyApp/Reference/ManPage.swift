import BountyCore
internal import BountyStore

/// `share/man/man1/bounty.1`, generated from the registry (a test fails when it is stale).
public enum ManPage {
  static func escape(_ text: String) -> String {
    var result = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }

  public static func roff(_ registry: Registry) -> String {
    var lines = [
      ".\\\" Generated from the command registry by scripts/update-generated; do not edit.",
      ".TH BOUNTY 1 \"\" \"bounty \(BountyVersion.current)\" \"User Commands\"",
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
      "Help, to standard output. \\fBbounty help\\fR \\fICOMMAND\\fR for one command.",
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
    lines += [
      ".SH EXIT STATUS",
      "0 success; 1 the operation failed (not found, conflict, invalid value, I/O); 64 a usage error; 130 interrupted.",
      ".SH ENVIRONMENT",
      ".TP", ".B BOUNTY_DB", "The database file, when \\fB\\-\\-db\\fR is not given.",
      ".TP", ".B NO_COLOR",
      "When set and not empty, no colour unless \\fB\\-\\-color=always\\fR.",
      ".TP", ".B XDG_CONFIG_HOME",
      "Where your preferences are kept: \\fB$XDG_CONFIG_HOME/bounty/config\\fR.",
      ".TP", ".B PAGER",
      "The pager of long tables on a terminal (default \\fBless \\-FRX\\fR; empty or \\fBcat\\fR: none).",
      ".TP", ".BR VISUAL \", \" EDITOR",
      "The editor \\fBnote add\\fR \\fIID\\fR opens on a terminal when no text is given (else \\fBvi\\fR).",
      ".TP", ".B XDG_STATE_HOME",
      "Where the line shell keeps its history: \\fB$XDG_STATE_HOME/bounty/history\\fR.",
      ".TP", ".B TERM",
      "\\fBdumb\\fR (or no terminal) gives the line shell instead of the workspace.",
      ".TP", ".B BOUNTY_NOW",
      "Fixes the clock (an ISO 8601 time), for reproducible transcripts and tests.",
      ".SH FILES", ".TP", ".I ~/.local/share/bounty/bounty.sqlite",
      "The default database (mode 0600, in a folder of mode 0700).",
      ".TP", ".I ~/.config/bounty/config",
      "Your preferences (\\fBcolor\\fR, the sorts, \\fBconfirm.delete\\fR, \\fBpager\\fR), one \\fIkey\\fR = \\fIvalue\\fR a line, when \\fBXDG_CONFIG_HOME\\fR is not set.",
      ".TP", ".I ~/.local/state/bounty/history",
      "The line shell's history, the last 1000 lines (mode 0600), when \\fBXDG_STATE_HOME\\fR is not set.",
      ".SH SEE ALSO",
      "The guide and the JSON\\-RPC reference: docs/guide.md and docs/json\\-rpc.md in the source.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

/// How a parameter is written in help and the man page: `ID`, `--name TEXT`, `--all`.
public enum CommandLineLabel {
  public static func label(_ param: ParamSpec) -> String {
    if param.positional { return param.name.uppercased() }
    return param.type == .boolean
      ? param.optionName : "\(param.optionName) \(param.type.placeholder)"
  }
}
