import BountyCore

/// Drawing the workspace: the tab bar, the active view (list, card or settings), the status line.
extension Workspace {
  /// Draws the whole screen from one read snapshot: the currency, the tab counts and the rows on
  /// screen all come from one read transaction, so a frame never mixes two moments.
  func draw() {
    dispatcher.sharingReads(queued: []) { drawFrame() }
  }

  private func drawFrame() {
    guard let curses else { return }
    currency = client.currency
    curses.erase()
    drawTabBar(curses)
    if model.active == .settings {
      cardFugitive = nil
      drawSettings(curses)
    } else if let id = model.currentFugitive {
      drawCard(curses, id: id)
    } else {
      cardFugitive = nil
      drawList(curses)
    }
    drawStatus(curses)
    curses.cursor(at: nil)
    curses.refresh()
  }

  var views: FugitiveViews {
    FugitiveViews(
      terminal: TerminalInfo(isTTY: true, width: curses?.columns, style: Style(enabled: false)),
      currency: currency)
  }

  private func drawTabBar(_ curses: any Screen) {
    var column = 0
    for (index, tab) in TabName.allCases.enumerated() {
      if index > 0 { column += curses.put(" │ ", row: 0, column: column, look: .dim) }
      let count = tab == .settings ? "" : " (\(client.count(tab).map(String.init) ?? "?"))"
      let title = " \(index + 1) \(tab.title)\(count) "
      let look: Curses.Look =
        tab == model.active ? curses.look(.accent, .reverse + .bold, fallback: .reverse) : .normal
      column += curses.put(title, row: 0, column: column, look: look)
    }
    tabBarWidth = column
  }

  /// What `c` does on this tab: it captures at large fugitives and releases captured ones.
  private var captureHint: String { model.active == .captured ? "c release" : "c capture" }

  private func drawStatus(_ curses: any Screen) {
    let row = curses.rows - 1
    guard let status else {
      let hints: String
      if carrying != nil {
        hints = "↑/↓ carry  Enter drop  Esc put back"
      } else if model.active == .settings {
        hints = "↑/↓ move  Enter change  r reset  1/2/3 tabs  : command  ? help  q quit"
      } else if model.currentFugitive != nil {
        hints =
          "e edit  \(captureHint)  n note  ↑/↓ notes  E edit note  x delete note  m move note  d delete  Esc back  ? help"
      } else {
        hints =
          "↑/↓ move  Enter open  / filter  s sort  a add  e edit  \(captureHint)  d delete  m move  u undo  : command  ? help  q quit"
      }
      curses.put(hints, row: row, column: 0, look: .dim)
      return
    }
    let look: Curses.Look
    switch status.kind {
    case .info: look = .normal
    case .success: look = curses.look(.success, fallback: .bold)
    case .error: look = curses.look(.error, .bold, fallback: .bold)
    }
    curses.put(status.text, row: row, column: 0, look: look)
  }

  // MARK: The list

  private func drawList(_ curses: any Screen) {
    let rows = listRows
    var state = model.current
    if state.cursor < state.offset { state.offset = state.cursor }
    if state.cursor >= state.offset + Int64(rows) { state.offset = state.cursor - Int64(rows) + 1 }
    // In move mode the rows on either side of the page may slide into it.
    let before: Int64 = carrying == nil || state.offset == 0 ? 0 : 1
    var page = client.page(
      model.active, state, limit: Int64(rows) + 1 + before, offset: state.offset - before,
      known: totals[model.active])
    if carrying == nil, case .success(let found) = page {
      // The cursor follows its fugitive, wherever this read put it (the carried row is held).
      let outcome = ListSelection.follow(
        state.selected, cursor: state.cursor, page: found.items.compactMap { $0["id"]?.int64 },
        pageStart: state.offset - before, total: found.total,
        locate: { [self] id in client.locate(id, in: model.active, state) })
      // Not when the hunter's own key sent it away: a re-sort or a filter (`listReshaped`), or a
      // key whose status line already says what it did ("Released 15494 Zoë Lindqvist…").
      if let left = outcome.left, !listReshaped, status == nil {
        let name = rowNames[left].map { " \($0)" } ?? ""
        status = Status(text: "\(left)\(name) left this list", kind: .info)
      }
      state.cursor = outcome.cursor
      state.selected = outcome.selected
      if state.cursor < state.offset || state.cursor >= state.offset + Int64(rows) {
        state.offset = max(0, state.cursor - Int64(rows) / 2)
        page = client.page(
          model.active, state, limit: Int64(rows) + 1, offset: state.offset, known: found.total)
      }
      if state.selected == nil, case .success(let again) = page {
        let index = Int(state.cursor - state.offset)
        state.selected = again.items.indices.contains(index) ? again.items[index]["id"]?.int64 : nil
      }
    }
    listReshaped = false
    model.current = state
    guard case .success(var result) = page else {
      if case .failure(let error) = page { status = Status(text: error.message, kind: .error) }
      shown = []
      total = 0
      return
    }
    total = result.total
    totals[model.active] = result.total
    if let carrying {
      result.items = carried(
        result.items, first: state.offset - before, carrying, offset: state.offset)
    } else {
      result.items = Array(result.items.prefix(rows))
    }
    shown = result.items
    rowNames = Dictionary(
      shown.compactMap { item in
        item["id"]?.int64.map { ($0, terminalSafe(item["name"]?.stringValue ?? "")) }
      }, uniquingKeysWith: { first, _ in first })
    drawListHeader(curses, state: state)
    guard !shown.isEmpty else {
      let empty =
        state.search.map { "No matches for '\($0)'. / then Esc clears the filter." }
        ?? (model.active == .captured
          ? "Nobody captured yet." : "No fugitives at large. a adds one.")
      curses.put(empty, row: 2, column: 2, look: .dim)
      return
    }
    let layout = columns(curses)
    for (index, item) in shown.enumerated() {
      let row = 2 + index
      let selected = Int64(index) + state.offset == state.cursor
      var look: Curses.Look =
        selected ? curses.look(.accent, .reverse, fallback: .reverse) : .normal
      if carrying != nil && selected { look = look + .bold }
      if selected {
        curses.put("", row: row, column: 0, width: curses.columns, look: look, pad: true)
      }
      var column = 0
      for (cell, (width, right)) in zip(cells(item), layout) {
        curses.put(
          cell, row: row, column: column, width: width, look: look, pad: true, alignRight: right)
        column += width + 2
      }
    }
  }

