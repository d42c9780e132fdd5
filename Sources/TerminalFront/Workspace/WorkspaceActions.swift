import BountyApp
import BountyCore

/// What the workspace's keys do: each is one call through the dispatcher, and the status line says
/// what happened (`u` undoes any of it).
extension Workspace {
  /// Calls the command that plays `role` and reads its answer with `read`; on failure the status
  /// line shows why and the answer is nil.
  @discardableResult
  func perform<Answer>(
    _ role: CommandRole, _ params: JSONObject, as read: (JSON) throws(BountyError) -> Answer
  ) -> Answer? {
    reported(client.call(role, params, as: read))
  }

  /// Calls the command that plays `role`, whose answer is a `T` (a `Setting`, a `HistoryStep`);
  /// nil (the status line saying why) when it fails.
  func perform<T: BountyCore.Answer>(_ role: CommandRole, _ params: JSONObject, as type: T.Type)
    -> T?
  {
    reported(client.call(role, params, as: type))
  }

  /// What `result` holds, or nil with its error on the status line.
  private func reported<T>(_ result: Result<T, BountyError>) -> T? {
    switch result {
    case .success(let answer): return answer
    case .failure(let error):
      status = Status(text: error.message, kind: .error)
      return nil
    }
  }

  /// Calls the command that plays `role`, whose answer is a fugitive; nil (the status line saying
  /// why) when it fails.
  @discardableResult
  func perform(_ role: CommandRole, _ params: JSONObject) -> Fugitive? {
    perform(role, params, as: AppClient.fugitive(in: currency))
  }

  /// Calls the command that plays `role` with what `form` holds and `fixed`; its answer is a
  /// fugitive.
  func submit(_ role: CommandRole, _ form: Form, fixed: JSONObject = JSONObject()) -> Result<
    Fugitive, BountyError
  > {
    client.call(role, typed: typed(form), fixed: fixed, as: AppClient.fugitive(in: currency))
  }

  /// The form the command playing `role` declares, over `fugitive`'s values now.
  func declaredForm(_ role: CommandRole, fugitive: Fugitive? = nil) -> DeclaredForm? {
    guard case .success(let spec) = client.spec(role),
      let form = DeclaredForm(spec, fugitive: fugitive?.json)
    else {
      status = Status(text: "No form for \(role)", kind: .error)
      return nil
    }
    return form
  }

  /// What the form's fields hold, by parameter name: each non-empty field as typed, for the
  /// command to read as the command line reads it.
  func typed(_ form: Form) -> [String: String] {
    var typed: [String: String] = [:]
    for field in form.fields where !field.buffer.text.trimmingASCIIWhitespace().isEmpty {
      typed[field.name] = field.buffer.text
    }
    return typed
  }

  /// `15494 Zoë Lindqvist`: how a status line names a fugitive.
  func name(of fugitive: Fugitive?) -> String {
    guard let fugitive else { return "?" }
    return "\(fugitive.id) \(fugitive.name)"
  }

  // MARK: Filter and move

  /// `/`: the list filters as the hunter types; Enter keeps the filter, Esc puts back the old one.
  func filter() {
    let before = model.current
    let typed = ask(
      "/", initial: before.search ?? "", replacing: true,
      live: { [self] text in
        model.current.search = text.isEmpty ? nil : text
        model.current.cursor = 0
        model.current.offset = 0
        // Each text typed is looked for the fugitive the cursor was on at `/`: a letter that
        // filters it out (or matches nobody) for a moment does not lose it once it is back.
        model.current.selected = before.selected
        listReshaped = true
      })
    if typed == nil {
      model.current = before
      model.current.search = nil
      model.resetList()
      listReshaped = true
      status = Status(text: "Filter cleared", kind: .info)
    }
  }

