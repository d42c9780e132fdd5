import BountyCore
internal import BountyStore

/// Writes every fugitive, in manual order, as CSV or JSON, streamed row by row. What it writes, an
/// import into an empty database reads back as the same roster (JSON keeps photos; CSV has no
/// column for them).
enum Exporter {
  static func export(_ store: Store, format: DataFormat, to sink: OutputSink) throws {
    let total = try store.fugitiveCount()
    var done: Int64 = 0
    // The case file is read only for the fugitives that have one (a set read once).
    let withCaseFiles = try store.fugitiveIDsWithCaseFiles()
    switch format {
    case .csv:
      var line: [UInt8] = []
      CSVWriter.appendRecord(DataFormat.csvColumns, to: &line)
      sink.write(line)
      try store.forEachFugitiveInManualOrder { fugitive in
        line.removeAll(keepingCapacity: true)
        let file =
          withCaseFiles.contains(fugitive.id) ? try store.caseFile(fugitiveID: fugitive.id) : nil
        ExportRow.appendCSV(fugitive, caseFile: file, to: &line)
        sink.write(line)
        done += 1
        try tick(store, done, total)
      }
    case .json:
      sink.write("[")
      var line: [UInt8] = []
      try store.forEachFugitiveInManualOrder { row in
        var fugitive = row
        if withCaseFiles.contains(fugitive.id) {
          fugitive.caseFile = try store.caseFile(fugitiveID: fugitive.id)
        }
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: done == 0 ? [0x0A] : [0x2C, 0x0A])  // "\n" or ",\n"
        var photo: JSON?
        if fugitive.hasPhoto, let stored = try store.photo(fugitiveID: fugitive.id) {
          photo = .object([
            "mediaType": .string(stored.mediaType), "data": .string(Base64.encode(stored.bytes)),
          ])
        }
        ExportRow.appendJSON(fugitive, photo: photo, to: &line)
        sink.write(line)
        done += 1
        try tick(store, done, total)
      }
      sink.write(done == 0 ? "]\n" : "\n]\n")
    }
  }

  private static func tick(_ store: Store, _ done: Int64, _ total: Int64) throws {
    if done & 0x3FF == 0 {
      try store.checkCancelled()
      store.progress?(done, total)
    }
  }

  /// The CSV `notes` field: the notes as a JSON array of `{text, createdAt}`, empty for none.
  static func notesField(_ notes: [Note]) -> String {
    notes.isEmpty
      ? ""
      : JSON.array(
        notes.map {
          .object(["text": .string($0.text), "createdAt": .string($0.createdAt.iso8601)])
        }
      ).serialized
  }
}
