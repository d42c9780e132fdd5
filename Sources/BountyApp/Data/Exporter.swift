import BountyCore
import BountyStore

/// Writes every fugitive, in manual order, as CSV or JSON, streamed row by row. What it writes, an
/// import into an empty database reads back as the same roster (JSON keeps photos; CSV has no
/// column for them).
enum Exporter {
  static func export(_ store: Store, format: DataFormat, to sink: OutputSink) throws {
    let total = try store.fugitiveCount()
    var done: Int64 = 0
    let query = FugitiveQuery(status: .all, sort: .manual)
    let withCaseFiles = try store.fugitiveIDsWithCaseFiles()
    func caseFile(_ id: Int64) throws -> CaseFile {
      withCaseFiles.contains(id) ? try store.caseFile(fugitiveID: id) : CaseFile()
    }
    switch format {
    case .csv:
      sink.write(CSVWriter.record(DataFormat.csvColumns))
      try store.forEachFugitive(query) { fugitive in
        let notes = try store.notes(fugitiveID: fugitive.id)
        sink.write(
          CSVWriter.record(
            csvFields(fugitive, notes: notes)
              + CaseFileCSV.fields(try caseFile(fugitive.id))))
        done += 1
        try tick(store, done, total)
      }
    case .json:
      sink.write("[")
      try store.forEachFugitive(query) { row in
        var fugitive = row
        fugitive.caseFile = try caseFile(fugitive.id)
        var object = fugitive.json.objectValue ?? JSONObject()
        object["notes"] = .array(try store.notes(fugitiveID: fugitive.id).map(\.json))
        if fugitive.hasPhoto, let photo = try store.photo(fugitiveID: fugitive.id) {
          object["photo"] = .object([
            "mediaType": .string(photo.mediaType), "data": .string(Base64.encode(photo.bytes)),
          ])
        }
        sink.write((done == 0 ? "\n" : ",\n") + JSON.object(object).serialized)
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

  static func csvFields(_ fugitive: Fugitive, notes: [Note]) -> [String] {
    func number(_ value: Double?) -> String { value.map { JSON.coordinate($0).serialized } ?? "" }
    return [
      String(fugitive.id), fugitive.name, fugitive.bounty.plain, fugitive.description,
      fugitive.captured ? "true" : "false", fugitive.capturedAt?.iso8601 ?? "",
      number(fugitive.captureLocation?.lat), number(fugitive.captureLocation?.lon),
      number(fugitive.lastSeen?.lat), number(fugitive.lastSeen?.lon),
      fugitive.lastSeen?.description ?? "",
      fugitive.lastSeen?.at?.iso8601 ?? "", fugitive.createdAt.iso8601, fugitive.updatedAt.iso8601,
      notes.isEmpty
        ? ""
        : JSON.array(
          notes.map {
            .object(["text": .string($0.text), "createdAt": .string($0.createdAt.iso8601)])
          }
        ).serialized,
    ]
  }
}
