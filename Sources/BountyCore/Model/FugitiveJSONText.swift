extension Fugitive {
  /// Appends this fugitive's JSON object without its closing `}` (an export adds its photo
  /// first): byte for byte the compact text of `json`, written from the fields themselves, with
  /// no JSON value and no String a member (a list or an export writes thousands). The parts most
  /// fugitives lack (positions, last seen, notes, case file) are written from their own JSON.
  public func appendJSONMembers(to line: inout [UInt8]) {
    func key(_ bytes: [UInt8]) { line.append(contentsOf: bytes) }
    func moment(_ value: Timestamp?) {
      guard let value else { return line.append(contentsOf: JSONText.null) }
      line.append(UInt8(ascii: "\""))
      value.writeISO8601(to: &line)
      line.append(UInt8(ascii: "\""))
    }
    key(JSONText.id)
    JSON.appendInteger(id, to: &line)
    key(JSONText.name)
    JSON.writeString(name, to: &line)
    key(JSONText.bounty)
    line.append(UInt8(ascii: "\""))
    bounty.writePlain(to: &line)
    line.append(UInt8(ascii: "\""))
    key(JSONText.description)
    JSON.writeString(description, to: &line)
    key(JSONText.captured)
    line.append(contentsOf: captured ? JSONText.true : JSONText.false)
    key(JSONText.capturedAt)
    moment(capturedAt)
    key(JSONText.captureLocation)
    (capturePosition?.json ?? .null).write(to: &line)
    key(JSONText.lastSeen)
    (lastSeen?.json ?? .null).write(to: &line)
    key(JSONText.hasPhoto)
    line.append(contentsOf: hasPhoto ? JSONText.true : JSONText.false)
    key(JSONText.position)
    JSON.appendInteger(position, to: &line)
    key(JSONText.notes)
    if notes.isEmpty {
      line.append(contentsOf: JSONText.emptyArray)
    } else {
      JSON.array(notes.map(\.json)).write(to: &line)
    }
    key(JSONText.createdAt)
    moment(createdAt)
    key(JSONText.updatedAt)
    moment(updatedAt)
    guard hasCaseFile else { return line.append(contentsOf: JSONText.emptyCaseFile) }
    let file = caseFile
    for (index, key) in JSONText.caseFileKeys.enumerated() {
      line.append(contentsOf: key)
      file.jsonMember(index).write(to: &line)
    }
  }
}

extension JSON {
  /// Appends the decimal digits of `value`.
  public static func appendInteger(_ value: Int64, to line: inout [UInt8]) {
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
}

/// The fixed pieces of a fugitive's JSON text, made once: each member's opening (`{"id":`,
/// `,"name":`, …, in `Fugitive.members`' order) and the literals.
private enum JSONText {
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
  static let `true` = Array("true".utf8)
  static let `false` = Array("false".utf8)
  static let null = Array("null".utf8)
  static let emptyArray = Array("[]".utf8)
  /// The case file's member openings, in `CaseFile.jsonMemberNames`' order.
  static let caseFileKeys = CaseFile.jsonMemberNames.map(member)
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
