import BountyApp
import BountyCore
import BountyStore
import Glibc

/// Turns a command's result into what a person reads. Works from the JSON result only.
struct ResultRenderer {
  let terminal: TerminalInfo
  let currency: Currency

  var views: FugitiveViews { FugitiveViews(terminal: terminal, currency: currency) }

  /// The lines to print for `result` of `spec` called with `arguments`; may write files (photo
  /// export). Throws when that write fails.
  func render(_ spec: CommandSpec, _ arguments: Arguments, _ result: JSON) throws(BountyError)
    -> [String]
  {
    let name = result["name"]?.stringValue.map { terminalSafe($0) } ?? ""
    let id = result["id"].map { if case .number(let n) = $0 { n } else { "" } } ?? ""
    switch spec.name {
    case "fugitives.list":
      return views.list(result, captured: false, showStatus: arguments.bool("all") == true)
    case "captured.list":
      return views.list(result, captured: true, showStatus: false)
    case "fugitives.get", "captured.get":
      return views.detail(result)
    case "fugitives.add":
      return ["Added fugitive \(id) (\(name))."] + views.detail(result)
    case "fugitives.update", "fugitives.seen", "notes.add", "notes.update", "notes.delete",
      "notes.move":
      return ["Saved fugitive \(id) (\(name))."] + views.detail(result)
    case "fugitives.move":
      let position = result["position"].map { if case .number(let n) = $0 { n } else { "" } } ?? ""
      return ["Moved fugitive \(id) (\(name)) to position \(position)."]
    case "fugitives.capture":
      return ["Captured fugitive \(id) (\(name)); it is now in the Captured tab."]
        + views.detail(result)
    case "captured.release":
      return ["Released fugitive \(id) (\(name)); it is back in the Fugitives tab."]
    case "fugitives.delete":
      return [
        "Deleted fugitive \(id) (\(name)) with its notes and photo. 'bounty undo' brings it back."
      ]
    case "fugitives.photo":
      return try photo(arguments, result)
    case "notes.list":
      let notes = result["notes"]?.arrayValue ?? []
      if notes.isEmpty { return ["No case notes for fugitive \(id)."] }
      return notes.enumerated().map { index, note in
        let noteID = note["id"].map { if case .number(let n) = $0 { n } else { "" } } ?? ""
        return "\(index + 1). \(terminalSafe(note["text"]?.stringValue ?? ""))  "
          + terminal.style.dim("[note \(noteID), \(views.time(note["createdAt"]))]")
      }
    case "settings.list":
      var table = Table([
        Table.Column(title: "KEY"), Table.Column(title: "VALUE"),
        Table.Column(title: "ABOUT", flexible: true),
      ])
      for item in result["items"]?.arrayValue ?? [] {
        table.add([
          item["key"]?.stringValue ?? "", settingValue(item["value"]),
          item["help"]?.stringValue ?? "",
        ])
      }
      return table.render(maxWidth: terminal.width, style: terminal.style)
    case "settings.get", "settings.set", "settings.reset":
      let key = result["key"]?.stringValue ?? ""
      let suffix = result["isDefault"] == .bool(true) ? terminal.style.dim("  (default)") : ""
      return ["\(key) = \(settingValue(result["value"]))\(suffix)"]
    case "history.list":
      let undo = result["undo"]?.arrayValue ?? []
      let redo = result["redo"]?.arrayValue ?? []
      if undo.isEmpty && redo.isEmpty { return ["Nothing to undo or redo."] }
      var lines: [String] = []
      if !redo.isEmpty {
        lines.append("Redo (next first):")
        lines += redo.map {
          "  \(terminalSafe($0["label"]?.stringValue ?? ""))  "
            + terminal.style.dim(views.time($0["createdAt"]))
        }
      }
      if !undo.isEmpty {
        lines.append("Undo (next first):")
        lines += undo.map {
          "  \(terminalSafe($0["label"]?.stringValue ?? ""))  "
            + terminal.style.dim(views.time($0["createdAt"]))
        }
      }
      return lines
    case "history.undo":
      return ["Undid: \(terminalSafe(result["label"]?.stringValue ?? ""))"]
    case "history.redo":
      return ["Redid: \(terminalSafe(result["label"]?.stringValue ?? ""))"]
    case "sample.load":
      let count = result["loaded"].map { if case .number(let n) = $0 { n } else { "0" } } ?? "0"
      return ["Loaded \(count) fugitives from the sample roster."]
    case "data.import":
      let imported = result["imported"]?.serialized ?? "0"
      let replaced = result["replaced"]?.serialized ?? "0"
      return [
        "Imported \(imported) fugitives" + (replaced == "0" ? "." : ", replaced \(replaced).")
      ]
    case "report.generate", "dossier.generate", "data.export":
      guard let path = result["output"]?.stringValue, path != "-" else { return [] }
      let what =
        ["report.generate": "the report", "dossier.generate": "the dossier"][spec.name]
        ?? "the export"
      return ["Wrote \(what) to \(path) (\(result["bytes"]?.serialized ?? "0") bytes)."]
    case "completions":
      return [result["script"]?.stringValue ?? ""]
    case "db.backup":
      return ["Wrote a backup to \(result["path"]?.stringValue ?? "")."]
    case "db.migrate":
      return ["\(result.serialized)"]
    case "db.info", "db.check":
      return keyValues(result)
    default:
      return [result.serialized]
    }
  }

  private func settingValue(_ value: JSON?) -> String {
    switch value {
    case .string(let text)?: return text.isEmpty ? "(not set)" : terminalSafe(text)
    case .bool(let flag)?: return flag ? "true" : "false"
    case .number(let digits)?: return digits
    default: return ""
    }
  }

  private func keyValues(_ result: JSON) -> [String] {
    guard let object = result.objectValue else { return [result.serialized] }
    let width = object.keys.map(\.count).max() ?? 0
    return object.members.map { key, value in
      let text: String
      switch value {
      case .string(let string): text = terminalSafe(string)
      case .array(let items):
        text = items.map { $0.stringValue ?? $0.serialized }.joined(separator: "; ")
      default: text = value.serialized
      }
      return padded(key, toWidth: width) + "  " + text
    }
  }

  private func photo(_ arguments: Arguments, _ result: JSON) throws(BountyError) -> [String] {
    let id = result["id"].map { if case .number(let n) = $0 { n } else { "" } } ?? ""
    if arguments.has("image") { return ["Saved the photo of fugitive \(id)."] }
    if arguments.bool("clear") == true { return ["Removed the photo of fugitive \(id)."] }
    let type = result["mediaType"]?.stringValue ?? ""
    let size = result["size"]?.serialized ?? "0"
    guard let path = arguments.text("export") else {
      return ["Fugitive \(id) has a photo (\(type), \(size) bytes). Save it with --export FILE."]
    }
    let sink = try OutputSink(.file(path))
    sink.write(Base64.decode(result["data"]?.stringValue ?? "") ?? [])
    try sink.finish()
    if path == "-" { return [] }  // the bytes went to standard output: nothing may follow them
    return ["Wrote the photo of fugitive \(id) to \(path) (\(type), \(size) bytes)."]
  }
}
