/// What a command answers: a typed value (a fugitive, a page of fugitives, a spooled document, or
/// a `JSON` value for an answer with no type of its own). Each output writes straight from it: the
/// terminal's table and cards read its fields, `--json` and JSON-RPC write it as JSON text with no
/// value tree in between, and the streamed formats write each item's members. `json` builds the
/// tree only where one is wanted (`--jq`, `--json FIELD,…`, a headline, the tests).
public protocol Answer: Sendable {
  /// The answer as a JSON value: the shape docs/contract.md gives it.
  var json: JSON { get }

  /// Writes the answer as compact JSON, byte for byte what `json.serialized` gives, without
  /// building `json`. Throws when what it copies in cannot be read (a spooled document's file).
  func writeJSON(to writer: inout JSONChunkWriter) throws
}

extension Answer {
  /// A small answer (a setting, a step, a case's notes) writes its tree: a few members, where a
  /// writer of its own would be a second definition of its shape.
  public func writeJSON(to writer: inout JSONChunkWriter) {
    writer.write(json)
  }
}

/// An item of a list answer: the streamed formats (`--format csv|tsv|ndjson`) write it member by
/// member.
public protocol ListItem: Answer {
  /// The value of the member called `name`, as `json[name]` gives it; nil when it has none.
  func member(_ name: String) -> JSON?
}

extension JSON: ListItem {
  public var json: JSON { self }

  public func member(_ name: String) -> JSON? { self[name] }
}

extension JSONChunkWriter {
  /// Appends `items` as a JSON array, each item written by its own `writeJSON`.
  public mutating func writeArray<Item: Answer>(_ items: [Item]) throws {
    append("[")
    for (index, item) in items.enumerated() {
      if index > 0 { append(",") }
      try item.writeJSON(to: &self)
    }
    append("]")
  }
}
