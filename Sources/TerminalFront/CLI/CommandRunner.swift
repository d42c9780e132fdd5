import BountyApp
import BountyCore
import Glibc

/// Runs one parsed command through the dispatcher and prints its result: JSON with `--json`, the
/// human view its declaration names otherwise; errors as one `Error: …` line on stderr. Shared by
/// one-shot commands and the shell. Everything it does differently per command comes from the
/// command's declaration (confirmation, documents, success field), never from its name.
final class CommandRunner {
  /// The open database's dispatcher; nil for a command that needs no database (its answer is
  /// handed to `run`).
  let dispatcher: Dispatcher?
  let terminal: TerminalInfo
  let json: Bool
  /// `--json id,name`: the fields to keep (nil: all of them).
  let jsonFields: [String]?
  /// The exit status of the last failed command (1, 64 or 130).
  private(set) var lastStatus: Int32 = 0
  /// What the last successful command answered (nil when it was declined or failed); the shell
  /// follows the fugitive it names.
  private(set) var lastReply: Dispatcher.Reply?
  /// `--jq EXPR`: the compiled filter the JSON result goes through.
  var jq: JQFilter?
  /// Where long human output goes on a terminal (nil: straight to standard output).
  var pager: Pager?
  /// Called when the dispatcher has answered, before the answer or error is printed (a progress
  /// bar clears its line then, so the answer starts on a line of its own).
  var answered: () -> Void = {}

  init(dispatcher: Dispatcher?, terminal: TerminalInfo, json: Bool, jsonFields: [String]? = nil) {
    self.dispatcher = dispatcher
    self.terminal = terminal
    self.json = json
    self.jsonFields = jsonFields
  }

