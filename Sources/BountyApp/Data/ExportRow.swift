import BountyCore

/// One fugitive as an export writes it, appended straight to the output bytes: a CSV record in
/// `DataFormat.csvColumns`, or the JSON object `Fugitive.json` describes (and the photo). No field
/// list, no JSON tree and no String per field: an export writes a million of these. The parts most
/// fugitives lack (positions, last seen, notes, case file, photo) are written from their own JSON
/// and CSV definitions; `ExportRowTests` checks the bytes against `Fugitive.json` and `csvFields`.
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
    appendInteger(fugitive.id, to: &line)
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
    func key(_ bytes: [UInt8]) { line.append(contentsOf: bytes) }
    func string(_ value: String?) {
      if let value {
        JSON.writeString(value, to: &line)
      } else {
        line.append(contentsOf: nullBytes)
      }
    }
    func moment(_ value: Timestamp?) {
      guard let value else { return line.append(contentsOf: nullBytes) }
      line.append(UInt8(ascii: "\""))
      value.writeISO8601(to: &line)
      line.append(UInt8(ascii: "\""))
    }
    key(Keys.id)
    appendInteger(fugitive.id, to: &line)
    key(Keys.name)
    string(fugitive.name)
    key(Keys.bounty)
    line.append(UInt8(ascii: "\""))
    fugitive.bounty.writePlain(to: &line)
    line.append(UInt8(ascii: "\""))
    key(Keys.description)
    string(fugitive.description)
    key(Keys.captured)
    line.append(contentsOf: fugitive.captured ? trueBytes : falseBytes)
    key(Keys.capturedAt)
    moment(fugitive.capturedAt)
    key(Keys.captureLocation)
    (fugitive.capturePosition?.json ?? .null).write(to: &line)
    key(Keys.lastSeen)
    (fugitive.lastSeen?.json ?? .null).write(to: &line)
    key(Keys.hasPhoto)
    line.append(contentsOf: fugitive.hasPhoto ? trueBytes : falseBytes)
    key(Keys.position)
    appendInteger(fugitive.position, to: &line)
    key(Keys.notes)
    JSON.array(fugitive.notes.map(\.json)).write(to: &line)
    key(Keys.createdAt)
    moment(fugitive.createdAt)
    key(Keys.updatedAt)
    moment(fugitive.updatedAt)
    if isEmpty(fugitive.caseFile) {
      line.append(contentsOf: Keys.emptyCaseFile)
    } else {
      for (name, value) in fugitive.caseFile.jsonMembers {
        line.append(UInt8(ascii: ","))
        JSON.writeString(name, to: &line)
        line.append(UInt8(ascii: ":"))
        value.write(to: &line)
      }
    }
    if let photo {
      key(Keys.photo)
      photo.write(to: &line)
    }
    line.append(UInt8(ascii: "}"))
  }

  /// True when `file` has no part (most fugitives): cheaper than comparing it with `CaseFile()`.
  private static func isEmpty(_ file: CaseFile) -> Bool {
    file.bond == nil && file.descriptors == nil && file.aliases.isEmpty && file.expenses.isEmpty
      && file.closedAt == nil
  }

  /// Appends the decimal digits of `value`.
  static func appendInteger(_ value: Int64, to line: inout [UInt8]) {
    if value < 0 { line.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes on the stack: 20 digits at most
    withUnsafeMutableBytes(of: &digits) { raw in
      var start = raw.count
      repeat {
        start -= 1
        raw[start] = UInt8(48 + magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      line.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[start...]))
    }
  }

  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let nullBytes = Array("null".utf8)
  /// The case-file columns of a fugitive without one: every field empty.
  private static let emptyCaseFile = [UInt8](
    repeating: UInt8(ascii: ","), count: CaseFileCSV.columns.count)

  /// Each member's opening (`{"id":`, `,"name":`, …), in `Fugitive.jsonObject`'s order.
  private enum Keys {
    static let id = Array("{\"id\":".utf8)
    static let name = member("name")
    static let bounty = member("bounty")
    static let description = member("description")
    static let captured = member("captured")
    static let capturedAt = member("capturedAt")
    static let captureLocation = member("captureLocation")
    static let lastSeen = member("lastSeen")
    static let hasPhoto = member("hasPhoto")
    static let position = member("position")
    static let notes = member("notes")
    static let createdAt = member("createdAt")
    static let updatedAt = member("updatedAt")
    static let photo = member("photo")
    /// `CaseFile().jsonMembers`, written once.
    static let emptyCaseFile: [UInt8] = {
      var bytes: [UInt8] = []
      for (name, value) in CaseFile().jsonMembers {
        bytes.append(contentsOf: member(name))
        value.write(to: &bytes)
      }
      return bytes
    }()

    static func member(_ name: String) -> [UInt8] {
      var bytes: [UInt8] = [UInt8(ascii: ",")]
      JSON.writeString(name, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      return bytes
    }
  }
}
