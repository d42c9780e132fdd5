/// Which workspace a command belongs to: the terminal groups help by it and the shell offers a tab's
/// verbs in that tab.
public enum Tab: String, CaseIterable, Sendable {
  case fugitives, captured, settings, reports, data, history, database
}

/// The type of a parameter: decides how each front reads it and what JSON Schema `rpc.discover` shows.
public enum ParamType: Equatable, Sendable {
  /// A whole number within `range`.
  case integer(ClosedRange<Int64>)
  /// Text of at most `maxLength` characters; `allowBlank` false refuses empty or spaces-only text.
  case text(maxLength: Int, allowBlank: Bool)
  /// An amount of money in the database currency (a string, or a JSON number read from its digits).
  case money
  case boolean
  /// An exact non-negative decimal (a percentage).
  case decimal
  /// An ISO 8601 date or time.
  case timestamp
  /// A latitude (-90…90) or longitude (-180…180) in degrees.
  case latitude, longitude
  /// One of a fixed list of words.
  case choice([String])
  /// Bytes: a file path on the command line, base64 text in JSON-RPC.
  case file
  /// A file system path (text; the shells complete it as a file name).
  case path
  /// Any JSON value; the handler checks it (setting values, imported rosters).
  case any

  /// How a person types a value of this type, for a form's empty field.
  public var typingHint: String {
    switch self {
    case .money: return "e.g. 12500 or $12,500.50"
    case .timestamp: return "YYYY-MM-DD, a time, or words: today, 3 days ago"
    case .latitude: return "degrees, -90 to 90"
    case .longitude: return "degrees, -180 to 180"
    case .decimal: return "e.g. 12.5"
    case .choice(let words): return words.joined(separator: ", ")
    case .integer(let range): return "a whole number, \(range.lowerBound) or more"
    case .boolean: return "yes or no"
    case .text, .file, .path, .any: return ""
    }
  }

  /// The JSON Schema of this type, for `rpc.discover`.
  public var jsonSchema: JSON {
    switch self {
    case .integer(let range):
      return .object([
        "type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound),
      ])
    case .text(let maxLength, let allowBlank):
      return .object([
        "type": "string", "maxLength": .int(maxLength), "minLength": .int(allowBlank ? 0 : 1),
      ])
    case .money:
      return .object([
        "oneOf": [
          .object(["type": "string", "pattern": .string(Self.moneyPattern)]),
          .object(["type": "number", "minimum": 0]),
        ],
        "description": "exact amount, e.g. \"12500.00\", \"$12,500.50\" or 12500; never rounded",
      ])
    case .boolean: return .object(["type": "boolean"])
    case .decimal:
      return .object(["type": ["string", "number"], "pattern": "^[0-9]+(\\.[0-9]+)?$"])
    case .timestamp:
      return .object([
        "type": "string",
        "anyOf": [
          .object(["format": "date-time"]), .object(["format": "date"]),
          .object(["pattern": .string(RelativeDate.pattern)]),
        ],
        "description": "an ISO 8601 time or date, or today, yesterday, now, N days ago, a weekday",
      ])
    case .latitude: return .object(["type": "number", "minimum": -90, "maximum": 90])
    case .longitude: return .object(["type": "number", "minimum": -180, "maximum": 180])
    case .choice(let words):
      return .object(["type": "string", "enum": .array(words.map(JSON.string))])
    case .file: return .object(["type": "string", "contentEncoding": "base64"])
    case .path: return .object(["type": "string", "minLength": 1, "maxLength": 4096])
    case .any: return .object([:])
    }
  }

  /// What a money string may look like: digits with optional grouping and decimals, a leading
  /// symbol, a trailing ISO code (the parser then checks the currency's digits exactly).
  static let moneyPattern =
    "^\\s*[^0-9\\s.,-]{0,3}\\s*[0-9]{1,3}(,?[0-9]{3})*(\\.[0-9]+)?(\\s+[A-Za-z]{3})?\\s*$"

  /// A short placeholder for usage lines: `ID`, `AMT`, `TEXT`.
  public var placeholder: String {
    switch self {
    case .integer: return "N"
    case .text: return "TEXT"
    case .money: return "AMT"
    case .boolean: return ""
    case .decimal: return "PERCENT"
    case .timestamp: return "DATE"
    case .latitude, .longitude: return "DEGREES"
    case .choice(let words): return words.joined(separator: "|")
    case .file, .path: return "FILE"
    case .any: return "VALUE"
    }
  }
}

