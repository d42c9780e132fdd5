import BountyApp
import BountyCore

/// The shell's workspaces. Each tab keeps its own navigation stack (list → detail) and its own
/// sort, order and filter; the active tab and each tab's sort and filter are remembered across runs
/// (in the database's `workspace` table, which undo does not touch).
struct ShellState {
  enum TabName: String, CaseIterable {
    case fugitives, captured, settings

    var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
  }

  enum View: Equatable {
    case list
    case detail(Int64)
  }

  struct TabState {
    var stack: [View] = [.list]
    var sort: String?
    var descending: Bool?
    var search: String?
    var offset: Int64 = 0
  }

  var active: TabName = .fugitives
  var tabs: [TabName: TabState] = [
    .fugitives: TabState(), .captured: TabState(), .settings: TabState(),
  ]

  var current: TabState {
    get { tabs[active] ?? TabState() }
    set { tabs[active] = newValue }
  }

  /// Reads the remembered state; anything unreadable falls back to the defaults.
  static func load(from dispatcher: Dispatcher) -> ShellState {
    func value(_ key: String) -> String? {
      guard
        case .success(let result) = dispatcher.call(
          "workspace.get", params: ["key": .string(key)], front: .workspace)
      else { return nil }
      return result["value"]?.stringValue
    }
    var state = ShellState()
    if let tab = value("shell.tab").flatMap(TabName.init) {
      state.active = tab
    }
    for tab in [TabName.fugitives, .captured] {
      var tabState = TabState()
      tabState.sort = value("shell.\(tab.rawValue).sort")
      tabState.descending = value("shell.\(tab.rawValue).desc").map { $0 == "true" }
      tabState.search = value("shell.\(tab.rawValue).search")
      state.tabs[tab] = tabState
    }
    return state
  }

  /// Remembers the active tab and each tab's sort and filter. Failing to remember is not an error
  /// worth interrupting the hunter for (a read-only database, say).
  func save(to dispatcher: Dispatcher) {
    func remember(_ key: String, _ value: String?) {
      var params: JSONObject = ["key": .string(key)]
      if let value { params["value"] = .string(value) }
      _ = dispatcher.call("workspace.set", params: params, front: .workspace)
    }
    remember("shell.tab", active.rawValue)
    for tab in [TabName.fugitives, .captured] {
      let tabState = tabs[tab] ?? TabState()
      remember("shell.\(tab.rawValue).sort", tabState.sort)
      remember("shell.\(tab.rawValue).desc", tabState.descending.map { $0 ? "true" : "false" })
      remember("shell.\(tab.rawValue).search", tabState.search)
    }
  }
}
