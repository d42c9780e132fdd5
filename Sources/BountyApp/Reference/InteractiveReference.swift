import BountyCore

/// The keys of the full-screen workspace and the verbs of the line shell, in one place: the
/// workspace's `?` screen, the shell's `help` and the man page all show these lists.
public enum InteractiveReference {
  /// A key (or keys) and what it does.
  public typealias Entry = (keys: String, meaning: String)

  /// On a tab's list.
  public static let list: [Entry] = [
    ("↑/↓ j/k", "move the cursor"), ("PgUp/PgDn", "a page"), ("Home/End g/G", "first, last"),
    ("Enter → l", "open the fugitive's card"),
    ("/", "filter as you type: Enter keeps it, Esc clears it (so does Esc on the list)"),
    ("s / S", "next sort (\(SettingKey.sortKeys.joined(separator: ", "))) / reverse it"),
    ("a", "add a fugitive (a form)"), ("e", "edit the fugitive under the cursor"),
    ("c", "capture (asks when and where) or release"), ("n", "add a case note"),
    ("d", "delete (asks first, naming the fugitive)"),
    ("m", "move mode in the manual order: ↑/↓ carry the row, Enter drops it, Esc puts it back"),
    ("A", "Fugitives tab: everyone, the captured marked / only those at large"),
  ]

  /// On a fugitive's card.
  public static let card: [Entry] = [
    ("e", "edit the fugitive (a form)"), ("c", "capture (asks when and where) or release"),
    ("d", "delete (asks first)"), ("n", "add a case note"), ("↑/↓ j/k", "select a note"),
    ("Enter", "read the selected note in full"), ("E", "edit the selected note"),
    ("x", "delete the selected note"), ("v", "read the description in full"),
    ("b", "the bond, court, case number, FTA and forfeiture dates (a form)"),
    ("i", "the descriptors: date of birth, height, weight, eyes, hair, marks (a form)"),
    ("A", "add an alias"), ("$", "add an expense to the ledger (a form)"),
    ("m", "move the selected note: ↑/↓ carry it, Enter drops it, Esc puts it back"),
    ("Esc ← h Backspace", "back to the list"),
  ]

  /// On the Settings tab.
  public static let settings: [Entry] = [
    ("↑/↓ j/k", "move"), ("Enter, e", "change the setting (Tab completes its values)"),
    ("r", "put it back to its default"),
  ]

  /// In every view.
  public static let everywhere: [Entry] = [
    ("1 2 3, Tab/Shift-Tab", "switch tabs (each keeps its cursor, card, sort and filter)"),
    ("u / Ctrl-R", "undo / redo (the status line says what)"),
    (":", "any command, as in 'bounty shell' (Tab completes)"), ("?", "the keys of this view"),
    ("q", "back; quits from a list"), ("Ctrl-C", "quits (cancels a form or the : line)"),
    ("Ctrl-L", "redraw"), ("Ctrl-Z", "suspend (fg comes back)"),
  ]

  /// In a form.
  public static let form: [Entry] = [
    ("Tab/↑↓", "between fields"), ("Enter", "next field, or Save"), ("Ctrl-S", "save"),
    ("Esc, Ctrl-C", "cancel: nothing is saved"),
  ]

  /// The line shell's own verbs (every command's verb works too, without its tab word).
  public static let shellVerbs: [Entry] = [
    ("1 2 3, tab NAME", "switch to Fugitives, Captured or Settings"),
    ("show ID", "a fugitive's card, from any tab (it switches to the fugitive's tab)"),
    ("add, edit [ID]", "the add and edit forms ('.cancel' or Ctrl-C cancels)"),
    (
      "sort KEY [desc]",
      "this tab's order: \(SettingKey.sortKeys.dropLast().joined(separator: ", ")) or "
        + (SettingKey.sortKeys.last ?? "")
    ),
    ("find TEXT…", "filter this tab by name or description ('find' alone clears)"),
    ("next, prev", "page through a long list"), ("back, list", "back from a card to the list"),
    ("help [COMMAND]", "this tab's verbs, or one command's options"),
    ("quit", "leave (so does Ctrl-D)"),
  ]

  /// `  KEYS   meaning` lines, the keys padded to one width.
  public static func lines(_ entries: [Entry], indent: String = "  ") -> [String] {
    let width = entries.map { $0.keys.count }.max() ?? 0
    return entries.map {
      indent + $0.keys + String(repeating: " ", count: width - $0.keys.count + 2) + $0.meaning
    }
  }
}
