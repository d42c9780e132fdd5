import BountyApp
import BountyCore

/// What the workspace's keys do: each is one call through the dispatcher, and the status line says
/// what happened (`u` undoes any of it).
extension Workspace {
  /// Calls `method`; on failure the status line shows why and the answer is nil.
  @discardableResult
  func perform(_ method: String, _ params: JSONObject) -> JSON? {
    switch client.call(method, params) {
    case .success(let result): return result
    case .failure(let error):
      status = Status(text: error.message, kind: .error)
      return nil
    }
  }

  /// A form field's check, from the command's declaration: its type, and money in the currency.
  func checker(_ method: String, _ field: String, required: Bool) -> (String) -> String? {
    let param = dispatcher.registry.spec(named: method)?.param(named: field)
    let currency = self.currency
    return { text in
      if text.trimmingASCIIWhitespace().isEmpty { return required ? "is required" : nil }
      guard let param else { return nil }
      do throws(BountyError) {
        _ = try param.value(fromText: text)
      } catch {
        if case .invalid(_, let reason) = error { return reason }
        return error.message
      }
      if param.type == .money, case .failure(let error) = Money.parse(text, currency: currency) {
        return error.reason
      }
      return nil
    }
  }

  /// The params a form gives `method`: each non-empty field, numbers as JSON numbers.
  func params(_ form: Form, for method: String, into params: JSONObject = JSONObject())
    -> JSONObject
  {
    var params = params
    let spec = dispatcher.registry.spec(named: method)
    for field in form.fields {
      let text = field.buffer.text
      if text.trimmingASCIIWhitespace().isEmpty { continue }
      switch spec?.param(named: field.name)?.type {
      case .integer?, .latitude?, .longitude?:
        params[field.name] = .number(text.trimmingASCIIWhitespace())
      default: params[field.name] = .string(text)
      }
    }
    return params
  }

  func name(of fugitive: JSON?) -> String {
    let id = fugitive?["id"]?.int64.map(String.init) ?? "?"
    return "\(id) \(fugitive?["name"]?.stringValue ?? "")"
  }

  // MARK: Filter and move

