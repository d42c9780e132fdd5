import BountyApp
import BountyCore

/// Turns a command's answer into what a person reads, by the view its declaration names. A view
/// with a typed answer (a page, a fugitive, settings, history, notes, expenses, a document) is
/// drawn from its fields (a page or a fugitive read back from JSON when the answer is a JSON
/// value); a message, facts, key-values or a text from the answer's JSON. Works from the answer
/// and the render context of the same transaction only; never names a command.
struct ResultRenderer {
  let terminal: TerminalInfo
  let currency: Currency

  var views: FugitiveViews { FugitiveViews(terminal: terminal, currency: currency) }

  /// The lines to print for `answer` shown as `view`, answering a call with `arguments`.
  func render(_ view: ResultView, _ answer: any Answer, arguments: Arguments = Arguments())
    -> [String]
  {
    switch view {
    case .fugitiveList(let captured, let footer, let everyStatus):
      let showStatus = everyStatus.map { arguments.value(named: $0) == .boolean(true) } ?? false
      return drawn(answer, reading: FugitivePage.init(json:currency:)) { page in
        views.list(
          page, captured: captured, showStatus: showStatus,
          footer: footer.map { line($0, answer.json) })
      }
    case .fugitiveCard(let headline):
      return drawn(answer, reading: Fugitive.init(json:currency:)) { fugitive in
        (headline.map { [line($0, answer.json)] } ?? []) + views.detail(fugitive)
      }
    case .settingsTable:
      return drawn(answer) { (list: ItemList<Setting>) in settingsTable(list.items) }
    case .setting:
      return drawn(answer) { [self.setting($0)] }
    case .history:
      return drawn(answer, history)
    case .notes:
      return drawn(answer, notes)
    case .expenses:
      return drawn(answer, views.expenses)
    case .document(let noun, _):
      // A document on standard output is what was printed; one in a file is named.
      guard case .written(_, let path?, let bytes)? = answer as? Document, path != "-" else {
        return []
      }
      return ["Wrote \(noun) to \(terminalSafe(path)) (\(counted(bytes, "byte", "bytes")))."]
    case .message(let headline):
      let text = line(headline, answer.json)
      return text.isEmpty ? [] : [text]
    case .keyValues:
      return keyValues(answer.json)
    case .facts(let facts):
      return self.facts(facts, answer.json)
    case .text(let field):
      return [answer.json[field]?.stringValue ?? ""]
    }
  }

  /// The lines `draw` makes of `answer` as the typed value `T` it is (or, with `read`, read back
  /// from its JSON in this currency); its JSON text when it is neither.
  private func drawn<T>(
    _ answer: any Answer, reading read: ((JSON, Currency) throws(BountyError) -> T)? = nil,
    _ draw: (T) -> [String]
  ) -> [String] {
    if let value = answer as? T { return draw(value) }
    if let read, let value = try? read(answer.json, currency) { return draw(value) }
    return [answer.json.serialized]
  }

  private func line(_ headline: Headline, _ result: JSON) -> String {
    headline.text(for: result, escape: { terminalSafe($0) })
  }

  private func notes(_ list: NoteList) -> [String] {
    if list.notes.isEmpty { return ["No case notes for fugitive \(list.id)."] }
    return list.notes.enumerated().map { index, note in
      "\(index + 1). \(terminalSafe(note.text))  "
        + terminal.style.dim("[note \(note.id), \(terminal.time(note.createdAt))]")
    }
  }

  private func settingsTable(_ settings: [Setting]) -> [String] {
    var table = Table([
      Table.Column(title: "KEY"), Table.Column(title: "VALUE"), Table.Column(title: "KEPT IN"),
      Table.Column(title: "ABOUT", flexible: true),
    ])
    for setting in settings {
      table.add([
        setting.key.rawValue, terminalSafe(setting.shownValue),
        setting.key.scope == .personal ? "config" : "roster", setting.key.help,
      ])
    }
    return table.render(maxWidth: terminal.width, style: terminal.style)
  }

  /// `key = value`, with whether it is the default and the config file a preference is kept in.
  private func setting(_ setting: Setting) -> String {
    let notes =
      (setting.isDefault ? ["default"] : [])
      + (setting.file.map { ["kept in \(terminalSafe($0))"] } ?? [])
    let suffix = notes.isEmpty ? "" : terminal.style.dim("  (\(notes.joined(separator: "; ")))")
    return "\(setting.key.rawValue) = \(terminalSafe(setting.shownValue))\(suffix)"
  }

  private func history(_ history: History) -> [String] {
    let outside = history.outside ?? []
    if history.undo.isEmpty && history.redo.isEmpty && outside.isEmpty {
      return ["Nothing to undo or redo."]
    }
    func steps(_ title: String, _ steps: [HistoryStep]) -> [String] {
      guard !steps.isEmpty else { return [] }
      return [title]
        + steps.map { step in
          // Who made each step (with nothing in the name invisible), and from which client.
          let hunter = step.hunter.map { "  by \(NameIdentity.shown($0))" } ?? ""
          let client = step.client.map { "  from \(terminalSafe($0))" } ?? ""
          return "  \(terminalSafe(step.label))  "
            + terminal.style.dim(terminal.time(step.createdAt) + hunter + client)
        }
    }
    return steps("Redo (next first):", history.redo) + steps("Undo (next first):", history.undo)
      + steps("Changed outside bounty (newest first):", outside)
  }

  private func facts(_ facts: [Fact], _ result: JSON) -> [String] {
    let width = facts.map { displayWidth($0.label) }.max() ?? 0
    return facts.compactMap { fact in
      guard let value = result[fact.field] else { return nil }
      return padded(fact.label, toWidth: width) + "  " + shown(value, in: fact.unit)
    }
  }

  private func shown(_ value: JSON, in unit: Fact.Unit) -> String {
    switch (unit, value) {
    case (_, .null): return "none"
    case (.bytes, .number(let digits)): return Int64(digits).map(Self.byteSize) ?? digits
    case (.yesNo, .bool(let flag)): return flag ? "yes" : "no"
    case (.list, .array(let items)) where items.isEmpty: return "none"
    case (.list, .array(let items)):
      return items.map { $0.stringValue.map { terminalSafe($0) } ?? $0.serialized }
        .joined(separator: "; ")
    case (_, .string(let text)): return terminalSafe(text)
    default: return value.serialized
    }
  }

  /// `512 bytes`, `4.0 KiB`, `1.2 MiB`: binary units with one decimal, from whole numbers.
  static func byteSize(_ bytes: Int64) -> String {
    guard bytes >= 1024 else { return counted(bytes, "byte", "bytes") }
    var unit = 1024 as Int64
    var names = ["KiB", "MiB", "GiB", "TiB"][...]
    while bytes / unit >= 1024 && names.count > 1 {
      unit *= 1024
      names = names.dropFirst()
    }
    let tenths = (Int128(bytes) * 10 + Int128(unit) / 2) / Int128(unit)
    return "\(tenths / 10).\(tenths % 10) \(names.first ?? "")"
  }

  private func keyValues(_ result: JSON) -> [String] {
    guard let object = result.objectValue else { return [result.serialized] }
    let width = object.keys.map(\.count).max() ?? 0
    return object.members.map { key, value in
      let text: String
      switch value {
      case .string(let string): text = terminalSafe(string)
      case .array(let items):
        text = items.map { $0.stringValue.map { terminalSafe($0) } ?? $0.serialized }
          .joined(separator: "; ")
      default: text = value.serialized
      }
      return padded(key, toWidth: width) + "  " + text
    }
  }
}
