import BountyApp
import BountyCore

/// The line shell's add and edit forms: one field at a time, a bad value asked again with its
/// reason; `.cancel`, Ctrl-C or end of input cancels and nothing is saved. Up recalls no commands.
struct ShellForms {
  let shell: Shell

  private enum Answer {
    case value(String)
    case keep
    case cancel
  }

  /// Asks for one field until `check` accepts the answer. Enter keeps `current` (or skips an
  /// optional field).
  private func ask(
    _ label: String, current: String?, optional: Bool, check: (String) throws(BountyError) -> Void
  ) -> Answer {
    while true {
      let hint = current.map { " [\(terminalSafe($0))]" } ?? (optional ? " (Enter to skip)" : "")
      guard case .line(let line) = shell.input.readAnswer(prompt: "  \(label)\(hint): ") else {
        return .cancel
      }
      if line.trimmingASCIIWhitespace() == ".cancel" { return .cancel }
      if line.isEmpty && (current != nil || optional) { return .keep }
      do {
        try check(line)
        return .value(line)
      } catch {
        Output.err("  \(error.message); try again, or '.cancel'")
      }
    }
  }

  /// Checks a field as the command will: the dispatcher's own check of its declared type, and
  /// an amount in the database currency.
  private func checker(_ method: String, _ field: String) -> (String) throws(BountyError) -> Void {
    let spec = shell.dispatcher.registry.spec(named: method)
    let dispatcher = shell.dispatcher
    return { (text: String) throws(BountyError) in
      guard let param = spec?.param(named: field) else { return }
      try dispatcher.check(text, for: param)
    }
  }

  private func cancelled() -> Int64? {
    shell.say("Cancelled; nothing was saved.")
    return nil
  }

  /// Adds a fugitive; its ID# when saved.
  func add() -> Int64? {
    shell.say("New fugitive ('.cancel' or Ctrl-C cancels):")
    var typed: [String: String] = [:]
    let fields: [(String, String, Bool)] = [
      ("name", "Name", false), ("id", "ID#", true), ("bounty", "Bounty", false),
      ("description", "Description", true),
    ]
    for (field, label, optional) in fields {
      var check = checker("fugitives.add", field)
      if field == "id" {
        let base = check
        check = { (text: String) throws(BountyError) in
          try base(text)
          if let id = Int64(text.trimmingASCIIWhitespace()),
            case .success = shell.client.fugitive(id)
          {
            throw .conflict("ID# \(id) is taken")
          }
        }
      }
      switch ask(label, current: nil, optional: optional, check: check) {
      case .cancel: return cancelled()
      case .keep: continue
      case .value(let text): typed[field] = text
      }
    }
    return submit("fugitives.add", typed)
  }

  /// Edits fugitive `id`; its (possibly new) ID# when saved or unchanged.
  func edit(id: Int64) -> Int64? {
    guard case .success(let fugitive) = shell.client.fugitive(id) else {
      shell.fail(.notFound("fugitive \(id) not found"))
      return nil
    }
    // A closed case is refused before the form, with the message the save would give.
    if case .string? = fugitive["closedAt"] {
      shell.fail(.refused(CaseFile.closedMessage(id)))
      return nil
    }
    shell.say("Editing fugitive \(id) (Enter keeps a value, '.cancel' or Ctrl-C cancels):")
    var typed: [String: String] = [:]
    let fields: [(String, String, String)] = [
      ("name", "Name", fugitive["name"]?.stringValue ?? ""),
      ("bounty", "Bounty", fugitive["bounty"]?.stringValue ?? ""),
      ("description", "Description", fugitive["description"]?.stringValue ?? ""),
      ("newId", "ID#", String(id)),
    ]
    for (field, label, current) in fields {
      switch ask(label, current: current, optional: true, check: checker("fugitives.update", field))
      {
      case .cancel: return cancelled()
      case .keep: continue
      case .value(let text) where text == current: continue
      case .value(let text): typed[field] = text
      }
    }
    if typed.isEmpty {
      shell.say("Nothing changed.")
      return id
    }
    return submit("fugitives.update", typed, fixed: ["id": .int(id)])
  }

  /// Runs `method` with the answers as typed (read as the command line reads them).
  private func submit(_ method: String, _ typed: [String: String], fixed: JSONObject = JSONObject())
    -> Int64?
  {
    guard let command = shell.dispatcher.registry.spec(named: method) else { return nil }
    do {
      let arguments = try command.arguments(typed: typed, fixed: fixed)
      guard shell.runner.run(command, arguments, confirm: nil) else {
        shell.fail(.io("not saved"))
        return nil
      }
      return shell.runner.lastReply?.result["id"]?.int64
    } catch {
      shell.fail(error)
      return nil
    }
  }
}
