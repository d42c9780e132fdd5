import BountyCore

/// The workspace's modal parts: the bottom input line (filter, note, `:` command, a question), the
/// forms, the help and a pager. Each runs its own key loop over the view drawn behind it.
extension Workspace {
  /// Reads a line on the bottom row. Enter answers it, Esc or Ctrl-C gives nil; `live` sees every
  /// change (the view behind is redrawn after it); Tab asks `complete`. With `replacing`, the
  /// initial text is an offer: the first character typed (or Backspace) replaces it, while an
  /// editing key (←, Home…) keeps it to edit.
  func ask(
    _ label: String, initial: String = "", replacing: Bool = false,
    complete: ((String) -> ShellCompletion)? = nil, live: ((String) -> Void)? = nil
  ) -> String? {
    guard let curses else { return nil }
    var buffer = LineBuffer(initial)
    var offered = replacing && !initial.isEmpty
    var listing: String?
    /// Typed but not yet shown by `live`, and a key read while waiting to see if more follow.
    var changed = false
    var pending: Key?
    func drawLine() {
      let row = curses.rows - 1
      curses.clearLine(row)
      let start = curses.put(label, row: row, column: 0, look: .bold)
      let room = max(1, curses.columns - start - 1)
      let visible = buffer.cursorColumn < room ? buffer.text : String(buffer.text.suffix(room))
      curses.put(visible, row: row, column: start, width: room, look: offered ? .reverse : .normal)
      curses.cursor(at: (row, start + min(buffer.cursorColumn, room)))
      curses.refresh()
    }
    while true {
      if pending == nil, changed, let live {
        // A filter over a million rows counts every match: while keys keep coming, only echo them.
        drawLine()
        if let next = curses.key(timeout: 120) {
          pending = next
        } else {
          live(buffer.text)
          changed = false
        }
      }
      if pending == nil {
        draw()
        if let listing {
          let lines = listing.split(separator: "\n").suffix(max(1, curses.rows - 3))
          for (index, line) in lines.enumerated() {
            curses.put(
              String(line), row: curses.rows - 1 - lines.count + index, column: 0,
              width: curses.columns, look: .reverse, pad: true)
          }
        }
        drawLine()
      }
      guard let key = pending ?? curses.key() else { continue }
      pending = nil
      listing = nil
      switch key {
      case .enter:
        if changed { live?(buffer.text) }
        return buffer.text
      case .escape, .control("c"): return nil
      case .tab:
        guard let complete else { continue }
        let before = String(buffer.text.prefix(buffer.cursor))
        let completion = complete(before)
        if completion.candidates.count == 1, let only = completion.candidates.first {
          buffer.complete(word: completion.word, with: only + (only.hasSuffix("/") ? "" : " "))
        } else if completion.commonPrefix.count > completion.word.count {
          buffer.complete(word: completion.word, with: completion.commonPrefix)
        } else if !completion.candidates.isEmpty {
          listing = completion.listing(width: curses.columns)
        }
      case .resize: continue
      default:
        let before = buffer.text
        if offered {
          offered = false
          switch key {
          case .character, .backspace, .delete: buffer = LineBuffer()
          default: break
          }
          if key == .backspace || key == .delete {
            changed = true
            continue
          }
        }
        if buffer.apply(key), buffer.text != before { changed = true }
      }
    }
  }

  /// Asks a yes/no question on the bottom row; only `y` says yes.
  func confirm(_ question: String) -> Bool {
    guard let curses else { return false }
    draw()
    let row = curses.rows - 1
    curses.clearLine(row)
    let used = curses.put(
      question + " [y/N] ", row: row, column: 0, look: curses.look(.muted, .bold, fallback: .bold))
    curses.cursor(at: (row, min(used, curses.columns - 1)))
    curses.refresh()
    while true {
      guard let key = curses.key() else { continue }
      if key == .resize { return confirm(question) }
      return key == .character("y") || key == .character("Y")
    }
  }

  /// Runs `form` until it is saved (`submit` answers success) or cancelled; the result, or nil.
  func run<Answer>(_ form: Form, submit: (Form) -> Result<Answer, BountyError>) -> Answer? {
    guard let curses else { return nil }
    var form = form
    while true {
      draw()
      drawForm(form, curses)
      guard let key = curses.key() else { continue }
      form.message = nil
      switch key {
      case .escape, .control("c"):
        status = Status(text: "Cancelled; nothing was saved.", kind: .info)
        return nil
      case .tab, .down: form.moveFocus(by: 1)
      case .backTab, .up: form.moveFocus(by: -1)
      case .enter where form.focus == form.cancelIndex:
        status = Status(text: "Cancelled; nothing was saved.", kind: .info)
        return nil
      case .enter where form.focus < form.saveIndex && !form.enterSaves:
        form.moveFocus(by: 1)
      case .enter, .control("s"):
        guard form.validateAll() else { continue }
        switch submit(form) {
        case .success(let result): return result
        case .failure(let error): form.show(error)
        }
      case .resize: continue
      default:
        if form.focus < form.fields.count {
          _ = form.fields[form.focus].buffer.apply(key)
          form.fields[form.focus].error = nil
        }
      }
    }
  }

