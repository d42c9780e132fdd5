/// Every setting of the Settings tab: its key, type, default and help. Values are stored as text in
/// their canonical form; `validate` turns user input into that form or names what is wrong.
///
/// A setting is the roster's (kept in the database, the same for everyone who opens it) or a
/// person's own preference (kept in their config file, `$XDG_CONFIG_HOME/bounty/config`): see
/// `scope` and docs/contract.md.
public enum SettingKey: String, CaseIterable, Sendable {
  case hunterName = "hunter.name"
  case agencyName = "agency.name"
  case currency
  case commissionRate = "commission.rate"
  case rounding
  case fugitivesSort = "fugitives.sort"
  case capturedSort = "captured.sort"
  case confirmDelete = "confirm.delete"
  case color
  case historyLimit = "history.limit"
  case pager

  /// Where a setting is kept.
  public enum Scope: String, Sendable {
    /// In the roster: the same for everyone who opens it (an agency admin's to change).
    case roster
    /// In the person's config file; a roster row for it (rosters kept preferences before the
    /// config file did) is only a fallback, read when the file does not set it.
    case personal
  }

  public var scope: Scope {
    switch self {
    case .fugitivesSort, .capturedSort, .confirmDelete, .color, .pager: return .personal
    default: return .roster
    }
  }

  /// True for the keys a roster's `setting` table accepts (its triggers list them): every roster
  /// setting and the preferences rosters kept before the config file. `pager` was never one.
  public var rosterMayHold: Bool { self != .pager }

  /// The sort keys a list accepts.
  public static let sortKeys = ["name", "bounty", "id", "manual", "captured", "deadline"]

  public var defaultValue: String {
    switch self {
    case .hunterName, .agencyName: return ""
    case .currency: return "USD"
    case .commissionRate: return "10"
    case .rounding: return RoundingMode.halfEven.rawValue
    case .fugitivesSort: return "name"
    case .capturedSort: return "captured"
    case .confirmDelete: return "true"
    case .color, .pager: return "auto"
    case .historyLimit: return "200"
    }
  }

  public var help: String {
    switch self {
    case .hunterName: return "Your name, printed on reports and dossiers"
    case .agencyName: return "The bail agency you work for, printed on reports"
    case .currency: return "ISO 4217 code of every amount (decides symbol and decimals)"
    case .commissionRate: return "Your commission, percent of each bounty (0 to 100, exact)"
    case .rounding: return "How commission is rounded to the minor unit: half-even or half-up"
    case .fugitivesSort: return "Default order of the Fugitives tab"
    case .capturedSort: return "Default order of the Captured tab"
    case .confirmDelete: return "Ask before deleting in the shell"
    case .color: return "Colour on a terminal: auto or always (the same), or never"
    case .historyLimit: return "How many undo steps are kept (1 to 10000)"
    case .pager: return "Long tables on a terminal through $PAGER (less -FRX): auto or never"
    }
  }

  /// The words this setting accepts, when it is a choice.
  public var choices: [String]? {
    switch self {
    case .rounding: return RoundingMode.allCases.map(\.rawValue)
    case .fugitivesSort, .capturedSort: return Self.sortKeys
    case .color: return ["auto", "always", "never"]
    case .pager: return ["auto", "never"]
    case .currency: return Currency.all.map(\.code)
    case .confirmDelete: return ["true", "false"]
    default: return nil
    }
  }

  /// The canonical stored text for `input`, or `invalid` naming this key.
  public func validate(_ input: JSON) throws(BountyError) -> String {
    let text: String
    switch input {
    case .string(let value): text = value
    case .number(let digits): text = digits
    case .bool(let value): text = value ? "true" : "false"
    default: throw invalid("expected a string, number or boolean, got \(input.typeName)")
    }
    switch self {
    case .hunterName, .agencyName:
      guard text.count <= Limits.nameLength else {
        throw invalid("is longer than \(Limits.nameLength) characters")
      }
      let name = text.trimmingASCIIWhitespace()
      // A hunter's name shows who made each step and signs reports: nothing in it may be
      // invisible or break a line (SQLite migration 0026 refuses the same code points for every
      // client).
      if self == .hunterName, let hidden = NameIdentity.invisible(in: name) {
        throw invalid(
          "cannot hold the \(NameIdentity.kind(of: hidden)) "
            + "\\u{\(String(hidden.value, radix: 16))}: "
            + "a name must look like what it is; nothing was changed")
      }
      return name
    case .currency:
      guard let currency = Currency.named(text.trimmingASCIIWhitespace()) else {
        throw invalid(
          "\(SafeText.quoted(text)) is not a known currency code (\(choices?.joined(separator: ", ") ?? ""))"
        )
      }
      return currency.code
    case .commissionRate:
      guard let rate = ExactDecimal(text),
        rate <= ExactDecimal(significand: 100, scale: 0)
      else { throw invalid("\(SafeText.quoted(text)) is not a percentage from 0 to 100") }
      return rate.description
    case .confirmDelete:
      switch text.lowercased() {
      case "true", "yes", "on", "1": return "true"
      case "false", "no", "off", "0": return "false"
      default: throw invalid("\(SafeText.quoted(text)) is not true or false")
      }
    case .historyLimit:
      guard let limit = Int(text.trimmingASCIIWhitespace()), (1...10_000).contains(limit) else {
        throw invalid("\(SafeText.quoted(text)) is not a whole number from 1 to 10000")
      }
      return String(limit)
    case .rounding, .fugitivesSort, .capturedSort, .color, .pager:
      let word = text.trimmingASCIIWhitespace().lowercased()
      guard let choices, choices.contains(word) else {
        throw invalid(
          "\(SafeText.quoted(text)) is not one of \(choices?.joined(separator: ", ") ?? "")")
      }
      return word
    }
  }

  /// The stored text as the JSON value clients get: booleans and numbers typed, the rest strings.
  public func json(_ stored: String) -> JSON {
    switch self {
    case .confirmDelete: return .bool(stored == "true")
    case .historyLimit: return .number(stored)
    default: return .string(stored)
    }
  }

  private func invalid(_ reason: String) -> BountyError {
    .invalid(field: rawValue, reason: reason)
  }
}
