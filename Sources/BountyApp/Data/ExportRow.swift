import BountyCore

/// One fugitive as an export writes it, appended straight to the output bytes: a CSV record in
/// `DataFormat.csvColumns`, or the JSON object `Fugitive.json` describes (its text from
/// `Fugitive.appendJSONMembers`, which a list's JSON shares) and the photo. No field list, no JSON
/// tree and no String per field: an export writes a million of these. The parts most fugitives
/// lack (positions, last seen, notes, case file, photo) are written from their own JSON and CSV
/// definitions; `ExportRowTests` checks the bytes against `Fugitive.json` and `csvFields`.
enum ExportRow {
  /// Appends the CSV record of `fugitive` with `caseFile` (`csvColumns`, ended by CRLF).
  static func appendCSV(_ fugitive: Fugitive, caseFile: CaseFile?, to line: inout [UInt8]) {
    func comma() { line.append(UInt8(ascii: ",")) }
    func text(_ value: String?) {
      comma()
      if let value { CSVWriter.append(value, to: &line) }
    }
    func coordinate(_ value: Double?) {
      comma()
      if let value { JSON.coordinate(value).write(to: &line) }
    }
    func moment(_ value: Timestamp?) {
      comma()
      value?.writeISO8601(to: &line)
    }
    JSON.appendInteger(fugitive.id, to: &line)
    text(fugitive.name)
    comma()
    fugitive.bounty.writePlain(to: &line)
    text(fugitive.description)
    comma()
    line.append(contentsOf: fugitive.captured ? trueBytes : falseBytes)
    moment(fugitive.capturedAt)
    coordinate(fugitive.capturePosition?.lat)
    coordinate(fugitive.capturePosition?.lon)
    coordinate(fugitive.lastSeen?.lat)
    coordinate(fugitive.lastSeen?.lon)
    text(fugitive.lastSeen?.description)
    moment(fugitive.lastSeen?.at)
    moment(fugitive.createdAt)
    moment(fugitive.updatedAt)
    text(Exporter.notesField(fugitive.notes))
    if let caseFile, !isEmpty(caseFile) {
      for field in CaseFileCSV.fields(caseFile) { text(field) }
    } else {
      line.append(contentsOf: emptyCaseFile)
    }
    line.append(contentsOf: [0x0D, 0x0A])
  }

  /// Appends `fugitive.json` (its case file filled in), with `photo` as its last member when given.
  static func appendJSON(_ fugitive: Fugitive, photo: JSON?, to line: inout [UInt8]) {
    fugitive.appendJSONMembers(to: &line)
    if let photo {
      line.append(contentsOf: photoKey)
      photo.write(to: &line)
    }
    line.append(UInt8(ascii: "}"))
  }

  /// True when `file` has no part (most fugitives): cheaper than comparing it with `CaseFile()`.
  private static func isEmpty(_ file: CaseFile) -> Bool {
    file.bond == nil && file.descriptors == nil && file.aliases.isEmpty && file.expenses.isEmpty
      && file.closedAt == nil
  }

  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  /// The case-file columns of a fugitive without one: every field empty.
  private static let emptyCaseFile = [UInt8](
    repeating: UInt8(ascii: ","), count: CaseFileCSV.columns.count)

  private static let photoKey = Array(",\"photo\":".utf8)
}
