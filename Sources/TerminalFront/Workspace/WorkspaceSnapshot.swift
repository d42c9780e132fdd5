import BountyCore

/// What one frame shows, read in one read transaction: the currency, each tab's count, and the
/// rows, card or settings of the view on screen, typed. A frame never mixes two moments.
struct WorkspaceSnapshot {
  /// What the view on screen shows.
  enum Content {
    /// The rows of the list drawn (in move mode, as they look while the row is carried) and how
    /// many the whole list has.
    case list(rows: [Fugitive], total: Int64)
    /// The card of a fugitive, with its photo when one is drawn beside the facts.
    case card(Fugitive, photo: Photo?)
    /// Every setting.
    case settings([Setting])
  }

  /// A card's photo: where it goes on the screen, and its cells.
  struct Photo: Equatable {
    var rect: Workspace.CardRect
    var cells: [[TerminalPicture.Cell]]
  }

  var currency: Currency
  /// Each fugitive tab's count with no filter; absent when it could not be read.
  var counts: [TabName: Int64]
  var content: Content
}

/// Reading a frame's snapshot: the list's cursor follows its fugitive here (an ID#, never a row),
/// and what the keys act on (the rows drawn, the card's notes) is kept from it.
extension Workspace {
  /// Draws the whole screen: one snapshot read in one read transaction, then a pure function of it
  /// and the view's state (`WorkspaceFrame`), painted in one pass.
  func draw() {
    guard let curses else { return }
    let frame = dispatcher.sharingReads(queued: []) { () -> Frame in
      let snapshot = readSnapshot()
      return WorkspaceFrame(workspace: self, snapshot: snapshot).frame(
        rows: curses.rows, columns: curses.columns)
    }
    curses.paint(frame)
  }

  /// The snapshot of the view on screen, read now.
  func readSnapshot() -> WorkspaceSnapshot {
    currency = client.currency
    var counts: [TabName: Int64] = [:]
    for tab in [TabName.fugitives, .captured] { counts[tab] = client.count(tab) }
    let content: WorkspaceSnapshot.Content
    if model.active == .settings {
      cardFugitive = nil
      content = .settings(readSettings())
    } else if let id = model.currentFugitive, let fugitive = readCard(id) {
      content = .card(fugitive, photo: curses.flatMap { photo(of: fugitive, on: $0) })
    } else {
      cardFugitive = nil
      content = readList()
    }
    return WorkspaceSnapshot(currency: currency, counts: counts, content: content)
  }

  private func readSettings() -> [Setting] {
    switch client.settings() {
    case .success(let settings): settingRows = settings
    case .failure(let error):
      status = Status(text: error.message, kind: .error)
      settingRows = []
    }
    return settingRows
  }

  /// The card of fugitive `id`; nil (the card closed, the status line saying why) when it is gone.
  private func readCard(_ id: Int64) -> Fugitive? {
    guard case .success(var fugitive) = client.fugitive(id, in: currency) else {
      model.forget(id)
      status = Status(text: "Fugitive \(id) no longer exists.", kind: .error)
      return nil
    }
    if let carrying, carrying.isNote, fugitive.notes.indices.contains(carrying.origin) {
      let note = fugitive.notes.remove(at: carrying.origin)
      fugitive.notes.insert(note, at: min(carrying.row, fugitive.notes.count))
    }
    cardFugitive = fugitive
    noteCursor = min(noteCursor, max(0, fugitive.notes.count - 1))
    return fugitive
  }

  /// The page of the active list around its cursor, the cursor on the fugitive it was on.
  private func readList() -> WorkspaceSnapshot.Content {
    let rows = listRows
    var state = model.current
    if state.cursor < state.offset { state.offset = state.cursor }
    if state.cursor >= state.offset + Int64(rows) { state.offset = state.cursor - Int64(rows) + 1 }
    // In move mode the rows on either side of the page may slide into it.
    let before: Int64 = carrying == nil || state.offset == 0 ? 0 : 1
    var page = client.page(
      model.active, state, limit: Int64(rows) + 1 + before, offset: state.offset - before,
      known: totals[model.active], in: currency)
    if carrying == nil, case .success(let found) = page {
      // The cursor follows its fugitive, wherever this read put it (the carried row is held).
      let outcome = ListSelection.follow(
        state.selected, cursor: state.cursor, page: found.items.map(\.id),
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
          model.active, state, limit: Int64(rows) + 1, offset: state.offset, known: found.total,
          in: currency)
      }
      if state.selected == nil, case .success(let again) = page {
        let index = Int(state.cursor - state.offset)
        state.selected = again.items.indices.contains(index) ? again.items[index].id : nil
      }
    }
    listReshaped = false
    model.current = state
    guard case .success(let found) = page else {
      if case .failure(let error) = page { status = Status(text: error.message, kind: .error) }
      listed = []
      total = 0
      return .list(rows: [], total: 0)
    }
    total = found.total
    totals[model.active] = found.total
    if let carrying {
      listed = carried(found.items, first: state.offset - before, carrying, offset: state.offset)
    } else {
      listed = Array(found.items.prefix(rows))
    }
    rowNames = Dictionary(
      listed.map { ($0.id, terminalSafe($0.name)) }, uniquingKeysWith: { first, _ in first })
    return .list(rows: listed, total: found.total)
  }

  /// The page's rows as they look while `carry` is carried from its origin to its row.
  private func carried(_ items: [Fugitive], first: Int64, _ carry: Carry, offset: Int64)
    -> [Fugitive]
  {
    var result: [Fugitive] = []
    for row in offset..<(offset + Int64(listRows)) {
      let original: Int64
      let origin = Int64(carry.origin)
      let target = Int64(carry.row)
      if row == target, let item = carry.item {
        result.append(item)
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
}
