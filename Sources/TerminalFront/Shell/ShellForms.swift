import BountyApp
import BountyCore

/// The line shell's forms, one field at a time, from the same declaration as the workspace's
/// (`DeclaredForm`): a bad value is asked again with the reason the command itself would give
/// (a script run with `--bail` stops there instead: the answer is its failed line);
/// `.cancel`, Ctrl-C or end of input cancels and nothing is saved. Up recalls no commands.
struct ShellForms {
  let shell: Shell

  private enum Answer {
    case value(String)
    case keep
    case cancel
    /// A bad answer in a script run with `--bail`: the command fails, and the script stops there.
    case invalid(BountyError)
  }

  /// Asks for `field` until the dispatcher's check accepts the answer. Enter keeps `current` (or
  /// skips an optional field).
  private func ask(_ field: DeclaredForm.Field, current: String?) -> Answer {
    while true {
      let hint =
        current.map { " [\(terminalSafe($0))]" } ?? (field.required ? "" : " (Enter to skip)")
      guard case .line(let line) = shell.input.readAnswer(prompt: "  \(field.label)\(hint): ")
      else {
        return .cancel
      }
      if line.trimmingASCIIWhitespace() == ".cancel" { return .cancel }
      if line.isEmpty && (current != nil || !field.required) { return .keep }
      do {
        try shell.dispatcher.check(line, for: field.param)
        return .value(line)
      } catch {
        // Under --bail a script's bad answer is its failed line: nothing after it is read, not
        // even as a second try at this answer.
        guard shell.interactive || !shell.bail else { return .invalid(error) }
        Output.err("  \(error.message); try again, or '.cancel'")
      }
    }
  }

  /// The answers to `declared`'s fields that differ from the values now (all of them when
  /// `editing` is false); nil when the form was cancelled (said so) or, in a script with `--bail`,
  /// an answer was bad (the command's failure).
  private func answers(_ declared: DeclaredForm, editing: Bool) -> [String: String]? {
    var typed: [String: String] = [:]
    for field in declared.fields {
      let current = editing ? field.current : nil
      switch ask(field, current: current) {
      case .cancel:
        shell.say("Cancelled; nothing was saved.")
        return nil
      case .invalid(let error):
        shell.fail(error)
        return nil
      case .keep: continue
      case .value(let text) where text == current: continue
      case .value(let text): typed[field.name] = text
      }
    }
    return typed
  }

  private func form(_ role: CommandRole, fugitive: JSON? = nil) -> DeclaredForm? {
    guard case .success(let spec) = shell.client.spec(role) else { return nil }
    return DeclaredForm(spec, fugitive: fugitive)
  }

  /// Adds a fugitive; its ID# when saved.
  func add() -> Int64? {
    guard let declared = form(.addFugitive) else { return nil }
    shell.say("New fugitive ('.cancel' or Ctrl-C cancels):")
    guard let typed = answers(declared, editing: false) else { return nil }
    return submit(.addFugitive, typed)
  }

  /// Edits fugitive `id`; its (possibly new) ID# when saved or unchanged.
  func edit(id: Int64) -> Int64? {
    guard case .success(let fugitive) = shell.client.fugitive(id, in: shell.client.currency),
      let declared = form(.editFugitive, fugitive: fugitive.json)
    else {
      shell.fail(.notFound("fugitive \(id) not found"))
      return nil
    }
    // A closed case is refused before the form, with the message the save would give.
    if fugitive.caseFile.closedAt != nil {
      shell.fail(.refused(CaseFile.closedMessage(id)))
      return nil
    }
    shell.say("Editing fugitive \(id) (Enter keeps a value, '.cancel' or Ctrl-C cancels):")
    guard let typed = answers(declared, editing: true) else { return nil }
    if typed.isEmpty {
      shell.say("Nothing changed.")
      return id
    }
    return submit(.editFugitive, typed, fixed: ["id": .int(id)])
  }

  /// Runs the command playing `role` with the answers as typed (read as the command line reads
  /// them).
  private func submit(
    _ role: CommandRole, _ typed: [String: String], fixed: JSONObject = JSONObject()
  ) -> Int64? {
    do {
      let command = try shell.client.spec(role).get()
      let arguments = try command.arguments(typed: typed, fixed: fixed)
      guard shell.runner.run(command, arguments, confirm: nil) else {
        shell.fail(.io("not saved"))
        return nil
      }
      return shell.runner.lastReply.flatMap {
        Workspace.fugitive(answeredBy: command, $0.result, in: shell.client.currency)?.id
      }
    } catch {
      shell.fail(error)
      return nil
    }
  }
}
