import BountyCore
import BountyStore

/// Reports: the bounty report over a period, and one fugitive's dossier.
public enum ReportCommands {
  public static let commands: [Command] = [report, dossier]

  static let report = Command(
    CommandSpec(
      name: "report.generate", words: ["report"], tab: .reports,
      summary:
        "Generate the bounty report: captures in a period with commission, and who is at large",
      params: [
        ParamSpec(
          "format", .choice(ReportFormat.allCases.map(\.rawValue)),
          help: "text (default), markdown, csv, json or html"),
        ParamSpec("from", .timestamp, help: "First capture date included (a date or an ISO time)"),
        ParamSpec(
          "to", .timestamp, help: "Last capture date included (a date means the whole day)"),
        .outputFile,
      ],
      effect: .read,
      result: "with format json: the report object; otherwise {format, content}")
  ) { store, arguments in
    let format = ReportFormat(rawValue: arguments.text("format") ?? "text") ?? .text
    var to = arguments.timestamp("to")
    if let end = to, arguments.timestampIsDateOnly("to") {
      to = LocalTime.endOfDay(startingAt: end)
    }
    if let from = arguments.timestamp("from"), let to, from > to {
      throw BountyError.invalid(field: "to", reason: "is before --from")
    }
    let header = ReportHeader(
      hunter: try store.settingText(.hunterName), agency: try store.settingText(.agencyName),
      currency: try store.currency(), rate: try store.commissionRate(),
      rounding: try store.rounding(),
      generatedAt: store.now, from: arguments.timestamp("from"), to: to)
    let sink = try OutputSink(.init(output: arguments.text("output")))
    try ReportGenerator.generate(store, header, format: format, to: sink)
    guard let content = try sink.finish() else {
      return .object([
        "format": .string(format.rawValue), "output": .optional(arguments.text("output")),
        "bytes": .int(sink.byteCount),
      ])
    }
    if format == .json {
      do {
        return try JSONParser.parse(content)
      } catch {
        throw BountyError.io("the JSON report could not be read back: \(error)")
      }
    }
    return .object(["format": .string(format.rawValue), "content": .string(content)])
  }

  static let dossier = Command(
    CommandSpec(
      name: "dossier.generate", words: ["dossier"], tab: .reports,
      summary: "Generate one fugitive's dossier (the photo embedded in HTML)",
      params: [
        ParamSpec(
          "id", .integer(Limits.fugitiveIDs), required: true, positional: true,
          help: "The Fugitive ID#"),
        ParamSpec(
          "format", .choice(Dossier.Format.allCases.map(\.rawValue)),
          help: "text (default), markdown or html"),
        .outputFile,
      ],
      effect: .read, result: "{format, content}")
  ) { store, arguments in
    let fugitive = try store.existingFugitive(id: arguments.int("id") ?? 0)
    let format = Dossier.Format(rawValue: arguments.text("format") ?? "text") ?? .text
    let content = Dossier.render(
      fugitive, photo: try store.photo(fugitiveID: fugitive.id), format: format,
      generatedAt: store.now)
    let sink = try OutputSink(.init(output: arguments.text("output")))
    sink.write(content)
    guard let text = try sink.finish() else {
      return .object([
        "format": .string(format.rawValue), "output": .optional(arguments.text("output")),
        "bytes": .int(sink.byteCount),
      ])
    }
    return .object(["format": .string(format.rawValue), "content": .string(text)])
  }
}
