internal import BountyCommands
import BountyCore
internal import BountyStore

/// `bounty import` and `bounty export`: a roster in and out, as CSV or JSON.
enum DataCommands {
  static let commands: [Command] = [importCommand, exportCommand]

  static let file = Param.path(
    "file", positional: true,
    help: "The file to read ('-' is standard input); the terminal's way in")
  static let content = Param.text(
    "content", maxLength: Int.max, fronts: .rpc, help: "The CSV or JSON text itself")
  static let importFormat = Param.choice(
    "format", ImportFormat.self,
    help:
      "csv, json, or coredata: the original app's iBountyHunter.sqlite (default: a SQLite file "
      + "is coredata, else from the file name)")
  static let replace = Param.flag(
    "replace",
    help: "Update fugitives whose ID# already exists: each row still needs a name and a bounty; "
      + "what else the file lacks (notes, photo, case file) is kept")
  static let ignoreUnknownColumns = Param.flag(
    "ignoreUnknownColumns", help: "Skip CSV columns bounty does not know (else they are an error)")
  static let exportFormat = Param.choice(
    "format", DataFormat.self, help: "csv or json (default: from the output file's name, else json)"
  )

  static let importCommand = Command(
    CommandSpec(
      name: "data.import", words: ["import"], tab: .data,
      summary: "Import fugitives from CSV, JSON or an iBountyHunter store: all rows or none",
      params: [file, content, importFormat, replace, ignoreUnknownColumns],
      effect: .change(undoable: true), result: "{imported, replaced}",
      schema: .component(.importResult),
      view: .message(
        Headline { result in
          let replaced = result.count("replaced")
          return "Imported \(result.counted("imported", "fugitive", "fugitives"))"
            + (replaced == 0 ? "." : ", replacing \(replaced) that existed.")
        }),
      longRunning: true, agencyAdminOnly: true)
  ) { store, arguments in
    var source: ImportSource
    // Over JSON-RPC with --files, the front has opened the file already.
    switch (arguments[file], arguments.openedFile(file), arguments[content]) {
    case (nil, let opened?, nil): source = .opened(opened)
    case (let file?, nil, nil): source = file == "-" ? .standardInput : .file(file)
    case (nil, nil, let content?): source = .text(content)
    case (nil, nil, nil):
      throw BountyError.invalidParameter(
        field: file.name,
        reason: "is required (or \(BountyError.parameter(content.name)), over JSON-RPC)")
    default:
      throw BountyError.invalidParameter(
        field: content.name,
        reason:
          "give \(BountyError.parameter(file.name)) or \(BountyError.parameter(content.name)), "
          + "not both")
    }
    try source.checkReadable()
    let format: ImportFormat
    if let given = arguments[importFormat] {
      format = given
    } else if case .file(let path) = source, CoreDataStore.looksLikeSQLite(path) {
      format = .coredata
    } else if case .file(let path) = source, let guessed = DataFormat.implied(by: path) {
      format = ImportFormat(guessed)
    } else if case .opened = source, let path = source.filePath,
      CoreDataStore.looksLikeSQLite(path)
    {
      format = .coredata
    } else if case .opened(let opened) = source, let guessed = DataFormat.implied(by: opened.name) {
      format = ImportFormat(guessed)
    } else if case .standardInput = source {
      let (peeking, first) = try ImportSource.peekingStandardInput()
      source = peeking
      format =
        CoreDataStore.looksLikeSQLite(firstBytes: first)
        ? .coredata : ImportFormat(DataFormat.guess(fromFirstBytes: first))
    } else {
      throw BountyError.invalidParameter(
        field: "format",
        reason: "cannot tell from the file name; give the format, csv, json or coredata")
    }
    if format == .coredata, source.filePath == nil {
      // SQLite reads a database from a file it can seek in, never from a stream or a text.
      throw BountyError.invalidParameter(
        field: "file",
        reason: "an iBountyHunter store is read from its file: name it (over JSON-RPC, as "
          + "file, with bounty rpc --files DIR)")
    }
    let importer = try Importer(store: store, replace: arguments.isSet(replace))
    importer.ignoreUnknownColumns = arguments.isSet(ignoreUnknownColumns)
    do {
      switch (format, source) {
      case (.csv, _): try importer.importCSV(source)
      case (.json, _): try importer.importJSON(source)
      case (.coredata, _):
        if let path = source.filePath { try importer.importCoreData(path) }  // else refused above
      }
      return try importer.finish()
    } catch {
      importer.abandon()
      throw error
    }
  }

  static let exportCommand = Command(
    CommandSpec(
      name: "data.export", words: ["export"], tab: .data,
      summary: "Export every fugitive (notes included) as CSV or JSON",
      params: [exportFormat, CommonParams.output, CommonParams.force],
      effect: .read, result: "with format json: {format, fugitives}; with csv: {format, content}",
      schema: .oneOf(.component(.export), .component(.writtenFile)),
      view: .document(noun: "the export", output: CommonParams.output.name),
      longRunning: true)
  ) { store, arguments -> any Answer in
    let output = arguments[CommonParams.output]
    let format = arguments[exportFormat] ?? output.flatMap(DataFormat.implied(by:)) ?? .json
    if let output {
      let sink = try OutputSink(
        .init(output: output), replacing: arguments.isSet(CommonParams.force))
      try Exporter.export(store, format: format, to: sink)
      try sink.finish()
      return Document.written(
        format: format.rawValue, output: output, bytes: Int64(sink.byteCount))
    }
    // An answer (JSON-RPC, --json): the document is spooled to a temporary file; a small one goes
    // into the result as values, a large one is copied into the answer as it is written.
    let spool = try SpooledText()
    let sink = try OutputSink(.file(spool.path))
    try Exporter.export(store, format: format, to: sink)
    try sink.finish()
    let key = format == .csv ? "content" : "fugitives"
    guard sink.byteCount <= SpooledDocument.inlineBytes else {
      return SpooledDocument(
        members: [("format", .string(format.rawValue))], key: key, text: spool,
        kind: format == .csv ? .text : .json)
    }
    let content = try spool.text()
    switch format {
    case .csv:
      return Document.text(format: format.rawValue, member: key, text: content)
    case .json:
      // The roster as JSON values, never as a string holding JSON.
      return Document.json(format: format.rawValue, member: key, text: content)
    }
  }
}