  private func drawForm(_ form: Form, _ curses: any Screen) {
    let width = min(curses.columns - 2, 76)
    let left = max(0, (curses.columns - width) / 2)
    let labelWidth = (form.fields.map { displayWidth($0.label) }.max() ?? 4) + 2
    // A message the save was refused with (another hunter's change) is shown whole, above the
    // buttons.
    let message = form.message.map { wrappedLines($0, toWidth: width - 4) } ?? []
    let height = 4 + form.fields.count * 2 + 2 + message.count
    let top = max(1, (curses.rows - height) / 2)
    for row in top..<min(curses.rows - 1, top + height) {
      curses.put("", row: row, column: left, width: width, look: .normal, pad: true)
    }
    let frame = curses.look(.accent, fallback: .normal)
    curses.put(
      "┌" + String(repeating: "─", count: max(0, width - 2)) + "┐", row: top, column: left,
      look: frame)
    curses.put(
      "└" + String(repeating: "─", count: max(0, width - 2)) + "┘", row: top + height - 1,
      column: left, look: frame)
    for row in (top + 1)..<(top + height - 1) {
      curses.put("│", row: row, column: left, look: frame)
      curses.put("│", row: row, column: left + width - 1, look: frame)
    }
    curses.put(" \(form.title) ", row: top, column: left + 2, look: .bold)
    var cursorAt: (Int, Int)?
    let fieldColumn = left + 2 + labelWidth
    let fieldWidth = max(4, width - labelWidth - 5)
    for (index, field) in form.fields.enumerated() {
      let row = top + 2 + index * 2
      let focused = index == form.focus
      curses.put(field.label, row: row, column: left + 2, look: focused ? .bold : .normal)
      let text = field.buffer.text
      let look: Curses.Look = focused ? .underline + .bold : .underline
      if text.isEmpty && !focused && !field.hint.isEmpty {
        curses.put(
          field.hint, row: row, column: fieldColumn, width: fieldWidth, look: .dim, pad: true)
      } else {
        let shown = field.buffer.cursorColumn < fieldWidth ? text : String(text.suffix(fieldWidth))
        curses.put(shown, row: row, column: fieldColumn, width: fieldWidth, look: look, pad: true)
      }
      if focused { cursorAt = (row, fieldColumn + min(field.buffer.cursorColumn, fieldWidth - 1)) }
      if let error = field.error {
        curses.put(
          "↳ " + error, row: row + 1, column: fieldColumn, width: fieldWidth,
          look: curses.look(.error, fallback: .bold))
      }
    }
    let buttons = top + height - 2
    let save = form.focus == form.saveIndex ? Curses.Look.reverse + .bold : .bold
    let cancel = form.focus == form.cancelIndex ? Curses.Look.reverse : .normal
    for (index, line) in message.enumerated() {
      curses.put(
        line, row: buttons - message.count + index, column: left + 2, width: width - 4,
        look: curses.look(.error, fallback: .bold))
    }
    var column = fieldColumn
    column += curses.put("[ Save ]", row: buttons, column: column, look: save) + 2
    curses.put("[ Cancel ]", row: buttons, column: column, look: cancel)
    let row = curses.rows - 1
    curses.clearLine(row)
    curses.put(
      "Tab/↑↓ next field  Enter next or Save  Ctrl-S save  Esc cancel", row: row, column: 0,
      look: .dim)
    curses.cursor(at: cursorAt)
    curses.refresh()
  }

  /// Shows `lines` full screen until Esc, q or Enter; ↑/↓ and PgUp/PgDn scroll.
  func page(_ title: String, _ lines: [String]) {
    guard let curses else { return }
    var top = 0
    while true {
      curses.erase()
      curses.put(title, row: 0, column: 0, look: .bold)
      let room = curses.rows - 2
      for (index, line) in lines.dropFirst(top).prefix(room).enumerated() {
        curses.put(line, row: 1 + index, column: 0)
      }
      let more = top + room < lines.count ? "  ↓ more" : ""
      curses.put("Esc, q or Enter closes\(more)", row: curses.rows - 1, column: 0, look: .dim)
      curses.cursor(at: nil)
      curses.refresh()
      guard let key = curses.key() else { continue }
      switch key {
      case .escape, .enter, .character("q"), .control("c"), .character("?"): return
      case .down, .character("j"): top = min(max(0, lines.count - room), top + 1)
      case .up, .character("k"): top = max(0, top - 1)
      case .pageDown, .character(" "): top = min(max(0, lines.count - room), top + room)
      case .pageUp: top = max(0, top - room)
      default: continue
      }
    }
  }
}
