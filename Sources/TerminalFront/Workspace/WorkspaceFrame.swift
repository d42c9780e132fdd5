import BountyCore

/// The workspace's frame as a pure function of the view's state and one read snapshot: the tab
/// bar, the list, card or settings, and the status line. Nothing here reads the database or the
/// terminal, so what a frame shows is tested as a value.
struct WorkspaceFrame {
  let model: ViewModel
  let status: Workspace.Status?
  let carrying: Workspace.Carry?
  let noteCursor: Int
  let snapshot: WorkspaceSnapshot

  init(
    model: ViewModel, status: Workspace.Status?, carrying: Workspace.Carry?, noteCursor: Int,
    snapshot: WorkspaceSnapshot
  ) {
    self.model = model
    self.status = status
    self.carrying = carrying
    self.noteCursor = noteCursor
    self.snapshot = snapshot
  }

  /// The frame of `workspace`'s state now over `snapshot`.
  init(workspace: Workspace, snapshot: WorkspaceSnapshot) {
    self.init(
      model: workspace.model, status: workspace.status, carrying: workspace.carrying,
      noteCursor: workspace.noteCursor, snapshot: snapshot)
  }

  static let accent = Frame.Paint.pair(.accent, .normal, fallback: .normal)
  static let selected = Frame.Paint.pair(.accent, .reverse, fallback: .reverse)

