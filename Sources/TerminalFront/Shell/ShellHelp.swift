import BountyApp

/// The `help` text of the line shell, for the active tab. `help WORDS` shows a command's own help.
enum ShellHelp {
  static func text(for tab: TabName) -> String {
    var lines = [
      "Commands in the \(tab.title) tab (on a fugitive's card, ID can be left out: the verb acts on it):"
    ]
    switch tab {
    case .fugitives:
      lines += [
        "  list                      the fugitives at large ('list --all' shows every fugitive)",
        "  show ID                   one fugitive's card (from any tab)",
        "  add                       add a fugitive (asks field by field; '.cancel' or Ctrl-C cancels)",
        "  edit [ID]                 edit a fugitive (Enter keeps a value)",
        "  delete [ID]               delete a fugitive with its notes and photo (scripts: --yes)",
        "  move [ID] --to N          move to row N of the list ('sort manual' shows that order)",
        "  capture [ID] [--at DATE] [--lat X --lon Y]   mark captured",
        "  seen [ID] [--lat X --lon Y] [--description TEXT]   record a sighting",
        "  note add TEXT…  note edit NOTE TEXT…  note delete NOTE  note move NOTE --to N",
        "                            the card's case notes (NOTE is the number in [note N])",
        "  photo FILE | photo --export FILE | photo --clear",
      ]
    case .captured:
      lines += [
        "  list                      captured fugitives, newest capture first",
        "  show ID                   one fugitive's card (from any tab)",
        "  release [ID]              release back to the Fugitives tab",
        "  edit [ID]                 edit a fugitive",
      ]
    case .settings:
      lines += [
        "  list                      every setting",
        "  get KEY | set KEY VALUE… | reset KEY   (VALUE is the rest of the line)",
      ]
    }
    lines += ["", "Everywhere:"] + InteractiveReference.lines(InteractiveReference.shellVerbs)
    lines += [
      "  undo, redo, history, sample, report, import, export…: every command, without its tab word",
      "Keys: Tab completes; Up/Down and Ctrl-R search the history; Ctrl-A/E, Home/End, Alt-b/f,",
      "Ctrl-W/K/U edit; Ctrl-L clears; Ctrl-C abandons the line or a form; Ctrl-D quits.",
    ]
    return lines.joined(separator: "\n")
  }
}
