import BountyCommands
import BountyCore
import BountyStore

/// Reports: the bounty report over a period, and one fugitive's dossier.
public enum ReportCommands {
  public static let commands: [Command] = [report, dossier]

  static let reportFormat = Param.choice(
    "format", ReportFormat.self,
    help: "text, markdown, csv, json or html (default: from the output file's name, else text)")
  static let from = Param.time(
    "from", help: "First capture date included (a date or an ISO time)")
  static let to = Param.time(
    "to", help: "Last capture date included (a date means the whole day)")

  static let report = Command(
    CommandSpec(
      name: "report.generate", words: ["report"], tab: .reports,
      summary:
        "Generate the bounty report: captures in a period with commission, and who is at large",
      params: [reportFormat, from, to, CommonParams.output, CommonParams.force],
      effect: .read,
      result: "with format json: the report object; otherwise {format, content}",
      schema: .oneOf(.component(.report), .component(.reportDocument), .component(.writtenFile)),
      view: .document(noun: "the report", output: CommonParams.output.name))
  ) { store, arguments -> Document in
    let output = arguments[CommonParams.output]
    let format =
      arguments[reportFormat] ?? output.flatMap(ReportFormat.implied(by:)) ?? .text
    let start = arguments[from]?.timestamp
    var end = arguments[to]?.timestamp
    if let given = arguments[to], given.isDateOnly {
      end = LocalTime.endOfDay(startingAt: given.timestamp)
    }
    if let start, let end, start > end {
      throw BountyError.invalid(field: "to", reason: "is before from")
    }
    let header = ReportHeader(
      hunter: try store.settingText(.hunterName), agency: try store.settingText(.agencyName),
      currency: try store.currency(), rate: try store.commissionRate(),
      rounding: try store.rounding(),
      generatedAt: store.now, from: start, to: end)
    let sink = try OutputSink(
      .init(output: output), replacing: arguments.isSet(CommonParams.force))
    try ReportGenerator.generate(store, header, format: format, to: sink)
    guard let content = try sink.finish() else {
      return .written(format: format.rawValue, output: output, bytes: Int64(sink.byteCount))
    }
    // The JSON report is the answer itself, passed on as its writer made it.
    return format == .json
      ? .json(format: format.rawValue, member: nil, text: content)
      : .text(format: format.rawValue, member: "content", text: content)
  }

  static let id = Param.integer(
    "id", Limits.fugitiveIDs, required: true, positional: true, help: "The Fugitive ID#")
  static let dossierFormat = Param.choice(
    "format", Dossier.Format.self,
    help: "text, markdown or html (default: from the output file's name, else text)")
  static let redact = Param.flag(
    "redact",
    help:
      "For sharing: date of birth as the year, positions to 0.1°, no sighting description, notes "
      + "or expenses")
  static let custody = Param.flag(
    "custody",
    help:
      "Add the chain of custody: every change the history holds to the fugitive and its "
      + "records, who made it and from which client, and the changes made to them outside "
      + "bounty, once the history's chain is verified")

  static let dossier = Command(
    CommandSpec(
      name: "dossier.generate", words: ["dossier"], tab: .reports,
      summary: "Generate one fugitive's dossier (the photo embedded in HTML)",
      params: [id, dossierFormat, redact, custody, CommonParams.output, CommonParams.force],
      effect: .read, result: "{format, content}",
      schema: .oneOf(.component(.dossier), .component(.writtenFile)),
      view: .document(noun: "the dossier", output: CommonParams.output.name))
  ) { store, arguments -> Document in
    let fugitive = try store.existingFugitive(id: arguments.required(id))
    let output = arguments[CommonParams.output]
    let format =
      arguments[dossierFormat] ?? output.flatMap(Dossier.Format.implied(by:)) ?? .text
    let content = try Dossier.render(
      fugitive, photo: try store.photo(fugitiveID: fugitive.id), format: format,
      generatedAt: store.now,
      preparedBy: (try store.settingText(.hunterName), try store.settingText(.agencyName)),
      redacted: arguments.isSet(redact),
      custody: arguments.isSet(custody) ? try store.custody(fugitive: fugitive.id).everyStep : nil)
    let sink = try OutputSink(
      .init(output: output), replacing: arguments.isSet(CommonParams.force))
    sink.write(content)
    guard let text = try sink.finish() else {
      return .written(format: format.rawValue, output: output, bytes: Int64(sink.byteCount))
    }
    return .text(format: format.rawValue, member: "content", text: text)
  }
}