  /// `m` on a list: picks up the row under the cursor in the manual order.
  func startMovingRow() {
    guard model.current.search == nil else {
      status = Status(
        text: "Rows move in the whole list: clear the filter first (/ then Esc)", kind: .error)
      return
    }
    let sort = model.current.sort ?? client.setting(model.active.sortSetting) ?? "name"
    guard sort == "manual", model.current.reversed != true else {
      model.current.sort = "manual"
      model.current.reversed = nil
      model.resetList()
      listReshaped = true
      status = Status(text: "Showing the manual order: m again picks up the row", kind: .info)
      return
    }
    let index = Int(model.current.cursor - model.current.offset)
    guard listed.indices.contains(index), listed[index].id == selectedID,
      open(listed[index].id) != nil
    else { return }
    let row = Int(model.current.cursor)
    carrying = Carry(
      id: listed[index].id, origin: row, row: row, isNote: false, item: listed[index])
  }

  func handleCarry(_ key: Key) {
    guard var carry = carrying else { return }
    let last = carry.isNote ? max(0, cardNotes.count - 1) : Int(max(0, total - 1))
    switch key {
    case .up, .character("k"): carry.row = max(0, carry.row - 1)
    case .down, .character("j"): carry.row = min(last, carry.row + 1)
    case .home, .character("g"): carry.row = 0
    case .end, .character("G"): carry.row = last
    case .pageUp: carry.row = max(0, carry.row - listRows)
    case .pageDown: carry.row = min(last, carry.row + listRows)
    case .escape, .control("c"):
      carrying = nil
      if carry.isNote {
        noteCursor = carry.origin
      } else {
        model.current.cursor = Int64(carry.origin)
        model.current.selected = carry.id
      }
      status = Status(text: "Put back", kind: .info)
      return
    case .enter:
      carrying = nil
      drop(carry)
      return
    default:
      status = Status(text: "↑/↓ carry  Enter drop  Esc put back", kind: .info)
    }
    carrying = carry
    if carry.isNote { noteCursor = carry.row } else { model.current.cursor = Int64(carry.row) }
  }

  private func drop(_ carry: Carry) {
    if carry.isNote {
      noteCursor = carry.row
      guard carry.row != carry.origin, let fugitive = model.currentFugitive else { return }
      if perform(
        .moveNote, ["id": .int(fugitive), "note": .int(carry.id), "to": .int(carry.row + 1)],
        as: AppClient.unread) != nil
      {
        status = Status(
          text: "Moved note \(carry.id) of \(name(of: cardFugitive)) to \(carry.row + 1); u undoes",
          kind: .success)
      }
      return
    }
    model.current.cursor = Int64(carry.row)
    model.current.selected = carry.id
    guard carry.row != carry.origin else { return }
    if perform(
      .moveFugitive, ["id": .int(carry.id), "to": .int(carry.row + 1)], as: AppClient.unread)
      != nil
    {
      status = Status(
        text: "Moved \(name(of: carry.item)) to row \(carry.row + 1); u undoes", kind: .success)
    } else {
      model.current.cursor = Int64(carry.origin)
    }
  }

  // MARK: Fugitives

  func addFugitive() {
    guard let declared = declaredForm(.addFugitive) else { return }
    let form = Form("New fugitive", declared: declared, dispatcher: dispatcher, filled: false)
    guard let saved = run(form, submit: { submit(.addFugitive, $0) }) else { return }
    let id = saved.id
    status = Status(text: "Added \(name(of: saved)); u undoes", kind: .success)
    model.active = .fugitives
    model.current.stack = [.list]
    if !select(id) { model.show(id, in: .fugitives) }
  }

  /// Puts the list's cursor on fugitive `id`; false when the list (with its filter) lacks it.
  func select(_ id: Int64) -> Bool {
    guard case .row(let row) = client.locate(id, in: model.active, model.current) else {
      return false
    }
    model.current.cursor = row
    model.current.selected = id
    return true
  }

