import BountyCore
internal import BountyStore

/// A document too large to hold as JSON values in an answer (the export of a million fugitives is
/// 300 MB of JSON text, and far more as a tree of values): the command spools it to a temporary
/// file and puts a placeholder where it goes in its result; a front that writes the answer
/// (`write(_:to:)`: the JSON-RPC response, `--json`) copies the document into that place piece by
/// piece. One document is pending at a time (a front writes each answer before it runs the next
/// request); registering another releases the one before.
public enum AnswerDocument {
  /// What the spooled text is, and so how it goes into the answer.
  public enum Kind: Sendable {
    /// JSON text whose only line breaks are between values (the export's): copied with them left
    /// out, so the answer stays one line.
    case json
    /// Any text: written as a JSON string, escaped piece by piece.
    case text
  }

  /// Documents up to this size go into a result as JSON values (or one string) as before.
  public static let inlineBytes = 1 << 20

  nonisolated(unsafe) private static var pending:
    (placeholder: JSON, text: SpooledText, kind: Kind)?
  nonisolated(unsafe) private static var count = 0

  /// Keeps `text` for the next answer and returns the value to put in the result where it goes:
  /// a string no user text can equal (it begins with NUL, which bounty refuses in all text).
  static func placeholder(for text: SpooledText, kind: Kind) -> JSON {
    count += 1
    let placeholder = JSON.string("\u{0}bounty-document-\(count)")
    pending = (placeholder, text, kind)
    return placeholder
  }

  /// True when `result` holds the pending document (so it should be written with `write`).
  public static func isHeld(by result: JSON) -> Bool {
    guard let pending, case .object(let object) = result else { return false }
    return object.members.contains { $0.value == pending.placeholder }
  }

  /// Writes `result` as compact JSON, the pending document copied in where its placeholder is (a
  /// member of the result object). Returns false when the document could not be read back; what
  /// was written so far then ends the answer, and the caller reports the failure.
  public static func write(_ result: JSON, to writer: inout JSONChunkWriter) -> Bool {
    guard let document = pending, isHeld(by: result), case .object(let object) = result else {
      writer.write(result)
      return true
    }
    pending = nil
    writer.append([UInt8(ascii: "{")])
    for (index, member) in object.members.enumerated() {
      if index > 0 { writer.append([UInt8(ascii: ",")]) }
      writer.write(.string(member.key))
      writer.append([UInt8(ascii: ":")])
      guard member.value == document.placeholder else {
        writer.write(member.value)
        continue
      }
      if document.kind == .text { writer.append([UInt8(ascii: "\"")]) }
      do {
        try document.text.forEachPiece { piece in
          switch document.kind {
          case .json:
            writer.append(piece.filter { $0 != 0x0A })
          case .text:
            var escaped: [UInt8] = []
            piece.withUnsafeBufferPointer { JSON.writeStringContents($0, to: &escaped) }
            writer.append(escaped)
          }
          return !writer.failed
        }
      } catch {
        return false
      }
      if document.kind == .text { writer.append([UInt8(ascii: "\"")]) }
    }
    writer.append([UInt8(ascii: "}")])
    return true
  }
}
