import BountyCore
internal import BountyStore

/// The case-file part of a roster entry (issue 16): bond, descriptors, aliases, expenses and the
/// closing, read from the JSON shape the API returns (a CSV row is turned into that shape first,
/// by `CaseFileCSV`), checked as the commands check them, and written after the fugitive.
struct RosterCaseFile {
  var bond: Bond?
  var descriptors: Descriptors?
  var aliases: [String] = []
  var expenses: [(date: CalendarDate, amountMinor: Int64, memo: String)] = []
  var closedAt: Timestamp?

  /// No case file at all (a row without case-file columns, or with them empty).
  static let empty = RosterCaseFile()

  private init() {}

  /// Reads and checks the case file of a fugitive object; `today` (when given) is the date a date
  /// of birth must come before.
  init(_ object: JSONObject, currency: Currency, today: CalendarDate?) throws(BountyError) {
    func invalid(_ field: String, _ reason: String) -> BountyError {
      .invalid(field: field, reason: reason)
    }
    func text(_ json: JSON?, _ field: String) throws(BountyError) -> String? {
      guard let json, json != .null else { return nil }
      guard let value = json.stringValue, value.count <= Limits.caseFieldLength else {
        throw invalid(field, "must be text of at most \(Limits.caseFieldLength) characters")
      }
      return value.isEmpty ? nil : value
    }
    func date(_ json: JSON?, _ field: String) throws(BountyError) -> CalendarDate? {
      guard let value = try text(json, field) else { return nil }
      guard let date = CalendarDate(parsing: value) else {
        throw invalid(field, "must be a date (YYYY-MM-DD)")
      }
      return date
    }
    func money(_ json: JSON?, _ field: String) throws(BountyError) -> Money? {
      switch json {
      case nil, .null?: return nil
      case .string(let digits)?, .number(let digits)?:
        switch Money.parse(digits, currency: currency) {
        case .success(let amount): return amount
        case .failure(let error): throw invalid(field, error.reason)
        }
      default: throw invalid(field, "must be an amount")
      }
    }
    if let bond = object["bond"], bond != .null {
      guard let fields = bond.objectValue else { throw invalid("bond", "must be an object") }
      let read = Bond(
        amount: try money(fields["amount"], "bond.amount"),
        court: try text(fields["court"], "bond.court"),
        caseNumber: try text(fields["caseNumber"], "bond.caseNumber"),
        ftaDate: try date(fields["ftaDate"], "bond.ftaDate"),
        forfeitureDate: try date(fields["forfeitureDate"], "bond.forfeitureDate"))
      self.bond = read.isEmpty ? nil : read
    }
    if let descriptors = object["descriptors"], descriptors != .null {
      guard let fields = descriptors.objectValue else {
        throw invalid("descriptors", "must be an object")
      }
      var read = Descriptors(
        dob: try date(fields["dob"], "descriptors.dob"),
        eyes: try text(fields["eyes"], "descriptors.eyes"),
        hair: try text(fields["hair"], "descriptors.hair"),
        marks: try text(fields["marks"], "descriptors.marks"))
      if let height = try text(fields["height"], "descriptors.height") {
        guard let checked = Descriptors.checkedHeight(height) else {
          throw invalid(
            "descriptors.height", "\(SafeText.quoted(height)) needs a number and a unit")
        }
        read.height = checked
      }
      if let weight = try text(fields["weight"], "descriptors.weight") {
        guard let checked = Descriptors.checkedWeight(weight) else {
          throw invalid(
            "descriptors.weight", "\(SafeText.quoted(weight)) needs a number and a unit")
        }
        read.weight = checked
      }
      if let dob = read.dob, let today, dob >= today {
        throw invalid("descriptors.dob", "must be in the past")
      }
      self.descriptors = read.isEmpty ? nil : read
    }
    for (index, alias) in (object["aliases"]?.arrayValue ?? []).enumerated() {
      guard let name = alias.stringValue, !name.trimmingASCIIWhitespace().isEmpty,
        name.count <= Limits.nameLength
      else { throw invalid("aliases[\(index)]", "must be a name") }
      aliases.append(name)
    }
    for (index, expense) in (object["expenses"]?.arrayValue ?? []).enumerated() {
      let field = "expenses[\(index)]"
      guard let amount = try money(expense["amount"], "\(field).amount"),
        let memo = try text(expense["memo"], "\(field).memo"),
        let day = try date(expense["date"], "\(field).date")
      else { throw invalid(field, "needs a date, an amount and a memo") }
      expenses.append((day, amount.minorUnits, memo))
    }
    if let closed = object["closedAt"], closed != .null {
      guard let value = closed.stringValue.flatMap(Timestamp.init(parsing:)) else {
        throw invalid("closedAt", "must be an ISO 8601 time")
      }
      closedAt = value
    }
  }