  func editFugitive(_ chosen: Chosen) {
    let (id, fugitive) = chosen
    guard let declared = declaredForm(.editFugitive, fugitive: fugitive) else { return }
    let form = Form(
      "Edit \(name(of: fugitive))", declared: declared, dispatcher: dispatcher, filled: true)
    let now = Dictionary(uniqueKeysWithValues: declared.fields.map { ($0.name, $0.current) })
    // A changed field is sent with the value the form opened with: when another hunter changed
    // that field meanwhile, the save is refused with what it is now instead of overwriting it.
    let seenAs = ["name": "wasName", "bounty": "wasBounty", "description": "wasDescription"]
    let saved = run(form) { [self] form in
      var changed: [String: String] = [:]
      var seen: JSONObject = ["id": .int(id)]
      func change(_ key: String, to text: String) {
        changed[key] = text
        if let seenKey = seenAs[key], let before = fugitive.json[key] {
          seen[seenKey] = before
        }
      }
      for (key, text) in typed(form) where text != now[key] ?? nil {
        change(key, to: text)
      }
      if form.value("description").isEmpty && !fugitive.description.isEmpty {
        change("description", to: "")
      }
      if changed.isEmpty { return .success(fugitive) }
      return client.call(
        .editFugitive, typed: changed, fixed: seen, as: AppClient.fugitive(in: currency))
    }
    guard let saved else { return }
    let newID = saved.id
    status = Status(text: "Saved \(name(of: saved)); u undoes", kind: .success)
    if model.currentFugitive != nil {
      model.focus(newID)
    } else {
      _ = select(newID)
    }
  }

  func captureOrRelease(_ chosen: Chosen) {
    let (id, fugitive) = chosen
    if fugitive.captured {
      if perform(.releaseFugitive, ["id": .int(id)], as: AppClient.unread) != nil {
        status = Status(
          text: "Released \(name(of: fugitive)): back in the Fugitives tab; u undoes",
          kind: .success)
      }
      return
    }
    guard let declared = declaredForm(.captureFugitive) else { return }
    var form = Form(
      "Capture \(name(of: fugitive))", declared: declared, dispatcher: dispatcher, filled: false)
    // Enter accepts: now, and no place.
    form.enterSaves = true
    guard run(form, submit: { submit(.captureFugitive, $0, fixed: ["id": .int(id)]) }) != nil
    else { return }
    status = Status(
      text: "Captured \(name(of: fugitive)): now in the Captured tab; u undoes", kind: .success)
  }

  func deleteFugitive(_ chosen: Chosen) {
    let (id, fugitive) = chosen
    if client.setting(.confirmDelete) != "false" {
      guard confirm("Delete fugitive \(name(of: fugitive)) and its notes and photo?") else {
        status = Status(text: "Not deleted.", kind: .info)
        return
      }
    }
    if perform(.deleteFugitive, ["id": .int(id)], as: AppClient.unread) != nil {
      model.forget(id)
      status = Status(text: "Deleted \(name(of: fugitive)); u brings it back", kind: .success)
    }
  }

  // MARK: The case file

  /// The form of the case-file command playing `role` (bond, descriptors, an alias, an expense)
  /// for the fugitive `chosen`: each empty field shows the value now and keeps it.
  func caseFileForm(_ role: CommandRole, _ chosen: Chosen, saying what: String) {
    let (id, fugitive) = chosen
    guard let declared = declaredForm(role, fugitive: fugitive) else { return }
    let form = Form(
      "\(what.prefix(1).uppercased() + what.dropFirst()) of \(name(of: fugitive))",
      declared: declared, dispatcher: dispatcher, filled: false)
    guard run(form, submit: { submit(role, $0, fixed: ["id": .int(id)]) }) != nil else { return }
    status = Status(text: "Saved \(what) of \(name(of: fugitive)); u undoes", kind: .success)
  }

  // MARK: Reading in full

  /// Enter on a note: its whole text, wrapped, in a view that scrolls.
  func readNote(_ note: Note) {
    page(
      "Note \(note.id) of \(name(of: cardFugitive))",
      wrappedText(note.text, width: curses?.columns ?? 80))
  }

