import BountyApp
import BountyCore
import Glibc

/// Runs one parsed command through the dispatcher and prints its result: JSON with `--json`, the
/// human view its declaration names otherwise; errors as one `Error: …` line on stderr. Shared by
/// one-shot commands and the shell. Everything it does differently per command comes from the
/// command's declaration (confirmation, documents, success field), never from its name.
final class CommandRunner {
  let dispatcher: Dispatcher
  let terminal: TerminalInfo
  let json: Bool
  /// `--json id,name`: the fields to keep (nil: all of them).
  let jsonFields: [String]?
  /// The exit status of the last failed command (1, 64 or 130).
  private(set) var lastStatus: Int32 = 0
  /// What the last successful command answered (nil when it was declined or failed); the shell
  /// follows the fugitive it names.
  private(set) var lastReply: Dispatcher.Reply?
  /// Called when the dispatcher has answered, before the answer or error is printed (a progress
  /// bar clears its line then, so the answer starts on a line of its own).
  var answered: () -> Void = {}

  init(dispatcher: Dispatcher, terminal: TerminalInfo, json: Bool, jsonFields: [String]? = nil) {
    self.dispatcher = dispatcher
    self.terminal = terminal
    self.json = json
    self.jsonFields = jsonFields
  }

  /// Runs `command`; true on success. `confirm` is asked the command's question when one is due;
  /// where nobody can answer (nil: a pipe, a script) the command needs its skip flag instead, as gh
  /// does, so a script never deletes by accident.
  @discardableResult
  func run(_ command: CommandSpec, _ arguments: Arguments, confirm: ConfirmPrompt?) -> Bool {
    lastReply = nil
    let spec = command
    let selection: FieldSelection?
    do {
      selection = try jsonFields.map { fields throws(BountyError) in
        try FieldSelection(fields, for: spec)
      }
    } catch {
      return failed(error)
    }
    if let question = dispatcher.confirmationQuestion(
      for: command, arguments, escape: { terminalSafe($0) }),
      let confirmation = spec.confirmation
    {
      guard let confirm else {
        let flag = spec.param(named: confirmation.skipFlag)?.optionName ?? confirmation.skipFlag
        return failed(
          .usage(
            "there is no terminal to ask \"\(question)\"; give \(flag) to go ahead "
              + "(or set \(confirmation.setting.rawValue) to false)"))
      }
      guard confirm.ask(question) else {
        Output.out("Nothing was changed.")
        return true
      }
    }
    var arguments = arguments
    if !json, case .document(_, let output) = spec.view, arguments.value(named: output) == nil {
      // A document streams straight to standard output instead of being built whole first.
      arguments.set(output, .text("-"))
    }
    let outcome = dispatcher.runForDisplay(command, arguments)
    answered()
    switch outcome {
    case .success(let reply):
      lastReply = reply
      // A check that finds a problem prints what it found and still fails.
      let healthy = spec.successField.map { reply.result[$0] != .bool(false) } ?? true
      if !healthy { lastStatus = 1 }
      if spec.view.takesListFormat, let format = arguments[ListFormat.param], format != .table,
        let choice = spec.schema.fieldChoice
      {
        let fields =
          selection?.fields
          ?? ([.json, .ndjson].contains(format) ? choice.fields : choice.scalarFields)
        ListWriter(format: format, fields: fields).write(
          reply.result[choice.listKey ?? "items"]?.arrayValue ?? [], Output.out)
      } else if json {
        let result = selection?.apply(to: reply.result) ?? reply.result
        guard AnswerDocument.isHeld(by: result) else {
          Output.out(result.serialized)
          return healthy
        }
        // A large document (`--json export`) is copied from its temporary file in pieces.
        var writer = JSONChunkWriter { piece in
          Output.write(STDOUT_FILENO, piece)
          return Output.standardOutputError == nil
        }
        let whole = AnswerDocument.write(result, to: &writer)
        writer.append([0x0A])
        _ = writer.finish()
        guard whole else { return failed(.io("cannot read back the answer's temporary file")) }
      } else {
        let shown = terminal.coloured(bySetting: reply.colour)
        let renderer = ResultRenderer(terminal: shown, currency: reply.currency)
        if spec.role == .showFugitive, let photos = terminal.photos {
          printPhoto(of: reply.result, on: photos, colour: shown.style.enabled)
        }
        for line in renderer.render(spec.view, reply.result, arguments: arguments) {
          Output.out(line)
        }
      }
      return healthy
    case .failure(let error):
      return failed(error)
    }
  }

  /// The fugitive's photo above the card (a terminal only); when it cannot be drawn, one line
  /// on standard error says why, and the card still follows.
  private func printPhoto(of fugitive: JSON, on photos: PhotoTerminal, colour: Bool) {
    do throws(BountyError) {
      if let picture = try CardPhoto.printed(
        fugitive, dispatcher, on: photos, width: terminal.width, colour: colour)
      {
        Output.out(picture)
      }
    } catch {
      Output.err("Photo not shown: \(error.message)")
    }
  }

  func failed(_ error: BountyError) -> Bool {
    Output.err("Error: \(error.message)")
    lastStatus = error.exitStatus
    return false
  }
}

/// Asks a yes/no question; nil where nobody can answer (a pipe), and then nothing is asked.
struct ConfirmPrompt {
  let ask: (String) -> Bool

  /// Asks on the terminal when standard input is one; nil otherwise (scripts are not asked).
  static var standardInput: ConfirmPrompt? {
    guard isatty(STDIN_FILENO) == 1 else { return nil }
    return ConfirmPrompt { question in
      Output.outRaw("\(question) [y/N] ")
      guard let answer = readLine() else { return false }
      return ["y", "yes"].contains(answer.trimmingASCIIWhitespace().lowercased())
    }
  }
}