  /// Removes the case file fugitive `id` had, before a replacing import writes its own.
  static func clear(in store: Store, id: Int64) throws {
    try store.deleteCaseFile(fugitiveID: id)
  }

  /// Writes the case file of fugitive `id`, which has none; nothing when this one is empty (most
  /// rows of a large import).
  /// True when the entry carries no case file at all.
  var isEmpty: Bool {
    bond == nil && descriptors == nil && closedAt == nil && aliases.isEmpty && expenses.isEmpty
  }

  func write(into store: Store, id: Int64) throws {
    if bond != nil || descriptors != nil || closedAt != nil {
      try store.writeBond(fugitiveID: id, bond)
      try store.writeDescriptors(fugitiveID: id, descriptors)
      try store.writeClosed(fugitiveID: id, at: closedAt)
    }
    for alias in aliases { try store.insertAlias(fugitiveID: id, name: alias) }
    for expense in expenses {
      try store.insertExpense(
        fugitiveID: id, date: expense.date, amountMinor: expense.amountMinor, memo: expense.memo)
    }
  }
}

/// The case file in CSV: flat columns (bond, court, …) and, like `notes`, JSON arrays for the
/// aliases and the expenses.
enum CaseFileCSV {
  static let bondColumns = ["bond", "court", "caseNumber", "ftaDate", "forfeitureDate"]
  static let descriptorColumns = ["dob", "height", "weight", "eyes", "hair", "marks"]
  static let columns = bondColumns + descriptorColumns + ["aliases", "expenses", "closedAt"]

  /// The fields of `columns` for a fugitive, in order.
  static func fields(_ file: CaseFile) -> [String] {
    let bond = file.bond
    let descriptors = file.descriptors
    return [
      bond?.amount?.plain ?? "", bond?.court ?? "", bond?.caseNumber ?? "",
      bond?.ftaDate?.description ?? "", bond?.forfeitureDate?.description ?? "",
      descriptors?.dob?.description ?? "", descriptors?.height ?? "", descriptors?.weight ?? "",
      descriptors?.eyes ?? "", descriptors?.hair ?? "", descriptors?.marks ?? "",
      file.aliases.isEmpty ? "" : JSON.array(file.aliases.map(JSON.string)).serialized,
      file.expenses.isEmpty
        ? ""
        : JSON.array(
          file.expenses.map {
            .object([
              "date": .string($0.date.description), "amount": .string($0.amount.plain),
              "memo": .string($0.memo),
            ])
          }
        ).serialized,
      file.closedAt?.iso8601 ?? "",
    ]
  }

  /// Puts one CSV cell of a case-file column into the fugitive object; false for other columns.
  static func read(_ column: String, _ value: String, into object: inout JSONObject)
    throws(BountyError) -> Bool
  {
    guard columns.contains(column) else { return false }
    guard !value.isEmpty else { return true }
    func nested(_ key: String, _ member: String) {
      var inner = object[key]?.objectValue ?? JSONObject()
      inner[member] = .string(value)
      object[key] = .object(inner)
    }
    switch column {
    case "bond": nested("bond", "amount")
    case _ where bondColumns.contains(column): nested("bond", column)
    case _ where descriptorColumns.contains(column): nested("descriptors", column)
    case "aliases", "expenses":
      guard let list = try? JSONParser.parse(value), case .array = list else {
        throw BountyError.invalid(field: column, reason: "must be a JSON array")
      }
      object[column] = list
    default: object[column] = .string(value)
    }
    return true
  }
}
