/// A page of a fugitive list as the list commands answer it (`{items, total}`, and `row` when a
/// fugitive was located): what they return, and what a front reads back from JSON.
public struct FugitivePage: Equatable, Sendable {
  public var items: [Fugitive]
  /// How many fugitives the whole list has.
  public var total: Int64
  /// Where the located fugitive is in the whole list, from 0; nil when not asked or not in it.
  public var row: Int64?
  /// True when a fugitive was looked for: the answer then has `row` (null when not in the list).
  public var located: Bool

  public init(items: [Fugitive], total: Int64, row: Int64? = nil, located: Bool? = nil) {
    self.items = items
    self.total = total
    self.row = row
    self.located = located ?? (row != nil)
  }

  /// The page `json` describes, its money in `currency`.
  public init(json: JSON, currency: Currency) throws(BountyError) {
    let fields = try AnswerReader(json, what: "list")
    self.init(
      items: try fields.array("items") { (item) throws(BountyError) in
        try Fugitive(json: item, currency: currency)
      },
      total: try fields.int("total"), row: try fields.optionalInt("row"),
      located: fields.has("row"))
  }
}

extension FugitivePage: Answer {
  public var json: JSON {
    var object: JSONObject = ["items": .array(items.map(\.json)), "total": .int(total)]
    if located { object["row"] = row.map(JSON.int) ?? .null }
    return .object(object)
  }

  /// Writes each fugitive's JSON text as it goes: no tree for the page.
  public func writeJSON(to writer: inout JSONChunkWriter) throws {
    writer.append(#"{"items":"#)
    try writer.writeArray(items)
    writer.append(#","total":"#)
    writer.write(.int(total))
    if located {
      writer.append(#","row":"#)
      writer.write(row.map(JSON.int) ?? .null)
    }
    writer.append("}")
  }
}
