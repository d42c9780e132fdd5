import BountyApp

/// The `help` text of the line shell, for the active tab, laid out for `width` columns (the
/// terminal's, 80 in a script). `help WORDS` shows a command's own help.
enum ShellHelp {
  static func text(for tab: TabName, width: Int) -> String {
    var page = HelpLayout(width: width)
    page.paragraph(
      "Commands in the \(tab.title) tab (on a fugitive's card, ID can be left out: the verb acts "
        + "on it):")
    switch tab {
    case .fugitives:
      page.rows([
        ("list", "the fugitives at large ('list --all' shows every fugitive)"),
        ("show ID", "one fugitive's card (from any tab)"),
        ("add", "add a fugitive (asks field by field; '.cancel' or Ctrl-C cancels)"),
        ("edit [ID]", "edit a fugitive (Enter keeps a value)"),
        ("delete [ID]", "delete a fugitive with its notes and photo (scripts: --yes)"),
        ("move [ID] --to N", "move to row N of the list ('sort manual' shows that order)"),
        ("capture [ID] [--at DATE] [--lat X --lon Y]", "mark captured"),
        ("seen [ID] [--lat X --lon Y] [--description TEXT]", "record a sighting"),
        (
          "note add TEXT…  note edit NOTE TEXT…  note delete NOTE  note move NOTE --to N",
          "the card's case notes (NOTE is the number in [note N])"
        ),
        ("photo FILE | photo --export FILE | photo --clear", "the card's photo"),
      ])
    case .captured:
      page.rows([
        ("list", "captured fugitives, newest capture first"),
        ("show ID", "one fugitive's card (from any tab)"),
        ("release [ID]", "release back to the Fugitives tab"),
        ("edit [ID]", "edit a fugitive"),
      ])
    case .settings:
      page.rows([
        ("list", "every setting"),
        ("get KEY | set KEY VALUE… | reset KEY", "(VALUE is the rest of the line)"),
      ])
    }
    page.blank()
    page.line("Everywhere:")
    page.rows(
      InteractiveReference.shellVerbs.map { ($0.keys, $0.meaning) }
        + [
          (
            "undo, redo, history, sample, report, import, export…",
            "every command, without its tab word"
          )
        ])
    page.paragraph(
      "Keys: Tab completes; Up/Down and Ctrl-R search the history; Ctrl-A/E, Home/End, "
        + "Alt-b/f, Ctrl-W/K/U edit; Ctrl-L clears; Ctrl-C abandons the line or a form; Ctrl-D "
        + "quits.")
    return page.text
  }
}