/// One parameter of a command, declared once for both fronts.
public struct ParamSpec: Sendable {
  /// The JSON-RPC name (camelCase); the terminal option is its kebab-case form (`minBounty` →
  /// `--min-bounty`).
  public let name: String
  public let type: ParamType
  public let required: Bool
  /// On the command line it is given by position, not by option.
  public let positional: Bool
  public let help: String
  /// Where it can be given: `--export FILE` and `--yes` make sense on a terminal only.
  public let fronts: CommandFronts
  /// It takes one or more values: a JSON array, or (positional) every remaining word.
  public let repeated: Bool
  /// Text kept exactly as given (a search for " an" differs from one for "an"); other text is
  /// stored without leading and trailing spaces.
  public let keepsSpaces: Bool
  /// What a form calls the field (`Bounty`, `FTA date`): declared with `Param.labelled`, else
  /// made from the name (`caseNumber` is `Case number`).
  public internal(set) var label: String
  /// How a person types it, shown beside an empty field (`e.g. 12500 or $12,500.50`): declared, or
  /// its type's.
  public internal(set) var hint: String
  /// A long text that, left out on a terminal, is written in the person's editor (`$EDITOR`)
  /// rather than being a usage error: declared with `Param.writtenInEditor`.
  public internal(set) var writtenInEditor = false

  public init(
    _ name: String, _ type: ParamType, required: Bool = false, positional: Bool = false,
    fronts: CommandFronts = .both, repeated: Bool = false, keepsSpaces: Bool = false,
    help: String
  ) {
    self.repeated = repeated
    self.keepsSpaces = keepsSpaces
    self.name = name
    self.type = type
    self.required = required
    self.positional = positional
    self.fronts = fronts
    self.help = help
    self.label = Self.label(fromName: name)
    self.hint = type.typingHint
  }

  /// `Case number` for `caseNumber`, `ID#` for an ID.
  static func label(fromName name: String) -> String {
    if name == "id" || name.hasSuffix("Id") { return "ID#" }
    var words = ""
    for character in name {
      if character.isUppercase, !words.isEmpty { words += " " }
      words += character.lowercased()
    }
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// The JSON Schema of its value: its type's, or an array of them when repeated.
  public var jsonSchema: JSON {
    guard repeated else { return type.jsonSchema }
    return .object([
      "type": "array", "items": type.jsonSchema, "minItems": 1, "uniqueItems": true,
    ])
  }

  /// `--min-bounty` for `minBounty`.
  public var optionName: String {
    var result = "--"
    for character in name {
      if character.isUppercase {
        result += "-" + character.lowercased()
      } else {
        result.append(character)
      }
    }
    return result
  }
}

/// Whether a command changes data (and so is one undo step and runs in a write transaction).
public enum CommandEffect: Sendable {
  case read
  /// Changes data; `undoable` changes become one history step named by the command's summary.
  case change(undoable: Bool)
  /// Runs outside any transaction because SQLite forbids one around it (`VACUUM INTO`); `changes`
  /// says whether it writes into the open database (a copy into it) or only reads it (a backup).
  case outsideTransaction(changes: Bool)
}

/// Where a command can be called from.
public struct CommandFronts: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let terminal = CommandFronts(rawValue: 1)
  public static let rpc = CommandFronts(rawValue: 2)
  public static let both: CommandFronts = [.terminal, .rpc]
  /// The terminal's shell and workspace call it for their own state; no help lists it.
  public static let workspace = CommandFronts(rawValue: 4)
}

