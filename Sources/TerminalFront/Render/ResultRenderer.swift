import BountyApp
import BountyCore

/// Turns a command's answer into what a person reads, by the view its declaration names. A list or
/// a card is drawn from the typed page or fugitive (read back from JSON when the answer is a JSON
/// value); the other views from the answer's JSON. Works from the answer and the render context of
/// the same transaction only; never names a command.
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
      guard let page = typed(answer, FugitivePage.init(json:currency:)) else {
        return [answer.json.serialized]
      }
      return views.list(
        page, captured: captured, showStatus: showStatus,
        footer: footer.map { line($0, answer.json) })
    case .fugitiveCard(let headline):
      guard let fugitive = typed(answer, Fugitive.init(json:currency:)) else {
        return [answer.json.serialized]
      }
      return (headline.map { [line($0, answer.json)] } ?? []) + views.detail(fugitive)
    default:
      return render(view, answer.json)
    }
  }

  /// `answer` as the typed value `T` it is, or read back from its JSON in this currency; nil when
  /// it is neither.
  private func typed<T>(_ answer: any Answer, _ read: (JSON, Currency) throws(BountyError) -> T)
    -> T?
  {
    if let value = answer as? T { return value }
    return try? read(answer.json, currency)
  }

  /// The views drawn from the answer's JSON.
  private func render(_ view: ResultView, _ result: JSON) -> [String] {
    switch view {
    case .fugitiveList, .fugitiveCard:
      return []  // drawn from the typed page or fugitive by `render(_:_:arguments:)`
    case .message(let headline):
      let text = line(headline, result)
      return text.isEmpty ? [] : [text]
    case .notes:
      return notes(result)
    case .expenses:
      return views.expenses(result)
    case .settingsTable:
      return settingsTable(result)
    case .setting:
      let key = result["key"]?.stringValue ?? ""
      // A preference names the config file it is kept in.
      let notes =
        (result["isDefault"] == .bool(true) ? ["default"] : [])
        + (result["file"]?.stringValue.map { ["kept in \(terminalSafe($0))"] } ?? [])
      let suffix =
        notes.isEmpty ? "" : terminal.style.dim("  (\(notes.joined(separator: "; ")))")
      return ["\(key) = \(settingValue(result["value"]))\(suffix)"]
    case .history:
      return history(result)
    case .keyValues:
      return keyValues(result)
    case .facts(let facts):
      return self.facts(facts, result)
    case .document(let noun, _):
      guard let path = result["output"]?.stringValue, path != "-" else { return [] }
      return [
        "Wrote \(noun) to \(terminalSafe(path)) (\(counted(Int64(result["bytes"]?.serialized ?? "") ?? 0, "byte", "bytes")))."
      ]
    case .text(let field):
      return [result[field]?.stringValue ?? ""]
    }
  }

  private func line(_ headline: Headline, _ result: JSON) -> String {
    headline.text(for: result, escape: { terminalSafe($0) })
  }

  private func notes(_ result: JSON) -> [String] {
    let notes = result["notes"]?.arrayValue ?? []
    if notes.isEmpty { return ["No case notes for fugitive \(result["id"]?.serialized ?? "")."] }
    return notes.enumerated().map { index, note in
      "\(index + 1). \(terminalSafe(note["text"]?.stringValue ?? ""))  "
        + terminal.style.dim(
          "[note \(note["id"]?.serialized ?? ""), \(views.time(note["createdAt"]))]")
    }
  }

  private func settingsTable(_ result: JSON) -> [String] {
    var table = Table([
      Table.Column(title: "KEY"), Table.Column(title: "VALUE"), Table.Column(title: "KEPT IN"),
      Table.Column(title: "ABOUT", flexible: true),
    ])
    for item in result["items"]?.arrayValue ?? [] {
      table.add([
        item["key"]?.stringValue ?? "", settingValue(item["value"]),
        item["scope"]?.stringValue == "personal" ? "config" : "roster",
        item["help"]?.stringValue ?? "",
      ])
    }
    return table.render(maxWidth: terminal.width, style: terminal.style)
  }

  private func history(_ result: JSON) -> [String] {
    let undo = result["undo"]?.arrayValue ?? []
    let redo = result["redo"]?.arrayValue ?? []
    if undo.isEmpty && redo.isEmpty { return ["Nothing to undo or redo."] }
    func steps(_ title: String, _ steps: [JSON]) -> [String] {
      guard !steps.isEmpty else { return [] }
      return [title]
        + steps.map {
          // An agency database names who made each step.
          let hunter = $0["hunter"]?.stringValue.map { "  by \(terminalSafe($0))" } ?? ""
          return "  \(terminalSafe($0["label"]?.stringValue ?? ""))  "
            + terminal.style.dim(views.time($0["createdAt"]) + hunter)
        }
    }
    return steps("Redo (next first):", redo) + steps("Undo (next first):", undo)
  }

  private func settingValue(_ value: JSON?) -> String {
    switch value {
    case .string(let text)?: return text.isEmpty ? "(not set)" : terminalSafe(text)
    case .bool(let flag)?: return flag ? "true" : "false"
    case .number(let digits)?: return digits
    default: return ""
    }
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
