import BountyCore
import BountyStore

/// Parameter declarations of the case-file commands (bond, descriptors, aliases, expenses).
enum CaseFileParams {
  static func caseText(_ name: String, help: String) -> Param<String> {
    Param.text(name, maxLength: Limits.caseFieldLength, help: help)
  }

  static let date = Param.time("date", help: "The date, YYYY-MM-DD (default: today)").labelled(
    "Date", hint: "YYYY-MM-DD, or today")
  static let amount = Param.money("amount", required: true, help: "The amount, e.g. 125.50")
  static let optionalAmount = Param.money("amount", help: "A new amount")
  static let memo = Param.text(
    "memo", maxLength: Limits.caseFieldLength, allowBlank: false, required: true,
    help: "What it was for")
  static let optionalMemo = Param.text(
    "memo", maxLength: Limits.caseFieldLength, allowBlank: false, help: "A new memo")
  static let expense = Param.integer(
    "expense", 1...Int64.max, required: true, positional: true, help: "The expense's id")
  static let aliasName = Param.text(
    "name", maxLength: Limits.nameLength, allowBlank: false, required: true, positional: true,
    help: "The alias"
  ).labelled("Alias")
}

extension Arguments {
  /// The calendar date given for `param`: a date, never a time of day.
  func calendarDate(_ param: Param<TimeInput>) throws(BountyError) -> CalendarDate? {
    guard let given = self[param] else { return nil }
    guard given.isDateOnly else {
      throw BountyError.invalidParameter(field: param.name, reason: "must be a date (YYYY-MM-DD)")
    }
    // A date a person types is local midnight: its calendar date is the local one.
    return Store.localDate(of: given.timestamp)
  }
}

/// Sentences the case-file commands open with.
enum CaseFileHeadlines {
  static func saved(_ what: String) -> Headline {
    Headline { "Saved the \(what) of fugitive \($0["id"]) (\($0["name"]))." }
  }
}
