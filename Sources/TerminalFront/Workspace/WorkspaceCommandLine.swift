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
    let reader = ShellLine(
      registry: dispatcher.registry, active: model.active, current: model.currentFugitive,
      home: home)
    do {
      guard let (spec, tokens) = try reader.resolve(line),
        let command = dispatcher.registry.command(named: spec.name)
      else {
        status = Status(
          text: "Unknown command '\(line)'; Tab completes, ? lists the keys", kind: .error)
        return
      }
      let arguments = try CommandLineParser(registry: dispatcher.registry).arguments(
        for: spec, tokens)
      if spec.param(named: "output")?.fronts == .terminal, !arguments.has("output") {
        status = Status(
          text: "Give --output FILE: the workspace has no standard output to write to", kind: .error
        )
        return
      }
      if spec.name == "fugitives.delete", arguments.bool("yes") != true,
        client.setting("confirm.delete") != "false",
        !confirm("Delete fugitive \(arguments.int("id").map(String.init) ?? "")?")
      {
        status = Status(text: "Not deleted.", kind: .info)
        return
      }
      switch dispatcher.run(command, arguments) {
      case .failure(let error):
        status = Status(text: error.message, kind: .error)
      case .success(let result):
        follow(spec, result)
        let plain = TerminalInfo(isTTY: true, width: curses?.columns, style: Style(enabled: false))
        let lines = try ResultRenderer(terminal: plain, currency: currency).render(
          spec, arguments, result)
        // A fugitive's card is already on screen: its first line says what happened.
        if lines.count > 1 && !(result["id"] != nil && result["name"] != nil) {
          page(":" + line, lines)
        } else {
          status = Status(text: lines.first ?? "Done.", kind: .success)
        }
      }
    } catch {
      status = Status(text: error.message, kind: .error)
    }
  }

  /// The view follows what a command acted on: a fugitive just added or shown is opened.
  private func follow(_ spec: CommandSpec, _ result: JSON) {
    guard let id = result["id"]?.int64, result["name"] != nil else { return }
    switch spec.name {
    case "fugitives.add", "fugitives.get", "captured.get":
      model.show(id, in: TabName.of(captured: result["captured"] == .bool(true)))
    case "fugitives.update":
      if model.currentFugitive != nil { model.focus(id) }
    default:
      break
    }
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
