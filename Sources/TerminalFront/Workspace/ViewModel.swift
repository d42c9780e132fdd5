import BountyCore

/// The three tabs of the workspace and the line shell.
enum TabName: String, CaseIterable, Sendable {
  case fugitives, captured, settings

  var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  /// The command that lists this tab's rows.
  var listRole: CommandRole {
    switch self {
    case .fugitives: return .listAtLarge
    case .captured: return .listCaptured
    case .settings: return .listSettings
    }
  }

  /// The setting that orders this tab's list when it has no sort of its own.
  var sortSetting: SettingKey { self == .captured ? .capturedSort : .fugitivesSort }

  /// The tab a fugitive belongs in.
  static func of(captured: Bool) -> TabName { captured ? .captured : .fugitives }

  /// True when this tab lists `sort` latest first by itself: the Captured tab's newest captures.
  func naturallyDescending(sort: String) -> Bool { self == .captured && sort == "captured" }
}

/// What a tab shows: its list, or one fugitive's card pushed over it.
enum View: Equatable, Sendable {
  case list
  case detail(Int64)
}

/// One tab's navigation stack, order, filter and place in its list.
struct TabState: Equatable, Sendable {
  var stack: [View] = [.list]
  /// Nil: the tab's sort setting decides.
  var sort: String?
  /// True: the tab's own order for the sort, reversed (the list commands' `desc`). The Captured
  /// tab's own order for `captured` is newest first; every other order is smallest first.
  var reversed: Bool?
  /// Nil: no filter.
  var search: String?
  /// True: everyone, captured ones too (the Fugitives tab's `A`, as the original listed them);
  /// nil: the tab's own fugitives (those at large).
  var everyone: Bool?
  /// The first row shown (the shell's page, the workspace's scroll).
  var offset: Int64 = 0
  /// The row the workspace's cursor is on (0-based, in the whole list).
  var cursor: Int64 = 0
  /// The fugitive the workspace's cursor is on: what its keys act on, and what the cursor follows
  /// when the list is read again (`ListSelection`). Nil until a list is drawn.
  var selected: Int64?
}

/// One view model for the workspace and the shell: the active tab, each tab's stack, and the
/// current fugitive (the one on screen after `show`, `add`, `edit`, …), which verbs given no ID act
/// on. It holds no data, only where the hunter is; views fetch what they show when drawn.
struct ViewModel: Equatable, Sendable {
  var active: TabName = .fugitives
  var tabs: [TabName: TabState] = [
    .fugitives: TabState(), .captured: TabState(), .settings: TabState(),
  ]

  /// The active tab's state.
  var current: TabState {
    get { tabs[active] ?? TabState() }
    set { tabs[active] = newValue }
  }

  /// The fugitive whose card is on top of the active tab, if any.
  var currentFugitive: Int64? {
    if case .detail(let id)? = current.stack.last { return id }
    return nil
  }

  /// Shows `id`'s card in `tab` (the tab it belongs in), over that tab's list.
  mutating func show(_ id: Int64, in tab: TabName) {
    active = tab
    current.stack = [.list, .detail(id)]
  }

  /// The card on top of the active tab now shows `id` (after an edit changed the ID#, or an
  /// action on a fugitive from the list printed its card).
  mutating func focus(_ id: Int64) {
    if current.stack.last == .list {
      current.stack.append(.detail(id))
    } else {
      current.stack[current.stack.count - 1] = .detail(id)
    }
  }

  /// Pops the active tab's top view; false on the list (nothing to pop).
  @discardableResult
  mutating func back() -> Bool {
    guard current.stack.count > 1 else { return false }
    current.stack.removeLast()
    return true
  }

  /// `id` no longer exists (deleted, or undone): every tab drops its card.
  mutating func forget(_ id: Int64) {
    for tab in TabName.allCases {
      tabs[tab]?.stack.removeAll { $0 == .detail(id) }
      if tabs[tab]?.stack.isEmpty == true { tabs[tab]?.stack = [.list] }
    }
  }

  /// Closes every card, leaving each tab on its list: after a script line failed, no verb given no
  /// ID# may act on a fugitive shown before it.
  mutating func leaveNoFugitiveOnScreen() {
    for tab in TabName.allCases { tabs[tab]?.stack = [.list] }
  }

  /// A fresh list for the active tab: sort or filter changed, so the list starts at the top (the
  /// workspace's cursor then finds its fugitive again, wherever the new order put it).
  mutating func resetList() {
    current.stack = [.list]
    current.offset = 0
    current.cursor = 0
  }
}
