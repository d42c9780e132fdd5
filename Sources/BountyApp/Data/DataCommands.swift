import BountyCore
import BountyStore

/// `bounty import` and `bounty export`: a roster in and out, as CSV or JSON.
enum DataCommands {
  static let commands: [Command] = [importCommand, exportCommand]

  static let importCommand = Command(
    CommandSpec(
      name: "data.import", words: ["import"], tab: .data,
      summary: "Import fugitives from CSV or JSON: all rows or none",
      params: [
        ParamSpec(
          "file", .text(maxLength: 4096, allowBlank: false), positional: true,
          help: "The file to read ('-' is standard input); the terminal's way in"),
        ParamSpec(
          "content", .text(maxLength: Int.max, allowBlank: true), fronts: .rpc,
          help: "The CSV or JSON text itself"),
        ParamSpec(
          "format", .choice(DataFormat.allCases.map(\.rawValue)),
          help: "csv or json (default: from the file name)"),
        ParamSpec(
          "replace", .boolean,
          help: "Update fugitives whose ID# already exists (what the file lacks is kept)"),
        ParamSpec(
          "ignore-unknown-columns", .boolean, help: "Skip CSV columns bounty does not know"),
      ],
      effect: .change(undoable: true), result: "{imported, replaced}")
  ) { store, arguments in
    var source: ImportSource
    switch (arguments.text("file"), arguments.text("content")) {
    case (let file?, nil): source = file == "-" ? .standardInput : .file(file)
    case (nil, let content?): source = .text(content)
    case (nil, nil):
      throw BountyError.invalid(field: "file", reason: "is required (or content, over JSON-RPC)")
    case (_?, _?):
      throw BountyError.invalid(field: "content", reason: "give file or content, not both")
    }
    let format: DataFormat
    if let name = arguments.text("format"), let given = DataFormat(rawValue: name) {
      format = given
    } else if case .file(let path) = source, let guessed = DataFormat.guess(from: path) {
      format = guessed
    } else if case .standardInput = source {
      let (peeking, first) = try ImportSource.peekingStandardInput()
      source = peeking
      format = DataFormat.guess(fromFirstBytes: first)
    } else {
      throw BountyError.invalid(
        field: "format", reason: "cannot tell from the file name; give --format csv or json")
    }
    let importer = try Importer(store: store, replace: arguments.bool("replace") == true)
    importer.ignoreUnknownColumns = arguments.bool("ignore-unknown-columns") == true
    switch format {
    case .csv: try importer.importCSV(source)
    case .json: try importer.importJSON(source)
    }
    return try importer.finish()
  }

  static let exportCommand = Command(
    CommandSpec(
      name: "data.export", words: ["export"], tab: .data,
      summary: "Export every fugitive (notes included) as CSV or JSON",
      params: [
        ParamSpec(
          "format", .choice(DataFormat.allCases.map(\.rawValue)),
          help: "csv or json (default: from --output's name, else json)"),
        .outputFile,
      ],
      effect: .read, result: "{format, content}")
  ) { store, arguments in
    let output = arguments.text("output")
    let format =
      arguments.text("format").flatMap(DataFormat.init(rawValue:))
      ?? output.flatMap(DataFormat.guess(from:)) ?? .json
    let sink = try OutputSink(.init(output: output))
    try Exporter.export(store, format: format, to: sink)
    guard let content = try sink.finish() else {
      return .object([
        "format": .string(format.rawValue), "output": .optional(output),
        "bytes": .int(sink.byteCount),
      ])
    }
    return .object(["format": .string(format.rawValue), "content": .string(content)])
  }
}