  /// `/`: the list filters as the hunter types; Enter keeps the filter, Esc puts back the old one.
  func filter() {
    let before = model.current
    let typed = ask(
      "/", initial: before.search ?? "",
      live: { [self] text in
        model.current.search = text.isEmpty ? nil : text
        model.current.cursor = 0
        model.current.offset = 0
      })
    if typed == nil {
      model.current = before
      model.current.search = nil
      model.resetList()
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
    let settingKey = model.active == .captured ? "captured.sort" : "fugitives.sort"
    let sort = model.current.sort ?? client.setting(settingKey) ?? "name"
    guard sort == "manual", model.current.reversed != true else {
      model.current.sort = "manual"
      model.current.reversed = nil
      model.resetList()
      status = Status(text: "Showing the manual order: m again picks up the row", kind: .info)
      return
    }
    let index = Int(model.current.cursor - model.current.offset)
    guard shown.indices.contains(index), let id = shown[index]["id"]?.int64 else { return }
    let row = Int(model.current.cursor)
    carrying = Carry(id: id, origin: row, row: row, isNote: false, item: shown[index])
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
        "notes.move", ["id": .int(fugitive), "note": .int(carry.id), "to": .int(carry.row + 1)])
        != nil
      {
        status = Status(text: "Moved the note to \(carry.row + 1) (u undoes)", kind: .success)
      }
      return
    }
    model.current.cursor = Int64(carry.row)
    guard carry.row != carry.origin else { return }
    if perform("fugitives.move", ["id": .int(carry.id), "to": .int(carry.row + 1)]) != nil {
      status = Status(
        text: "Moved \(name(of: carry.item)) to row \(carry.row + 1) (u undoes)", kind: .success)
    } else {
      model.current.cursor = Int64(carry.origin)
    }
  }

  // MARK: Fugitives

  func addFugitive() {
    let form = Form(
      "New fugitive",
      [
        Form.Field("name", "Name", check: checker("fugitives.add", "name", required: true)),
        Form.Field("id", "ID#", hint: "optional: the next free number") { [self] text in
          if let reason = checker("fugitives.add", "id", required: false)(text) { return reason }
          if let id = Int64(text.trimmingASCIIWhitespace()), case .success = client.fugitive(id) {
            return "ID# \(id) is taken"
          }
          return nil
        },
        Form.Field(
          "bounty", "Bounty", hint: "e.g. 12500 or $12,500.50",
          check: checker("fugitives.add", "bounty", required: true)),
        Form.Field(
          "description", "Description", hint: "optional",
          check: checker("fugitives.add", "description", required: false)),
      ])
    guard
      let saved = run(
        form, submit: { client.call("fugitives.add", params($0, for: "fugitives.add")) }),
      let id = saved["id"]?.int64
    else { return }
    status = Status(text: "Added \(name(of: saved))", kind: .success)
    model.active = .fugitives
    model.current.stack = [.list]
    if !locate(id) { model.show(id, in: .fugitives) }
  }

  /// Puts the list's cursor on fugitive `id` when it is near the cursor or near the top.
  func locate(_ id: Int64) -> Bool {
    let window: Int64 = 1000
    for start in [max(0, model.current.cursor - window / 2), 0] {
      guard
        case .success(let page) = client.page(
          model.active, model.current, limit: window, offset: start),
        let index = page.items.firstIndex(where: { $0["id"]?.int64 == id })
      else { continue }
      model.current.cursor = start + Int64(index)
      return true
    }
    return false
  }

  func editFugitive(_ id: Int64) {
    guard case .success(let fugitive) = client.fugitive(id) else { return }
    let method = "fugitives.update"
    let form = Form(
      "Edit \(name(of: fugitive))",
      [
        Form.Field(
          "name", "Name", value: fugitive["name"]?.stringValue ?? "",
          check: checker(method, "name", required: true)),
        Form.Field(
          "bounty", "Bounty", value: fugitive["bounty"]?.stringValue ?? "",
          check: checker(method, "bounty", required: true)),
        Form.Field(
          "description", "Description", value: fugitive["description"]?.stringValue ?? "",
          check: checker(method, "description", required: false)),
        Form.Field(
          "newId", "ID#", value: String(id), check: checker(method, "newId", required: true)),
      ])
    // A changed field is sent with the value the form opened with: when another hunter changed
    // that field meanwhile, the save is refused with what it is now instead of overwriting it.
    let seenAs = ["name": "wasName", "bounty": "wasBounty", "description": "wasDescription"]
    let saved = run(form) { [self] form in
      var changed: JSONObject = ["id": .int(id)]
      func change(_ key: String, to value: JSON) {
        changed[key] = value
        if let seen = seenAs[key], let before = fugitive[key]?.stringValue {
          changed[seen] = .string(before)
        }
      }
      for (key, value) in params(form, for: method).members {
        let before = key == "newId" ? String(id) : fugitive[key]?.stringValue
        let text: String? = {
          if case .number(let digits) = value { return digits } else { return value.stringValue }
        }()
        if text != before { change(key, to: value) }
      }
      if form.value("description").isEmpty && !(fugitive["description"]?.stringValue ?? "").isEmpty
      {
        change("description", to: .string(""))
      }
      if changed.count == 1 { return .success(fugitive) }
      return client.call(method, changed)
    }
    guard let saved, let newID = saved["id"]?.int64 else { return }
    status = Status(text: "Saved \(name(of: saved))", kind: .success)
    if model.currentFugitive != nil {
      model.focus(newID)
    } else {
      _ = locate(newID)
    }
  }

  func captureOrRelease(_ id: Int64) {
    guard case .success(let fugitive) = client.fugitive(id) else { return }
    if fugitive["captured"] == .bool(true) {
      if perform("captured.release", ["id": .int(id)]) != nil {
        status = Status(
          text: "Released \(name(of: fugitive)): back in the Fugitives tab (u undoes)",
          kind: .success)
      }
      return
    }
    let method = "fugitives.capture"
    var form = Form(
      "Capture \(name(of: fugitive))",
      [
        Form.Field(
          "at", "When", hint: "now (or 2026-11-30T10:00:00Z)",
          check: checker(method, "at", required: false)),
        Form.Field(
          "lat", "Latitude", hint: "optional", check: checker(method, "lat", required: false)),
        Form.Field(
          "lon", "Longitude", hint: "optional", check: checker(method, "lon", required: false)),
      ])
    // Enter accepts: now, and no place.
    form.enterSaves = true
    guard
      run(form, submit: { client.call(method, params($0, for: method, into: ["id": .int(id)])) })
        != nil
    else {
      return
    }
    status = Status(
      text: "Captured \(name(of: fugitive)): now in the Captured tab (u undoes)", kind: .success)
  }

  func deleteFugitive(_ id: Int64) {
    guard case .success(let fugitive) = client.fugitive(id) else { return }
    if client.setting("confirm.delete") != "false" {
      guard confirm("Delete fugitive \(name(of: fugitive)) and its notes and photo?") else {
        status = Status(text: "Not deleted.", kind: .info)
        return
      }
    }
    if perform("fugitives.delete", ["id": .int(id)]) != nil {
      model.forget(id)
      status = Status(text: "Deleted \(name(of: fugitive)) (u brings it back)", kind: .success)
    }
  }

  // MARK: Notes

  func addNote(_ id: Int64) {
    guard let text = ask("Note for \(id): "), !text.trimmingASCIIWhitespace().isEmpty else {
      status = Status(text: "No note added.", kind: .info)
      return
    }
    if let saved = perform("notes.add", ["id": .int(id), "text": .string(text)]) {
      status = Status(text: "Added a note to \(name(of: saved))", kind: .success)
      if model.currentFugitive == id {
        noteCursor = max(0, (saved["notes"]?.arrayValue?.count ?? 1) - 1)
      }
    }
  }

  func editNote(_ id: Int64, _ note: JSON) {
    guard let noteID = note["id"]?.int64,
      let text = ask("Note \(noteID): ", initial: note["text"]?.stringValue ?? "")
    else { return }
    if perform("notes.update", ["id": .int(id), "note": .int(noteID), "text": .string(text)]) != nil
    {
      status = Status(text: "Saved the note", kind: .success)
    }
  }

  func deleteNote(_ id: Int64, _ note: JSON) {
    guard let noteID = note["id"]?.int64 else { return }
    if perform("notes.delete", ["id": .int(id), "note": .int(noteID)]) != nil {
      status = Status(text: "Deleted the note (u brings it back)", kind: .success)
    }
  }

  // MARK: Settings, history

  func editSetting() {
    let index = Int(model.current.cursor)
    guard shown.indices.contains(index), let key = shown[index]["key"]?.stringValue else { return }
    let choices = SettingKey(rawValue: key)?.choices ?? []
    let current = settingText(shown[index]["value"])
    let complete: (String) -> ShellCompletion = { before in
      ShellCompletion(word: before, candidates: choices.filter { $0.hasPrefix(before) })
    }
    guard
      let value = ask(
        "\(key) = ", initial: current == "(not set)" ? "" : current, complete: complete)
    else { return }
    if let saved = perform("settings.set", ["key": .string(key), "value": .string(value)]) {
      let later = key == "color" ? " (the colours change when bounty next starts)" : ""
      status = Status(text: "\(key) = \(settingText(saved["value"]))\(later)", kind: .success)
    }
  }

  func resetSetting() {
    let index = Int(model.current.cursor)
    guard shown.indices.contains(index), let key = shown[index]["key"]?.stringValue else { return }
    if let saved = perform("settings.reset", ["key": .string(key)]) {
      status = Status(text: "\(key) = \(settingText(saved["value"])) (the default)", kind: .success)
    }
  }

  func undo(redo: Bool) {
    guard let step = perform(redo ? "history.redo" : "history.undo", JSONObject()) else { return }
    status = Status(
      text: "\(redo ? "Redid" : "Undid"): \(step["label"]?.stringValue ?? "")", kind: .success)
  }
}