/// A command's declaration: everything the fronts, the help, `rpc.discover`, the man page and the
/// completions need to know about it. The handler lives beside it in `Command` (BountyCommands).
public struct CommandSpec: Sendable {
  /// The JSON-RPC method name: `fugitives.add`.
  public let name: String
  /// The words that call it on the command line: `["fugitives", "add"]`.
  public let words: [String]
  public let tab: Tab
  /// One line: what it does.
  public let summary: String
  public let params: [ParamSpec]
  public let effect: CommandEffect
  /// For a changing command that only reads unless one of these parameters is given (a photo is
  /// read without them): without them it runs as a read and never takes the write lock.
  public let changesOnlyWith: [String]
  public let fronts: CommandFronts
  /// One line describing the result, for `rpc.discover` and the docs.
  public let result: String
  /// The result's JSON Schema, published by `rpc.discover`.
  public let schema: ResultSchema
  /// How a person is shown the result.
  public let view: ResultView
  /// The question a terminal asks before running it, when one is due.
  public let confirmation: Confirmation?
  /// It may run long: the terminal shows progress and Ctrl-C stops it, changing nothing.
  public let longRunning: Bool
  /// The boolean field of the result that says whether it succeeded (`db check`'s `ok`): when it is
  /// false the command still prints its result, and the terminal exits 1.
  public let successField: String?
  /// The parameters naming fugitives (an ID#, or a list of them) whose case, once closed, locks
  /// this command: while any of them is closed the dispatcher refuses the change with "case N is
  /// closed; reopen it first" (`refused`, -32004). Empty for commands a closed case does not lock.
  public let locksOnClosedCase: [String]
  /// On an agency database (PostgreSQL), only a member of `agency_admin` may make this change
  /// (settings, deleting fugitives, imports); a hunter is refused before anything runs. The server's
  /// grants say the same to any other client.
  public let agencyAdminOnly: Bool
  /// For a read that shows one fugitive: the parameter holding its ID#. When a front holds many
  /// such calls at once (a script's piped requests), the dispatcher reads their fugitives in one
  /// go instead of one by one.
  public let readsFugitive: String?
  /// The two ends of a command that moves data between databases (`db copy --from --to`). When
  /// both are given, the front opens `source` (refusing a file that does not exist) instead of
  /// the default database, which it never touches; when one is left out, the default database is
  /// that end and is opened as usual.
  public let opensDatabase: DatabaseEnds?
  /// What the command does for a front that acts on a person's choice (`capture` for the
  /// workspace's `c`); the registry finds it by this, so no front names a command.
  public let role: CommandRole?
  /// The fields of its form, in order, for the fronts that ask a person for its values (the
  /// workspace's form, the shell's field-by-field one): empty when it has none.
  public let form: [FormField]

  /// The parameters naming the two databases of a copy (see `opensDatabase`).
  public struct DatabaseEnds: Sendable {
    public let source: String
    public let target: String

    public init(source: String, target: String) {
      self.source = source
      self.target = target
    }
  }

  public init(
    name: String, words: [String], tab: Tab, summary: String, params: [any ParamDeclaration],
    effect: CommandEffect, changesOnlyWith: [String] = [], fronts: CommandFronts = .both,
    result: String, schema: ResultSchema = .unspecified, view: ResultView,
    confirmation: Confirmation? = nil, longRunning: Bool = false, successField: String? = nil,
    locksOnClosedCase: [String] = [], agencyAdminOnly: Bool = false,
    readsFugitive: String? = nil, opensDatabase: DatabaseEnds? = nil, role: CommandRole? = nil,
    form: [FormField] = []
  ) {
    self.name = name
    self.words = words
    self.tab = tab
    self.summary = summary
    // A list view offers the terminal's --format and --header without each list declaring them.
    self.params =
      params.map(\.spec)
      + (view.takesListFormat ? [ListFormat.param.spec, ListFormat.header.spec] : [])
    self.effect = effect
    self.changesOnlyWith = changesOnlyWith
    self.fronts = fronts
    self.result = result
    self.schema = schema
    self.view = view
    self.confirmation = confirmation
    self.longRunning = longRunning
    self.successField = successField
    self.locksOnClosedCase = locksOnClosedCase
    self.agencyAdminOnly = agencyAdminOnly
    self.readsFugitive = readsFugitive
    self.opensDatabase = opensDatabase
    self.role = role
    self.form = form
  }

  public func param(named name: String) -> ParamSpec? {
    params.first { $0.name == name }
  }

  /// True when a call with `arguments` reads only (see `changesOnlyWith`).
  public func onlyReads(_ arguments: Arguments) -> Bool {
    switch effect {
    case .read: return true
    case .outsideTransaction(let changes): return !changes
    case .change:
      return !changesOnlyWith.isEmpty
        && !changesOnlyWith.contains { arguments.value(named: $0) != nil }
    }
  }

  /// True when a call with `arguments` leaves the database a front opens for it as it is: the
  /// call only reads, or it copies out of that database into another (`opensDatabase` with its
  /// target given). A front opens it for reading then: nothing is created, nothing migrated.
  public func onlyReadsOpenDatabase(_ arguments: Arguments) -> Bool {
    if onlyReads(arguments) { return true }
    guard let ends = opensDatabase else { return false }
    return arguments.value(named: ends.target) != nil
  }

  /// `bounty fugitives add --name TEXT --bounty AMT [--id N] [--description TEXT]`.
  public var usage: String {
    var parts = ["bounty"] + words
    for param in params where param.positional && param.fronts.contains(.terminal) {
      let placeholder = param.name.uppercased() + (param.repeated ? "..." : "")
      parts.append(param.required ? placeholder : "[\(placeholder)]")
    }
    for param in params where !param.positional && param.fronts.contains(.terminal) {
      let option =
        param.type == .boolean ? param.optionName : "\(param.optionName) \(param.type.placeholder)"
      parts.append(param.required ? option : "[\(option)]")
    }
    return parts.joined(separator: " ")
  }
}
