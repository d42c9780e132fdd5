import BountyApp
import BountyCore

/// Everything the workspace and the shell ask of the app, as calls through the dispatcher (the
/// same methods a JSON-RPC client calls, plus the terminal-only `workspace.*`), answered typed: a
/// `Fugitive`, a `FugitivePage`, a `Setting` or a `HistoryStep` as the command answered it, so no
/// front reads an answer's keys. Lists are read a page at a time, so a view costs the rows it
/// shows, not the rows the database holds.
struct AppClient {
  let dispatcher: Dispatcher

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
    answer(role, params).map(\.json)
  }

  /// `call`, answering the command's typed value.
  private func answer(_ role: CommandRole, _ params: JSONObject) -> Result<
    any Answer, BountyError
  > {
    spec(role).flatMap { command in
      do throws(BountyError) {
        return dispatcher.answer(command, try command.arguments(fromJSON: params))
      } catch {
        return .failure(error)
      }
    }
  }

  /// Calls the command that plays `role` with what a person typed in a form (`typed`, read as the
  /// command line reads it) and the values the front supplies (`fixed`).
  func call<T>(
    _ role: CommandRole, typed: [String: String], fixed: JSONObject = JSONObject(),
    as read: (JSON) throws(BountyError) -> T
  ) -> Result<T, BountyError> {
    spec(role).flatMap { command in
      do throws(BountyError) {
        return dispatcher.answer(command, try command.arguments(typed: typed, fixed: fixed))
      } catch {
        return .failure(error)
      }
    }.flatMap { Self.typed($0, read) }
  }

  /// Calls the command that plays `role` and answers what it answered when that is a `T` (a
  /// list's `FugitivePage`, a card's `Fugitive`), else reads its JSON with `read`.
  func call<T>(
    _ role: CommandRole, _ params: JSONObject = JSONObject(),
    as read: (JSON) throws(BountyError) -> T
  ) -> Result<T, BountyError> {
    answer(role, params).flatMap { Self.typed($0, read) }
  }

  /// Calls the command that plays `role`, whose answer is a `T` (a `Setting`, a `HistoryStep`).
  func call<T: Answer>(_ role: CommandRole, _ params: JSONObject = JSONObject(), as type: T.Type)
    -> Result<T, BountyError>
  {
    call(role, params) { (_) throws(BountyError) -> T in
      throw BountyError.io("unreadable \(T.self): \(role) answered another type")
    }
  }

  /// `answer` when it is a `T`, else its JSON read by `read` (a reading error as the failure).
  private static func typed<T>(_ answer: any Answer, _ read: (JSON) throws(BountyError) -> T)
    -> Result<T, BountyError>
  {
    if let typed = answer as? T { return .success(typed) }
    do throws(BountyError) {
      return .success(try read(answer.json))
    } catch {
      return .failure(error)
    }
  }

  /// For a call whose answer the front does not need (the status line says what was done).
  static func unread(_ answer: JSON) {}

  /// Reads an answer that is one fugitive, in `currency`.
  static func fugitive(in currency: Currency) -> (JSON) throws(BountyError) -> Fugitive {
    { (json) throws(BountyError) in try Fugitive(json: json, currency: currency) }
  }

  /// The sort `state` lists `tab` in: its own, else the tab's sort setting.
  func effectiveSort(_ tab: TabName, _ state: TabState) -> String {
    state.sort ?? setting(tab.sortSetting) ?? "name"
  }

  /// The flag that lists everyone, captured ones too, on `tab`, as its list command declares it;
  /// nil for a tab whose list has none.
  func everyoneFlag(_ tab: TabName) -> String? {
    guard case .success(let spec) = spec(tab.listRole),
      case .fugitiveList(_, _, let everyStatus?) = spec.view
    else { return nil }
    return everyStatus
  }

  /// The list params for `state`'s sort, direction and filter.
  func listParams(_ tab: TabName, _ state: TabState) -> JSONObject {
    var params = JSONObject()
    if let sort = state.sort { params["sort"] = .string(sort) }
    if state.reversed == true { params["desc"] = true }
    if let search = state.search { params["search"] = .string(search) }
    if state.everyone == true, let flag = everyoneFlag(tab) { params[flag] = true }
    return params
  }

  /// `limit` rows of `tab`'s list from `offset`, in the tab's sort and filter, money in
  /// `currency`.
  func page(
    _ tab: TabName, _ state: TabState, limit: Int64, offset: Int64, in currency: Currency
  ) -> Result<FugitivePage, BountyError> {
    var params = listParams(tab, state)
    params["limit"] = .int(max(1, limit))
    params["offset"] = .int(max(0, offset))
    return call(tab.listRole, params) { (json) throws(BountyError) in
      try FugitivePage(json: json, currency: currency)
    }
  }

  /// The same page as `page`, read from the nearer end: past the middle of a list of `known`
  /// rows it asks for the reversed order and turns the rows back, so a row near the end of a
  /// million costs what a row near the start does (an OFFSET is walked row by row).
  func page(
    _ tab: TabName, _ state: TabState, limit: Int64, offset: Int64, known total: Int64?,
    in currency: Currency
  ) -> Result<FugitivePage, BountyError> {
    guard let total, offset > total / 2, offset < total else {
      return page(tab, state, limit: limit, offset: offset, in: currency)
    }
    var reversedState = state
    reversedState.sort = effectiveSort(tab, state)
    reversedState.reversed = !(state.reversed ?? false)
    let count = min(limit, total - offset)
    return page(
      tab, reversedState, limit: count, offset: max(0, total - offset - count), in: currency
    ).map { FugitivePage(items: $0.items.reversed(), total: $0.total) }
  }

  /// Where fugitive `id` is in `tab`'s whole list in `state`'s sort and filter.
  func locate(_ id: Int64, in tab: TabName, _ state: TabState) -> ListSelection.Located {
    guard tab != .settings else { return .absent }
    var params = listParams(tab, state)
    params["limit"] = 1
    params["locate"] = .int(id)
    switch call(tab.listRole, params, as: FugitivePage.self) {
    case .success(let page): return page.row.map(ListSelection.Located.row) ?? .absent
    case .failure: return .unknown
    }
  }

  /// How many fugitives a tab lists with no filter (nil for Settings, or when it cannot be read).
  func count(_ tab: TabName) -> Int64? {
    guard tab != .settings else { return nil }
    return try? call(tab.listRole, ["limit": 1], as: FugitivePage.self).get().total
  }

  /// One fugitive, with its notes, money in `currency`.
  func fugitive(_ id: Int64, in currency: Currency) -> Result<Fugitive, BountyError> {
    call(.showFugitive, ["id": .int(id)], as: Self.fugitive(in: currency))
  }

  /// Every setting, as the Settings tab lists them.
  func settings() -> Result<[Setting], BountyError> {
    call(.listSettings, as: ItemList<Setting>.self).map(\.items)
  }

  /// A setting's value as text (`true`, `USD`), or nil when it cannot be read.
  func setting(_ key: SettingKey) -> String? {
    try? call(.readSetting, ["key": .string(key.rawValue)], as: Setting.self).get().value
  }

  /// The database currency, which money is shown in.
  var currency: Currency { setting(.currency).flatMap(Currency.named) ?? .usd }

  /// A remembered workspace value.
  func remembered(_ key: String) -> String? {
    let value = call(.recallView, ["key": .string(key)]) { (json) throws(BountyError) in
      try AnswerReader(json, what: "remembered value").optionalString("value")
    }
    return (try? value.get()) ?? nil
  }

  /// Remembers (or with nil forgets) a workspace value. Failing to remember (a read-only database)
  /// is not worth interrupting the hunter for.
  func remember(_ key: String, _ value: String?) {
    var params: JSONObject = ["key": .string(key)]
    if let value { params["value"] = .string(value) }
    _ = call(.rememberView, params)
  }
}
