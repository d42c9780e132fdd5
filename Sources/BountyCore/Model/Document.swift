/// A document a command made (a report, a dossier, a small export), as its answer: where it was
/// written, its text, or JSON text its writer made, passed on as the value it is. Larger documents
/// than a result holds are `SpooledDocument`s.
public enum Document: Sendable, Equatable {
  /// `{format, output, bytes}`: written to `output` (`-` for standard output), `bytes` long.
  case written(format: String, output: String?, bytes: Int64)
  /// `{format, <member>: "text"}`: the text itself, as a JSON string.
  case text(format: String, member: String, text: String)
  /// JSON text (whose only line breaks are between values), answered as a value: the whole answer
  /// when `member` is nil (the JSON report), else `{format, <member>: value}` (a JSON export).
  case json(format: String, member: String?, text: String)
}

extension Document: Answer {
  /// Builds the tree; for JSON text, by parsing it (what `--jq` needs, and nothing else does).
  public var json: JSON {
    switch self {
    case .written(let format, let output, let bytes):
      return .object([
        "format": .string(format), "output": .optional(output), "bytes": .int(bytes),
      ])
    case .text(let format, let member, let text):
      return .object(["format": .string(format), member: .string(text)])
    case .json(let format, let member, let text):
      let value = (try? JSONParser.parse(text)) ?? .null
      guard let member else { return value }
      return .object(["format": .string(format), member: value])
    }
  }

  /// Writes JSON text as it is (its line breaks left out), never parsing it.
  public func writeJSON(to writer: inout JSONChunkWriter) {
    guard case .json(let format, let member, let text) = self else {
      writer.write(json)
      return
    }
    if let member {
      writer.append(#"{"format":"#)
      writer.write(.string(format))
      writer.append(",")
      writer.key(member)
    }
    var bytes = text
    bytes.withUTF8 { bytes in
      var start = 0
      while start < bytes.count {
        let end = min(start + JSONChunkWriter.pieceBytes, bytes.count)
        writer.append(bytes[start..<end].filter { $0 != 0x0A })
        start = end
      }
    }
    if member != nil { writer.append("}") }
  }
}
