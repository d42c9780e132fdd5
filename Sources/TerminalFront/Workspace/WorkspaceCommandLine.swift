import BountyApp
import BountyCore

/// `:` in the workspace: any registry command, typed as in the shell (the tab word may be left
/// out; on a card the ID# may be too), with the shell's Tab completion. One line of result goes to
/// the status line; more are shown full screen.
extension Workspace {
  func commandLine() {
    let home = environment["HOME"]
    let completer = Completer(
      registry: dispatcher.registry, client: client, active: model.active, home: home)
    guard let line = ask(":", complete: completer.complete), !line.trimmingASCIIWhitespace().isEmpty
    else { return }
    if ["q", "quit", "exit"].contains(line.trimmingASCIIWhitespace()) {
      running = false
      return
    }
    // `show ID` opens any fugitive, in the tab it belongs to, from any tab (as in the shell).
    let words = line.split(separator: " ")
    if words.count == 2, words[0] == "show", let id = Int64(words[1]) {
      switch client.fugitive(id, in: currency) {
      case .success(let fugitive):
        model.show(id, in: TabName.of(captured: fugitive.captured))
      case .failure(let error):
        status = Status(text: error.message, kind: .error)
      }
      return
    }
    let reader = ShellLine(
      registry: dispatcher.registry, active: model.active, current: model.currentFugitive,
      home: home)
    var resolved: CommandSpec?
    do {
      guard let (command, tokens) = try reader.resolve(line) else {
        status = Status(
          text: reader.unknownCommand(line, otherwise: "Tab completes, ? lists the keys").message,
          kind: .error)
        return
      }
      let spec = command
      resolved = spec
      let arguments = try CommandLineParser(registry: dispatcher.registry).arguments(
        for: spec, tokens)
      if case .document(_, let output) = spec.view, arguments.value(named: output) == nil {
        status = Status(
          text: "Give --output FILE: the workspace has no standard output to write to", kind: .error
        )
        return
      }
      if let question = dispatcher.confirmationQuestion(
        for: command, arguments, escape: { terminalSafe($0) }), !confirm(question)
      {
        status = Status(text: "Nothing was changed.", kind: .info)
        return
      }
      switch dispatcher.run(command, arguments) {
      case .failure(let error):
        status = Status(text: error.commandLineMessage(for: spec), kind: .error)
      case .success(let result):
        // The answer below says what the command did: the next read must not replace it with
        // "… left this list" when the command took the cursor's fugitive out of it.
        listReshaped = true
        closeCardIfGone()
        follow(spec, result)
        let plain = TerminalInfo(isTTY: true, width: curses?.columns, style: Style(enabled: false))
        let lines = ResultRenderer(terminal: plain, currency: currency).render(
          spec.view, result, arguments: arguments)
        // A fugitive's card is already on screen: its first line says what happened.
        if lines.count > 1 && Self.fugitive(answeredBy: spec, result, in: currency) == nil {
          page(":" + line, lines)
        } else {
          status = Status(text: lines.first ?? "Done.", kind: .success)
        }
      }
    } catch {
      status = Status(text: error.commandLineMessage(for: resolved), kind: .error)
    }
  }

  /// The view follows what a command acted on: a command whose view is a fugitive's card (add,
  /// show, edit, a sighting, a note) opens that fugitive, in the tab it now belongs to.
  private func follow(_ spec: CommandSpec, _ result: JSON) {
    guard let fugitive = Self.fugitive(answeredBy: spec, result, in: currency) else { return }
    model.show(fugitive.id, in: TabName.of(captured: fugitive.captured))
  }

  /// The fugitive a command whose view is a fugitive's card answered with; nil for any other.
  static func fugitive(answeredBy spec: CommandSpec, _ result: JSON, in currency: Currency)
    -> Fugitive?
  {
    guard case .fugitiveCard = spec.view else { return nil }
    return try? Fugitive(json: result, currency: currency)
  }

  /// `?`: every key of the view on screen.
  func showHelp() {
    let reference = InteractiveReference.self
    var lines: [String]
    if model.active == .settings {
      lines = ["Settings"] + reference.lines(reference.settings)
    } else if model.currentFugitive != nil {
      lines = ["A fugitive's card"] + reference.lines(reference.card)
    } else {
      lines = ["The \(model.active.title) list"] + reference.lines(reference.list)
    }
    lines += ["", "Everywhere"] + reference.lines(reference.everywhere)
    lines += ["", "In a form"] + reference.lines(reference.form)
    page("Keys", lines)
  }
}
