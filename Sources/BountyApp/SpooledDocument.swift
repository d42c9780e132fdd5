import BountyCore
internal import BountyStore

/// An answer holding a document too large to hold as JSON values (the export of a million
/// fugitives is 300 MB of JSON text, and far more as a tree of values): the command spools it to a
/// temporary file, and `writeJSON` copies it into the answer's JSON text piece by piece, after the
/// answer's other members. Fronts write it with `writeJSON`; `json` reads the whole document back
/// as a tree (what `--jq` would need, and so refuses it for such an answer).
public struct SpooledDocument: Answer {
  /// What the spooled text is, and so how it goes into the answer.
  enum Kind: Sendable {
    /// JSON text whose only line breaks are between values (the export's): copied with them left
    /// out, so the answer stays one line.
    case json
    /// Any text: written as a JSON string, escaped piece by piece.
    case text
  }

  /// Documents up to this size go into a result as JSON values (or one string) instead.
  static let inlineBytes = 1 << 20

  /// The answer's members before the document (`format`).
  let members: [(key: String, value: JSON)]
  /// The member the document is.
  let key: String
  let text: SpooledText
  let kind: Kind

  public var json: JSON {
    var object = JSONObject()
    for member in members { object[member.key] = member.value }
    let content = try? text.text()
    switch kind {
    case .text: object[key] = content.map(JSON.string) ?? .null
    case .json: object[key] = content.flatMap { try? JSONParser.parse($0) } ?? .null
    }
    return .object(object)
  }

  public func writeJSON(to writer: inout JSONChunkWriter) throws {
    writer.append("{")
    for member in members {
      writer.key(member.key)
      writer.write(member.value)
      writer.append(",")
    }
    writer.key(key)
    if kind == .text { writer.append("\"") }
    try text.forEachPiece { piece in
      switch kind {
      case .json:
        writer.append(piece.filter { $0 != 0x0A })
      case .text:
        var escaped: [UInt8] = []
        piece.withUnsafeBufferPointer { JSON.writeStringContents($0, to: &escaped) }
        writer.append(escaped)
      }
      return !writer.failed
    }
    if kind == .text { writer.append("\"") }
    writer.append("}")
  }
}
