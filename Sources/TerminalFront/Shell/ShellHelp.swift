/// The `help` text of the shell, for the active tab.
enum ShellHelp {
  static func text(for tab: ShellState.TabName) -> String {
    var lines = ["Commands in the \(tab.title) tab:"]
    switch tab {
    case .fugitives:
      lines += [
        "  list                      the fugitives at large ('list --all' shows every fugitive)",
        "  show ID                   one fugitive's detail",
        "  add                       add a fugitive (asks field by field; '.cancel' cancels)",
        "  edit [ID]                 edit a fugitive (Enter keeps a value)",
        "  delete [ID]               delete a fugitive with its notes and photo",
        "  move ID --to N            move in the manual order ('sort manual' shows it)",
        "  capture [ID] [--at DATE] [--lat X --lon Y]   mark captured",
        "  seen [ID] [--lat X --lon Y] [--description TEXT]   record a sighting",
        "  note add ID TEXT | note edit ID NOTE TEXT | note delete ID NOTE | note move ID NOTE --to N",
        "  photo ID FILE | photo ID --export FILE | photo ID --clear",
      ]
    case .captured:
      lines += [
        "  list                      captured fugitives, newest capture first",
        "  show ID                   one captured fugitive",
        "  release [ID]              release back to the Fugitives tab",
        "  edit [ID]                 edit a fugitive",
      ]
    case .settings:
      lines += [
        "  list                      every setting",
        "  get KEY | set KEY VALUE | reset KEY",
      ]
    }
    lines += [
      "",
      "Everywhere:",
      "  1 2 3, tab NAME           switch to Fugitives, Captured or Settings",
      "  sort name|bounty|id|manual|captured [desc]   this tab's order (remembered)",
      "  find TEXT                 filter this tab by name or description ('find' alone clears)",
      "  next, prev                page through a long list",
      "  back                      back from a detail to the list",
      "  undo, redo, history       take back a change, or put it back",
      "  sample                    load the sample roster",
      "  help, quit",
    ]
    return lines.joined(separator: "\n")
  }
}