  /// `v` on a card: the whole description, wrapped, in a view that scrolls.
  func readDescription() {
    page(
      "The description of \(name(of: cardFugitive))",
      wrappedText(cardFugitive?.description ?? "", width: curses?.columns ?? 80))
  }

  /// `text` as lines of at most `width` columns, each of its own lines wrapped, control
  /// characters shown safely.
  private func wrappedText(_ text: String, width: Int) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      line.isEmpty ? [""] : wrappedLines(terminalSafe(String(line)), toWidth: max(10, width))
    }
  }

  /// Closes the card when the hunter's own command or undo just took its fugitive away, so the
  /// status line keeps saying what was done rather than "Fugitive 48445 no longer exists." (which
  /// the card's draw says of another process's change).
  func closeCardIfGone() {
    if let id = model.currentFugitive, case .failure = client.fugitive(id, in: currency) {
      model.forget(id)
    }
  }

  // MARK: Notes

  func addNote(_ chosen: Chosen) {
    let id = chosen.id
    guard let text = ask("Note for \(name(of: chosen.fugitive)): "),
      !text.trimmingASCIIWhitespace().isEmpty
    else {
      status = Status(text: "No note added.", kind: .info)
      return
    }
    if let saved = perform(.addNote, ["id": .int(id), "text": .string(text)]) {
      status = Status(text: "Added a note to \(name(of: saved)); u undoes", kind: .success)
      if model.currentFugitive == id {
        noteCursor = max(0, saved.notes.count - 1)
      }
    }
  }

  func editNote(_ id: Int64, _ note: Note) {
    let noteID = note.id
    guard let text = ask("Note \(noteID): ", initial: note.text) else { return }
    if let saved = perform(
      .editNote, ["id": .int(id), "note": .int(noteID), "text": .string(text)])
    {
      status = Status(
        text: "Saved note \(noteID) of \(name(of: cardFugitive ?? saved)); u undoes", kind: .success
      )
    }
  }

  func deleteNote(_ id: Int64, _ note: Note) {
    let noteID = note.id
    if let saved = perform(.deleteNote, ["id": .int(id), "note": .int(noteID)]) {
      status = Status(
        text: "Deleted note \(noteID) of \(name(of: cardFugitive ?? saved)); u brings it back",
        kind: .success)
    }
  }

  // MARK: Settings, history

  func editSetting() {
    let index = Int(model.current.cursor)
    guard settingRows.indices.contains(index) else { return }
    let key = settingRows[index].key
    let choices = key.choices ?? []
    let complete: (String) -> ShellCompletion = { before in
      ShellCompletion(word: before, candidates: choices.filter { $0.hasPrefix(before) })
    }
    guard
      let value = ask(
        "\(key.rawValue) = ", initial: settingRows[index].value, replacing: true,
        complete: complete)
    else { return }
    if let saved = perform(
      .changeSetting, ["key": .string(key.rawValue), "value": .string(value)], as: Setting.self)
    {
      let later = key == .color ? " (the colours change when bounty next starts)" : ""
      status = Status(text: "\(key.rawValue) = \(saved.shownValue)\(later)", kind: .success)
    }
  }

  func resetSetting() {
    let index = Int(model.current.cursor)
    guard settingRows.indices.contains(index) else { return }
    let key = settingRows[index].key
    if let saved = perform(.resetSetting, ["key": .string(key.rawValue)], as: Setting.self) {
      status = Status(text: "\(key.rawValue) = \(saved.shownValue) (the default)", kind: .success)
    }
  }

  func undo(redo: Bool) {
    guard let step = perform(redo ? .redo : .undo, JSONObject(), as: HistoryStep.self)
    else { return }
    closeCardIfGone()
    status = Status(text: "\(redo ? "Redid" : "Undid"): \(step.label)", kind: .success)
  }
}