  /// Runs `command`; true on success. `confirm` is asked the command's question when one is due;
  /// where nobody can answer (nil: a pipe, a script) the command needs its skip flag instead, as gh
  /// does, so a script never deletes by accident. `answer`, when given, is the answer of a command
  /// that needed no database (`Dispatcher.answerWithoutDatabase`), printed as any other.
  @discardableResult
  func run(
    _ command: CommandSpec, _ arguments: Arguments, confirm: ConfirmPrompt?,
    answer: Result<Dispatcher.Reply, BountyError>? = nil
  ) -> Bool {
    lastReply = nil
    let spec = command
    let selection: FieldSelection?
    do {
      selection = try jsonFields.map { fields throws(BountyError) in
        try FieldSelection(fields, for: spec)
      }
    } catch {
      return failed(error, of: spec)
    }
    let format = spec.view.takesListFormat ? arguments[ListFormat.param] : nil
    if jq != nil, spec.view.takesListFormat, let format = arguments[ListFormat.param],
      ![.table, .json].contains(format)
    {
      return failed(.usage("--jq filters JSON; it does not go with --format \(format.rawValue)"))
    }
    // `--jq` asks for JSON without saying `--json`: `--format json` goes with it.
    if let usage = Self.formatConflict(
      format, json: json && jq == nil, fields: jsonFields, arguments)
    {
      return failed(.usage(usage))
    }
    if let question = dispatcher?.confirmationQuestion(
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
    if let format, format.streams, let choice = spec.schema.fieldChoice {
      let fields = selection?.fields ?? (format == .ndjson ? choice.fields : choice.scalarFields)
      return stream(
        spec, arguments, listKey: choice.listKey ?? "items",
        ListWriter(format: format, fields: fields, header: arguments.isSet(ListFormat.header)))
    }
    let outcome =
      answer ?? dispatcher?.runForDisplay(command, arguments)
      ?? .failure(.io("no database is open"))
    answered()
    switch outcome {
    case .success(let reply):
      lastReply = reply
      let answer = reply.answer
      // A check that finds a problem prints what it found and still fails.
      let healthy = spec.successField.map { answer.json[$0] != .bool(false) } ?? true
      if !healthy { lastStatus = 1 }
      // A page that holds fewer than match says so under it, on standard error.
      let cut =
        spec.view.takesListFormat
        ? ListFormat.cutNote(
          Self.counts(of: answer, listKey: spec.schema.fieldChoice?.listKey ?? "items"),
          arguments: arguments)
        : nil
      defer { cut.map(Output.err) }
      if json || format == .json {
        guard selection != nil || jq != nil else {
          // Written straight from the typed answer, in pieces (a large document copied in from
          // its temporary file).
          var writer = JSONChunkWriter { piece in
            Output.data(piece)
            return Output.standardOutputError == nil
          }
          do {
            try answer.writeJSON(to: &writer)
          } catch {
            return failed(.io("cannot read back the answer's temporary file"))
          }
          writer.append("\n")
          _ = writer.finish()
          return healthy
        }
        guard !(answer is SpooledDocument) else {
          return failed(
            .refused("--jq: the answer is too large to filter here; pipe --json to jq instead"))
        }
        let result = selection?.apply(to: answer.json) ?? answer.json
        guard let jq else {
          Output.data(result.serialized)
          return healthy
        }
        do {
          if let halted = try jq.run(on: result.serialized, emit: { Output.data($0) }) {
            // `halt` or `halt_error`: the filter's own status, as jq exits.
            lastStatus = halted
            return halted == 0
          }
        } catch {
          return failed(error)
        }
      } else {
        let shown = terminal.coloured(bySetting: reply.colour)
        let renderer = ResultRenderer(terminal: shown, currency: reply.currency)
        if spec.role == .showFugitive, let photos = terminal.photos {
          printPhoto(
            of: reply.result, in: reply.currency, on: photos, colour: shown.style.enabled)
        }
        let lines = renderer.render(spec.view, answer, arguments: arguments)
        // Only what a read shows is paged: a change's answer is printed as it is.
        if let pager, spec.onlyReads(arguments) {
          pager.show(lines, preference: reply.pager)
        } else {
          Output.out(lines: lines)
        }
      }
      return healthy
    case .failure(let error):
      return failed(error, of: spec)
    }
  }

  /// How many items a list answer holds and how many match in all (nil when it does not say).
  static func counts(of answer: any Answer, listKey: String) -> (shown: Int, total: Int64)? {
    if let page = answer as? FugitivePage { return (page.items.count, page.total) }
    let result = answer.json
    guard case .number(let digits)? = result["total"], let total = Int64(digits),
      let shown = result[listKey]?.arrayValue?.count
    else { return nil }
    return (shown, total)
  }

  /// Why `--format` cannot go with the `--json` given, or nil: `--format` says how a list prints
  /// and `--json FIELD,…` only picks the fields it prints, so a bare `--json` (which asks for JSON
  /// itself) with any `--format`, or fields with a table, is a usage error; so is `--header`
  /// without a format that has a header line.
  static func formatConflict(
    _ format: ListFormat?, json: Bool, fields: [String]?, _ arguments: Arguments
  ) -> String? {
    if format != nil, json, fields == nil {
      return "--json and --format cannot go together: --format json prints what --json does, "
        + "and --json FIELD,… picks the fields of --format csv, tsv, json or ndjson"
    }
    if format == .table, fields != nil {
      return "--json FIELD,… picks fields for --format csv, tsv, json or ndjson, not for a table"
    }
    if arguments.isSet(ListFormat.header), format != .tsv, format != .csv {
      return "--header goes with --format tsv (csv always has a header line)"
    }
    return nil
  }

  /// Prints every item the list command matches as it is read (`--format csv|tsv|ndjson`), in
  /// pieces of 64 KiB: no page, no cap, and memory bounded however many there are. Stops early
  /// when standard output is gone.
  private func stream(
    _ spec: CommandSpec, _ arguments: Arguments, listKey: String, _ writer: ListWriter
  ) -> Bool {
    var pending = Array(writer.opening.utf8)
    var flushed = false
    func flush() {
      if !flushed { answered() }
      flushed = true
      Output.data(pending)
      pending.removeAll(keepingCapacity: true)
    }
    guard let dispatcher else { return failed(.io("no database is open"), of: spec) }
    let outcome = dispatcher.forEachItem(spec, arguments, listKey: listKey) { item in
      pending.append(contentsOf: writer.line(item).utf8)
      if pending.count >= 1 << 16 { flush() }
      return Output.standardOutputError == nil
    }
    if case .failure(let error) = outcome {
      if !flushed { answered() }
      return failed(error, of: spec)
    }
    flush()
    return true
  }

  /// The fugitive's photo above the card (a terminal only); when it cannot be drawn, one line
  /// on standard error says why, and the card still follows.
  private func printPhoto(
    of answer: JSON, in currency: Currency, on photos: PhotoTerminal, colour: Bool
  ) {
    guard let dispatcher else { return }
    do throws(BountyError) {
      let fugitive = try Fugitive(json: answer, currency: currency)
      if let picture = try CardPhoto.printed(
        fugitive, dispatcher, on: photos, width: terminal.width, colour: colour)
      {
        Output.out(picture)
      }
    } catch {
      Output.err("Photo not shown: \(error.message)")
    }
  }

  /// Prints `error` as one line, naming the parameters of `spec` as they are typed, and keeps its
  /// exit status; false.
  func failed(_ error: BountyError, of spec: CommandSpec? = nil) -> Bool {
    Output.err("Error: \(error.commandLineMessage(for: spec))")
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
