/// Where the interactive workspace and shell left off (the active tab, each list's sort and
/// filter), remembered in the database through `workspace.get` / `workspace.set`. Scripts never
/// read or write it, so a piped script gives the same output whatever the last session left.
struct WorkspaceMemory {
  let client: AppClient

  private static let remembered: [TabName] = [.fugitives, .captured]

  /// The remembered view model. A remembered filter the app refuses (written by an older version,
  /// or edited by hand) is dropped and forgotten, with one warning in `warnings`.
  func load(warnings: inout [String]) -> ViewModel {
    var model = ViewModel()
    if let tab = client.remembered("shell.tab").flatMap(TabName.init) { model.active = tab }
    for tab in Self.remembered {
      var state = TabState()
      state.sort = client.remembered("shell.\(tab.rawValue).sort")
      state.reversed = client.remembered("shell.\(tab.rawValue).desc").map { $0 == "true" }
      state.search = client.remembered("shell.\(tab.rawValue).search")
      state.everyone = client.remembered("shell.\(tab.rawValue).all").map { $0 == "true" }
      if case .failure(let error) = client.page(
        tab, state, limit: 1, offset: 0, in: client.currency)
      {
        warnings.append(
          "Dropped the saved sort and filter of the \(tab.title) tab (\(error.message)).")
        state = TabState()
        save(state, of: tab)
      }
      model.tabs[tab] = state
    }
    return model
  }

  /// Remembers the active tab and each list's sort and filter.
  func save(_ model: ViewModel) {
    client.remember("shell.tab", model.active.rawValue)
    for tab in Self.remembered { save(model.tabs[tab] ?? TabState(), of: tab) }
  }

  private func save(_ state: TabState, of tab: TabName) {
    client.remember("shell.\(tab.rawValue).sort", state.sort)
    client.remember("shell.\(tab.rawValue).desc", state.reversed.map { $0 ? "true" : "false" })
    client.remember("shell.\(tab.rawValue).search", state.search)
    client.remember("shell.\(tab.rawValue).all", state.everyone == true ? "true" : nil)
  }
}
