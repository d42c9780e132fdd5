import BountyApp
import BountyCore

/// The add and edit forms: one field at a time, a bad value asked again with its reason, `.cancel`
/// or end of input cancels and nothing is saved.
struct ShellForms {
  let shell: Shell

  private enum Answer {
    case value(String)
    case keep
    case cancel
  }

  /// Asks for one field until `check` accepts the answer. Enter keeps `current` (or skips an
  /// optional field); `.cancel` and end of input cancel.
  private func ask(
    _ label: String, current: String?, optional: Bool, check: (String) throws -> Void
  ) -> Answer {
    while true {
      let hint = current.map { " [\(terminalSafe($0))]" } ?? (optional ? " (Enter to skip)" : "")
      guard let line = shell.input.readLine(prompt: "  \(label)\(hint): ") else { return .cancel }
      if line.trimmingASCIIWhitespace() == ".cancel" { return .cancel }
      if line.isEmpty && (current != nil || optional) { return .keep }
      do {
        try check(line)
        return .value(line)
      } catch let error as BountyError {
        Output.err("  \(error.message); try again, or '.cancel'")
      } catch {
        Output.err("  \(error); try again, or '.cancel'")
      }
    }
  }

  private func checker(_ method: String, _ field: String) -> (String) throws -> Void {
    let spec = shell.dispatcher.registry.command(named: method)?.spec
    return { text in
      guard let param = spec?.param(named: field) else { return }
      try shell.dispatcher.check(text, for: param)
    }
  }

  private func cancelled() {
    shell.say("Cancelled; nothing was saved.")
  }

  func add() {
    shell.say("New fugitive ('.cancel' to cancel):")
    var params = JSONObject()
    let fields: [(String, String, Bool)] = [
      ("name", "Name", false), ("id", "ID#", true), ("bounty", "Bounty", false),
      ("description", "Description", true),
    ]
    for (field, label, optional) in fields {
      var check = checker("fugitives.add", field)
      if field == "id" {
        let base = check
        check = { text in
          try base(text)
          if let id = Int64(text),
            case .success = shell.dispatcher.call("fugitives.get", params: ["id": .int(id)])
          {
            throw BountyError.conflict("ID# \(id) is taken")
          }
        }
      }
      switch ask(label, current: nil, optional: optional, check: check) {
      case .cancel: return cancelled()
      case .keep: continue
      case .value(let text):
        params[field] = field == "id" ? .number(text.trimmingASCIIWhitespace()) : .string(text)
      }
    }
    submit("fugitives.add", params)
  }

  func edit(id: Int64) {
    guard
      case .success(let fugitive) = shell.dispatcher.call("fugitives.get", params: ["id": .int(id)])
    else { return shell.fail(.notFound("fugitive \(id) not found")) }
    // A closed case is refused before the form, with the message the save would give.
    if case .string? = fugitive["closedAt"] {
      return shell.fail(.refused(CaseFile.closedMessage(id)))
    }
    shell.say("Editing fugitive \(id) (Enter keeps a value, '.cancel' cancels):")
    var params: JSONObject = ["id": .int(id)]
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
      case .value(let text):
        params[field] = field == "newId" ? .number(text.trimmingASCIIWhitespace()) : .string(text)
      }
    }
    if params.count == 1 {
      shell.say("Nothing changed.")
      return
    }
    submit("fugitives.update", params)
  }

  private func submit(_ method: String, _ params: JSONObject) {
    guard let command = shell.dispatcher.registry.command(named: method) else { return }
    do {
      let arguments = try command.spec.arguments(fromJSON: params)
      if !shell.runner.run(command, arguments, confirm: nil) { shell.fail(.io("not saved")) }
    } catch {
      shell.fail(error)
    }
  }
}
