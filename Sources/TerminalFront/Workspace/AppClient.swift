import BountyApp
import BountyCore

/// Everything the workspace and the shell ask of the app, as JSON calls through the dispatcher
/// (the same methods a JSON-RPC client calls, plus the terminal-only `workspace.*`). Lists are read
/// a page at a time, so a view costs the rows it shows, not the rows the database holds.
struct AppClient {
  let dispatcher: Dispatcher

  /// One page of a list and how many rows the whole list has.
  struct Page {
    var items: [JSON]
    var total: Int64
  }

  /// The command that plays `role`.
  func spec(_ role: CommandRole) -> Result<CommandSpec, BountyError> {
    guard let spec = dispatcher.registry.spec(for: role) else {
      return .failure(.usage("no command does \(role)"))
    }
    return .success(spec)
  }

  /// Calls the command that plays `role` with `params` (terminal-only ones, such as the
  /// workspace's memory, too).
  func call(_ role: CommandRole, _ params: JSONObject = JSONObject()) -> Result<JSON, BountyError> {
    spec(role).flatMap { command in
      do throws(BountyError) {
        return dispatcher.run(command, try command.arguments(fromJSON: params))
      } catch {
        return .failure(error)
      }
    }
  }

  /// Calls the command that plays `role` with what a person typed in a form (`typed`, read as the
  /// command line reads it) and the values the front supplies (`fixed`).
  func call(_ role: CommandRole, typed: [String: String], fixed: JSONObject = JSONObject())
    -> Result<JSON, BountyError>
  {
    spec(role).flatMap { command in
      do throws(BountyError) {
        return dispatcher.run(command, try command.arguments(typed: typed, fixed: fixed))
      } catch {
        return .failure(error)
      }
    }
  }

  /// The sort `state` lists `tab` in: its own, else the tab's sort setting.
  func effectiveSort(_ tab: TabName, _ state: TabState) -> String {
    state.sort ?? setting(tab.sortSetting) ?? "name"
  }

  /// The list params for `state`'s sort, direction and filter.
  func listParams(_ tab: TabName, _ state: TabState) -> JSONObject {
    var params = JSONObject()
    if let sort = state.sort { params["sort"] = .string(sort) }
    if state.reversed == true { params["desc"] = true }
    if let search = state.search { params["search"] = .string(search) }
    return params
  }

  /// `limit` rows of `tab`'s list from `offset`, in the tab's sort and filter.
  func page(_ tab: TabName, _ state: TabState, limit: Int64, offset: Int64) -> Result<
    Page, BountyError
  > {
    var params = JSONObject()
    if tab != .settings {
      params = listParams(tab, state)
      params["limit"] = .int(max(1, limit))
      params["offset"] = .int(max(0, offset))
    }
    return call(tab.listRole, params).map { result in
      Page(items: result["items"]?.arrayValue ?? [], total: result["total"]?.int64 ?? 0)
    }
  }

  /// The same page as `page`, read from the nearer end: past the middle of a list of `known`
  /// rows it asks for the reversed order and turns the rows back, so a row near the end of a
  /// million costs what a row near the start does (an OFFSET is walked row by row).
  func page(
    _ tab: TabName, _ state: TabState, limit: Int64, offset: Int64, known total: Int64?
  ) -> Result<Page, BountyError> {
    guard tab != .settings, let total, offset > total / 2, offset < total else {
      return page(tab, state, limit: limit, offset: offset)
    }
    var reversedState = state
    reversedState.sort = effectiveSort(tab, state)
    reversedState.reversed = !(state.reversed ?? false)
    let count = min(limit, total - offset)
    return page(tab, reversedState, limit: count, offset: max(0, total - offset - count)).map {
      Page(items: $0.items.reversed(), total: $0.total)
    }
  }

  /// Where fugitive `id` is in `tab`'s whole list in `state`'s sort and filter.
  func locate(_ id: Int64, in tab: TabName, _ state: TabState) -> ListSelection.Located {
    guard tab != .settings else { return .absent }
    var params = listParams(tab, state)
    params["limit"] = 1
    params["locate"] = .int(id)
    switch call(tab.listRole, params) {
    case .success(let result):
      return result["row"]?.int64.map(ListSelection.Located.row) ?? .absent
    case .failure:
      return .unknown
    }
  }

  /// How many fugitives a tab lists with no filter (nil for Settings, or when it cannot be read).
  func count(_ tab: TabName) -> Int64? {
    guard tab != .settings, case .success(let result) = call(tab.listRole, ["limit": 1]) else {
      return nil
    }
    return result["total"]?.int64
  }

  /// One fugitive, with its notes.
  func fugitive(_ id: Int64) -> Result<JSON, BountyError> {
    call(.showFugitive, ["id": .int(id)])
  }

  /// A setting's value as text (`true`, `USD`), or nil when it cannot be read.
  func setting(_ key: SettingKey) -> String? {
    guard case .success(let result) = call(.readSetting, ["key": .string(key.rawValue)]) else {
      return nil
    }
    switch result["value"] {
    case .string(let text)?: return text
    case .bool(let flag)?: return flag ? "true" : "false"
    case .number(let digits)?: return digits
    default: return nil
    }
  }

  /// The database currency, which money is shown in.
  var currency: Currency { setting(.currency).flatMap(Currency.named) ?? .usd }

  /// A remembered workspace value.
  func remembered(_ key: String) -> String? {
    guard case .success(let result) = call(.recallView, ["key": .string(key)]) else {
      return nil
    }
    return result["value"]?.stringValue
  }

  /// Remembers (or with nil forgets) a workspace value. Failing to remember (a read-only database)
  /// is not worth interrupting the hunter for.
  func remember(_ key: String, _ value: String?) {
    var params: JSONObject = ["key": .string(key)]
    if let value { params["value"] = .string(value) }
    _ = call(.rememberView, params)
  }
}

extension JSON {
  /// A whole JSON number as Int64 (an ID#, a count), nil for anything else.
  var int64: Int64? {
    if case .number(let digits) = self { return Int64(digits) }
    return nil
  }
}
