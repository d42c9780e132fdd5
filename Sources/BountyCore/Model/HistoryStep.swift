/// One step of the undo or redo stack: what `history.undo` and `history.redo` answer (the step
/// they took), and each line of `history.list`.
public struct HistoryStep: Sendable, Equatable {
  public let id: Int64
  /// The command the step recorded (`fugitives edit 7`).
  public let label: String
  public let createdAt: Timestamp
  /// `undo` or `redo`: the stack it is on.
  public let stack: String
  /// Who made the step: on PostgreSQL the hunter's display name (table `hunter`) or else the role;
  /// nil on SQLite, whose history is one user's.
  public var hunter: String?
  /// The program the step was recorded from (`bounty`; on PostgreSQL `psql` or `other` for a
  /// step the server recorded for another client's change), where the answer names it (a
  /// fugitive's chain of custody, `history --fugitive`).
  public var client: String?

  public init(
    id: Int64, label: String, createdAt: Timestamp, stack: String, hunter: String? = nil,
    client: String? = nil
  ) {
    self.id = id
    self.label = label
    self.createdAt = createdAt
    self.stack = stack
    self.hunter = hunter
    self.client = client
  }
}

extension HistoryStep: Answer {
  /// The step as results show it (`{id, label, createdAt, stack, hunter?, client?}`); `hunter`
  /// on PostgreSQL and in a fugitive's chain of custody, `client` in the latter.
  public var json: JSON {
    var fields: JSONObject = [
      "id": .int(id), "label": .string(label), "createdAt": .string(createdAt.iso8601),
      "stack": .string(stack),
    ]
    if let hunter { fields["hunter"] = .string(hunter) }
    if let client { fields["client"] = .string(client) }
    return .object(fields)
  }
}

/// Both stacks as `history.list` answers them (`{undo: [step], redo: [step]}`), newest first:
/// what undo and redo would do next. A fugitive's chain of custody (`history --fugitive`) adds
/// `outside`: the changes made to it outside bounty (a SQLite file's log, each as a step of the
/// stack `outside`), newest first.
public struct History: Sendable, Equatable {
  public var undo: [HistoryStep]
  public var redo: [HistoryStep]
  public var outside: [HistoryStep]?

  /// The stacks `steps` (either stack's, in any mix) make, each in the order given, and the
  /// changes made outside bounty when the answer has them.
  public init(_ steps: [HistoryStep], outside: [HistoryStep]? = nil) {
    undo = steps.filter { $0.stack == "undo" }
    redo = steps.filter { $0.stack == "redo" }
    self.outside = outside
  }

  /// Both stacks' steps and the changes made outside bounty, in no particular order.
  public var everyStep: [HistoryStep] { undo + redo + (outside ?? []) }
}

extension History: Answer {
  public var json: JSON {
    var fields: JSONObject = ["undo": .array(undo.map(\.json)), "redo": .array(redo.map(\.json))]
    if let outside { fields["outside"] = .array(outside.map(\.json)) }
    return .object(fields)
  }

  public func writeJSON(to writer: inout JSONChunkWriter) throws {
    writer.append(#"{"undo":"#)
    try writer.writeArray(undo)
    writer.append(#","redo":"#)
    try writer.writeArray(redo)
    if let outside {
      writer.append(#","outside":"#)
      try writer.writeArray(outside)
    }
    writer.append("}")
  }
}
