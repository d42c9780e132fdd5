/// How a command's result is shown to a person: declared with the command, so a front renders by
/// the kind of view and never by the command's name.
public enum ResultView: Sendable {
  /// A page of fugitives as a table (`{items, total}`); `captured` shows the capture time column.
  /// The line under it counts them ("3 at large", "10 shown of 28 captured") unless `footer` says
  /// what they are ("2 deadlines"). `everyStatus` names the flag that lists captured fugitives
  /// too (the Fugitives tab's `all`): given, the table has a STATUS column and counts "in all".
  case fugitiveList(captured: Bool, footer: Headline? = nil, everyStatus: String? = nil)
  /// One fugitive's card, after an optional headline ("Added fugitive 7 (Ann Lee).").
  case fugitiveCard(headline: Headline?)
  /// One line made from the result.
  case message(Headline)
  /// A fugitive's case notes (`{id, notes}`), numbered.
  case notes
  /// A fugitive's expense ledger (`{id, name, expenses, total}`), numbered, with its total.
  case expenses
  /// Every setting as a table (`{items}`).
  case settingsTable
  /// One setting: `key = value`.
  case setting
  /// The undo and redo stacks (`{undo, redo}`).
  case history
  /// An object's members as aligned `key  value` lines.
  case keyValues
  /// Chosen fields as aligned `Label  value` lines, each in its unit (`Size  1.2 MiB`).
  case facts([Fact])
  /// A document (report, dossier, export): the terminal streams it to standard output unless the
  /// `output` parameter names a file, and then says what it wrote ("Wrote the report to …").
  case document(noun: String, output: String)
  /// The text of one string field of the result, as it is (a completion script).
  case text(field: String)
}

/// A sentence made from a result (and, for questions, from the thing asked about). Declared as a
/// function beside the command so its wording lives with the command, not in a front.
public struct Headline: Sendable {
  let make: @Sendable (ResultFields) -> String

  public init(_ make: @escaping @Sendable (ResultFields) -> String) {
    self.make = make
  }

  /// The sentence for `result`. Text taken from the result is passed through `escape` (the
  /// terminal shows control characters visibly).
  public func text(for result: JSON, escape: @escaping (String) -> String = { $0 }) -> String {
    make(ResultFields(result: result, escape: escape))
  }
}

/// Read access to a result's fields for a `Headline`: text is escaped, numbers keep their digits.
public struct ResultFields {
  public let result: JSON
  let escape: (String) -> String

  /// A field as text: a string escaped, a number's digits, `true`/`false`, or "" when absent.
  public subscript(_ key: String) -> String {
    switch result[key] {
    case .string(let text)?: return escape(text)
    case .number(let digits)?: return digits
    case .bool(let flag)?: return flag ? "true" : "false"
    default: return ""
    }
  }

  /// The strings of the list `key`, each escaped; empty when absent.
  public func strings(_ key: String) -> [String] {
    (result[key]?.arrayValue ?? []).compactMap(\.stringValue).map(escape)
  }

  /// True when the result has the field (even as null).
  public func has(_ key: String) -> Bool { result[key] != nil }

  /// A whole-number field, 0 when absent.
  public func count(_ key: String) -> Int64 {
    if case .number(let digits)? = result[key] { return Int64(digits) ?? 0 }
    return 0
  }

  /// The items of the list `key` named by ID# and name: `7 (Ann Lee), 8 (Bo Chen)`, the first
  /// `limit` and then "and N more".
  public func named(_ key: String, limit: Int = 5, of total: Int64? = nil) -> String {
    let items = result[key]?.arrayValue ?? []
    var names = items.prefix(limit).map { item -> String in
      let fields = ResultFields(result: item, escape: escape)
      return "\(fields["id"]) (\(fields["name"]))"
    }
    // A batch's answer lists only its first items; `total` says how many there were.
    let total = total ?? Int64(items.count)
    if total > limit { names.append("and \(total - Int64(limit)) more") }
    return names.joined(separator: ", ")
  }

  /// "1 fugitive", "2 fugitives".
  public func counted(_ key: String, _ singular: String, _ plural: String) -> String {
    BountyCore.counted(count(key), singular, plural)
  }
}

/// A yes/no question a terminal asks before a command runs (a delete), and when it is skipped.
public struct Confirmation: Sendable {
  /// The question, made from what `subject` answers for the same arguments.
  public let question: Headline
  /// The read-only command whose result the question names (`fugitives.get`).
  public let subject: String
  /// The flag that skips the question (`yes`).
  public let skipFlag: String
  /// The boolean setting that turns the question off (`confirm.delete`).
  public let setting: SettingKey

  public init(question: Headline, subject: String, skipFlag: String, setting: SettingKey) {
    self.question = question
    self.subject = subject
    self.skipFlag = skipFlag
    self.setting = setting
  }
}