  private func drawListHeader(_ curses: any Screen, state: TabState) {
    var column = 0
    for (title, (width, right)) in zip(titles, columns(curses)) {
      curses.put(
        title, row: 1, column: column, width: width, look: .bold, pad: true, alignRight: right)
      column += width + 2
    }
    var facts: [String] = []
    if let sort = state.sort {
      facts.append("sort \(sort)\(state.reversed == true ? " reversed" : "")")
    } else if state.reversed == true {
      facts.append("reversed")
    }
    if let search = state.search { facts.append("filter '\(search)'") }
    facts.append(total == 0 ? "none" : "\(state.cursor + 1) of \(total)")
    let text = facts.joined(separator: " · ")
    let width = displayWidth(terminalSafe(text))
    if curses.columns - width - 1 > tabBarWidth + 1 {
      curses.put(text, row: 0, column: curses.columns - width - 1, look: .dim)
    }
  }

  private var titles: [String] {
    model.active == .captured ? ["ID#", "NAME", "BOUNTY", "CAPTURED"] : ["ID#", "NAME", "BOUNTY"]
  }

  /// The cells of one row, as the list shows them.
  private func cells(_ item: JSON) -> [String] {
    var cells = [
      item["id"]?.int64.map(String.init) ?? "", terminalSafe(item["name"]?.stringValue ?? ""),
      views.money(item["bounty"]),
    ]
    if model.active == .captured { cells.append(views.time(item["capturedAt"])) }
    return cells
  }

  /// Each column's width and alignment: the numbers as wide as this page needs, the name the rest.
  private func columns(_ curses: any Screen) -> [(Int, Bool)] {
    let rows = shown.map(cells)
    func widest(_ index: Int, _ minimum: Int) -> Int {
      rows.reduce(minimum) { max($0, displayWidth($1[index])) }
    }
    let id = widest(0, 3)
    let bounty = widest(2, 6)
    let time = model.active == .captured ? widest(3, 8) + 2 : 0
    let name = min(max(8, curses.columns - id - bounty - time - 4), widest(1, 8))
    var layout = [(id, true), (name, false), (bounty, true)]
    if model.active == .captured { layout.append((time - 2, false)) }
    return layout
  }

  /// The page's rows as they look while `carry` is carried from its origin to its row.
  private func carried(_ items: [JSON], first: Int64, _ carry: Carry, offset: Int64) -> [JSON] {
    var result: [JSON] = []
    for row in offset..<(offset + Int64(listRows)) {
      let original: Int64
      let origin = Int64(carry.origin)
      let target = Int64(carry.row)
      if row == target {
        result.append(carry.item)
        continue
      } else if origin < target && row >= origin && row < target {
        original = row + 1
      } else if origin > target && row > target && row <= origin {
        original = row - 1
      } else {
        original = row
      }
      let index = Int(original - first)
      guard items.indices.contains(index) else { break }
      result.append(items[index])
    }
    return result
  }

  // MARK: The card