  /// The frame for a screen of `rows` × `columns`.
  func frame(rows: Int, columns: Int) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    let tabBarWidth = drawTabBar(&frame)
    switch snapshot.content {
    case .settings(let settings): drawSettings(settings, &frame)
    case .card(let fugitive, let photo): drawCard(fugitive, photo: photo, &frame)
    case .list(let items, let total): drawList(items, total: total, tabBarWidth, &frame)
    }
    drawStatus(&frame)
    return frame
  }

  /// Rows of the screen between the tab bar and the status line.
  static func contentRows(onScreenOf rows: Int) -> Int { max(1, rows - 2) }

  private func views(width: Int) -> FugitiveViews {
    FugitiveViews(
      terminal: TerminalInfo(isTTY: true, width: width, style: Style(enabled: false)),
      currency: snapshot.currency)
  }

  /// The tab bar; returns where it ends.
  private func drawTabBar(_ frame: inout Frame) -> Int {
    var column = 0
    for (index, tab) in TabName.allCases.enumerated() {
      if index > 0 { column += frame.put(" │ ", row: 0, column: column, paint: .plain(.dim)) }
      let count =
        tab == .settings ? "" : " (\(snapshot.counts[tab].map(String.init) ?? "?"))"
      let title = " \(index + 1) \(tab.title)\(count) "
      let paint: Frame.Paint =
        tab == model.active ? .pair(.accent, .reverse + .bold, fallback: .reverse) : .plain(.normal)
      column += frame.put(title, row: 0, column: column, paint: paint)
    }
    return column
  }

  /// What `c` does on this tab: it captures at large fugitives and releases captured ones.
  private var captureHint: String { model.active == .captured ? "c release" : "c capture" }

  private func drawStatus(_ frame: inout Frame) {
    let row = frame.rows - 1
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
      frame.put(hints, row: row, column: 0, paint: .plain(.dim))
      return
    }
    let paint: Frame.Paint
    switch status.kind {
    case .info: paint = .plain(.normal)
    case .success: paint = .pair(.success, .normal, fallback: .bold)
    case .error: paint = .pair(.error, .bold, fallback: .bold)
    }
    frame.put(status.text, row: row, column: 0, paint: paint)
  }

  // MARK: The list

  private func drawList(_ items: [Fugitive], total: Int64, _ tabBarWidth: Int, _ frame: inout Frame)
  {
    let state = model.current
    let views = views(width: frame.columns)
    let rows = items.map { cells($0, views) }
    let layout = columns(rows, width: frame.columns)
    drawListHeader(state, total: total, layout: layout, tabBarWidth, &frame)
    guard !items.isEmpty else {
      let empty =
        state.search.map { "No matches for '\($0)'. / then Esc clears the filter." }
        ?? (model.active == .captured
          ? "Nobody captured yet."
          : state.everyone == true
            ? "No fugitives. a adds one." : "No fugitives at large. a adds one.")
      frame.put(empty, row: 2, column: 2, paint: .plain(.dim))
      return
    }
    for (index, cells) in rows.enumerated() {
      let row = 2 + index
      let selected = Int64(index) + state.offset == state.cursor
      var paint: Frame.Paint = selected ? Self.selected : .plain(.normal)
      if carrying != nil && selected { paint = paint + .bold }
      if selected {
        frame.put("", row: row, column: 0, width: frame.columns, paint: paint, pad: true)
      }
      var column = 0
      for (cell, (width, right)) in zip(cells, layout) {
        frame.put(
          cell, row: row, column: column, width: width, paint: paint, pad: true, alignRight: right)
        column += width + 2
      }
    }
  }

  private func drawListHeader(
    _ state: TabState, total: Int64, layout: [(Int, Bool)], _ tabBarWidth: Int,
    _ frame: inout Frame
  ) {
    var column = 0
    for (title, (width, right)) in zip(titles, layout) {
      frame.put(
        title, row: 1, column: column, width: width, paint: .plain(.bold), pad: true,
        alignRight: right)
      column += width + 2
    }
    var facts: [String] = []
    if let sort = state.sort {
      facts.append("sort \(sort)\(state.reversed == true ? " reversed" : "")")
    } else if state.reversed == true {
      facts.append("reversed")
    }
    if let search = state.search { facts.append("filter '\(search)'") }
    if state.everyone == true { facts.append("everyone") }
    facts.append(total == 0 ? "none" : "\(state.cursor + 1) of \(total)")
    let text = facts.joined(separator: " · ")
    let width = displayWidth(terminalSafe(text))
    if frame.columns - width - 1 > tabBarWidth + 1 {
      frame.put(text, row: 0, column: frame.columns - width - 1, paint: .plain(.dim))
    }
  }

  /// The fourth column: the capture time on the Captured tab, each one's status when the list
  /// shows everyone; nil for none.
  private var fourthColumn: String? {
    if model.active == .captured { return "CAPTURED" }
    return model.current.everyone == true ? "STATUS" : nil
  }

  private var titles: [String] { ["ID#", "NAME", "BOUNTY"] + (fourthColumn.map { [$0] } ?? []) }

  /// The cells of one row, as the list shows them.
  private func cells(_ fugitive: Fugitive, _ views: FugitiveViews) -> [String] {
    var cells = [String(fugitive.id), terminalSafe(fugitive.name), fugitive.bounty.display]
    if model.active == .captured {
      cells.append(views.terminal.time(fugitive.capturedAt))
    } else if fourthColumn != nil {
      cells.append(fugitive.captured ? "captured" : "at large")
    }
    return cells
  }

  /// Each column's width and alignment: the numbers as wide as this page needs, the name the rest.
  private func columns(_ rows: [[String]], width screen: Int) -> [(Int, Bool)] {
    func widest(_ index: Int, _ minimum: Int) -> Int {
      rows.reduce(minimum) { max($0, displayWidth($1[index])) }
    }
    let id = widest(0, 3)
    let bounty = widest(2, 6)
    let fourth = fourthColumn == nil ? 0 : widest(3, 8) + 2
    let name = min(max(8, screen - id - bounty - fourth - 4), widest(1, 8))
    var layout = [(id, true), (name, false), (bounty, true)]
    if fourthColumn != nil { layout.append((fourth - 2, false)) }
    return layout
  }

  // MARK: The card

  private func drawCard(
    _ fugitive: Fugitive, photo: WorkspaceSnapshot.Photo?, _ frame: inout Frame
  ) {
    let notes = fugitive.notes
    var lines = views(width: frame.columns).detail(fugitive)
    if notes.isEmpty { lines += ["  Notes        none yet: n adds one"] }
    let selectedLine =
      notes.isEmpty
      ? nil
      : lines.count - notes.count + (carrying?.isNote == true ? carrying?.row ?? 0 : noteCursor)
    // The photo takes the card's right part; the facts wrap in what is left.
    let textWidth = photo.map { $0.rect.column - 1 } ?? frame.columns
    // Every line is shown whole: a long one wraps under its value (Enter reads a note alone).
    let rows = lines.enumerated().flatMap { index, line in
      Self.wrapped(card: line, toWidth: textWidth).map { (index, $0) }
    }
    let room = Self.contentRows(onScreenOf: frame.rows)
    let selectedRows = rows.indices.filter { rows[$0].0 == selectedLine }
    let top = max(0, (selectedRows.last ?? 0) - room + 2)
    for (offset, (index, text)) in rows.enumerated().dropFirst(top).prefix(room) {
      var paint: Frame.Paint = .plain(index == 0 ? .bold : .normal)
      if index == selectedLine { paint = Self.selected }
      frame.put(
        text, row: 1 + offset - top, column: 0, width: textWidth, paint: paint,
        pad: index == selectedLine)
    }
    if let photo { frame.place(photo.cells, row: photo.rect.row, column: photo.rect.column) }
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

  private func drawSettings(_ settings: [Setting], _ frame: inout Frame) {
    let keyWidth = settings.reduce(3) { max($0, displayWidth($1.key.rawValue)) }
    let values = settings.map(\.shownValue)
    let valueWidth = values.reduce(5) { max($0, displayWidth($1)) }
    frame.put("KEY", row: 1, column: 0, width: keyWidth, paint: .plain(.bold))
    frame.put("VALUE", row: 1, column: keyWidth + 2, width: valueWidth, paint: .plain(.bold))
    frame.put("ABOUT", row: 1, column: keyWidth + valueWidth + 4, paint: .plain(.bold))
    let room = Self.contentRows(onScreenOf: frame.rows) - 1
    for (index, setting) in settings.enumerated() where index < room {
      let row = 2 + index
      let selected = Int64(index) == model.current.cursor
      let paint: Frame.Paint = selected ? Self.selected : .plain(.normal)
      if selected {
        frame.put("", row: row, column: 0, width: frame.columns, paint: paint, pad: true)
      }
      frame.put(setting.key.rawValue, row: row, column: 0, width: keyWidth, paint: paint, pad: true)
      frame.put(
        values[index], row: row, column: keyWidth + 2, width: valueWidth,
        paint: setting.isDefault ? paint : paint + .bold, pad: true)
      frame.put(
        setting.key.help, row: row, column: keyWidth + valueWidth + 4, paint: paint + .dim)
    }
  }
}