  private func drawCard(_ curses: any Screen, id: Int64) {
    guard case .success(var fugitive) = client.fugitive(id) else {
      model.forget(id)
      status = Status(text: "Fugitive \(id) no longer exists.", kind: .error)
      cardFugitive = nil
      return drawList(curses)
    }
    var notes = fugitive["notes"]?.arrayValue ?? []
    if let carrying, carrying.isNote, notes.indices.contains(carrying.origin) {
      let note = notes.remove(at: carrying.origin)
      notes.insert(note, at: min(carrying.row, notes.count))
      if case .object(var object) = fugitive {
        object["notes"] = .array(notes)
        fugitive = .object(object)
      }
    }
    cardFugitive = fugitive
    noteCursor = min(noteCursor, max(0, notes.count - 1))
    var lines = views.detail(fugitive)
    if notes.isEmpty { lines += ["  Notes        none yet: n adds one"] }
    let selectedLine =
      notes.isEmpty
      ? nil
      : lines.count - notes.count + (carrying?.isNote == true ? carrying?.row ?? 0 : noteCursor)
    // The photo takes the card's right part; the facts wrap in what is left.
    let card = CardRect(row: 1, column: 0, rows: contentRows, columns: curses.columns)
    let photo = photoRect(of: fugitive, in: card)
    let textWidth = photo.map { $0.column - 1 } ?? curses.columns
    // Every line is shown whole: a long one wraps under its value (Enter reads a note alone).
    let rows = lines.enumerated().flatMap { index, line in
      Self.wrapped(card: line, toWidth: textWidth).map { (index, $0) }
    }
    let room = contentRows
    let selectedRows = rows.indices.filter { rows[$0].0 == selectedLine }
    let top = max(0, (selectedRows.last ?? 0) - room + 2)
    for (offset, (index, text)) in rows.enumerated().dropFirst(top).prefix(room) {
      var look: Curses.Look = index == 0 ? .bold : .normal
      if index == selectedLine { look = curses.look(.accent, .reverse, fallback: .reverse) }
      curses.put(
        text, row: 1 + offset - top, column: 0, width: textWidth, look: look,
        pad: index == selectedLine)
    }
    if let photo { drawPhoto(curses, of: fugitive, in: photo) }
  }

  /// A card line cut to `width` columns: what follows its label (`  Description  `) or a note's
  /// number (`    2. `) wraps under itself, word by word.
  static func wrapped(card line: String, toWidth width: Int) -> [String] {
    guard displayWidth(line) > width else { return [line] }
    let leading = line.prefix { $0 == " " }.count
    let rest = line.dropFirst(leading)
    // A label is followed by two spaces or more; a note's number by one.
    let bodyStart: Substring.Index
    if leading >= 4, let space = rest.firstIndex(of: " ") {
      bodyStart = rest.index(after: space)
    } else if leading < 4,
      let gap = rest.indices.first(where: {
        rest[$0] == " " && rest.index(after: $0) < rest.endIndex
          && rest[rest.index(after: $0)] == " "
      }),
      let value = rest[gap...].firstIndex(where: { $0 != " " })
    {
      bodyStart = value
    } else {
      bodyStart = rest.startIndex
    }
    let prefix = String(line[..<bodyStart])
    let indent = displayWidth(prefix)
    guard width - indent >= 10 else { return wrappedLines(line, toWidth: width) }
    let pieces = wrappedLines(String(line[bodyStart...]), toWidth: width - indent)
    return pieces.enumerated().map { index, piece in
      (index == 0 ? prefix : String(repeating: " ", count: indent)) + piece
    }
  }

  // MARK: Settings

  private func drawSettings(_ curses: any Screen) {
    guard case .success(let result) = client.call(.listSettings) else { return }
    shown = result["items"]?.arrayValue ?? []
    total = Int64(shown.count)
    let keyWidth = shown.reduce(3) { max($0, displayWidth($1["key"]?.stringValue ?? "")) }
    let values = shown.map { settingText($0["value"]) }
    let valueWidth = values.reduce(5) { max($0, displayWidth($1)) }
    curses.put("KEY", row: 1, column: 0, width: keyWidth, look: .bold)
    curses.put("VALUE", row: 1, column: keyWidth + 2, width: valueWidth, look: .bold)
    curses.put("ABOUT", row: 1, column: keyWidth + valueWidth + 4, look: .bold)
    for (index, item) in shown.enumerated() where index < listRows {
      let row = 2 + index
      let selected = Int64(index) == model.current.cursor
      let look: Curses.Look =
        selected ? curses.look(.accent, .reverse, fallback: .reverse) : .normal
      if selected {
        curses.put("", row: row, column: 0, width: curses.columns, look: look, pad: true)
      }
      curses.put(
        item["key"]?.stringValue ?? "", row: row, column: 0, width: keyWidth, look: look, pad: true)
      let valueLook = item["isDefault"] == .bool(true) ? look : look + .bold
      curses.put(
        values[index], row: row, column: keyWidth + 2, width: valueWidth, look: valueLook, pad: true
      )
      curses.put(
        item["help"]?.stringValue ?? "", row: row, column: keyWidth + valueWidth + 4,
        look: look + .dim)
    }
  }

  func settingText(_ value: JSON?) -> String {
    switch value {
    case .string(let text)?: return text.isEmpty ? "(not set)" : text
    case .bool(let flag)?: return flag ? "true" : "false"
    case .number(let digits)?: return digits
    default: return ""
    }
  }
}
