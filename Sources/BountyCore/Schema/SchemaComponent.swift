/// The shapes results share, published by `rpc.discover` under `components.schemas` and referenced
/// by each command's `ResultSchema`. Each mirrors the JSON its model writes (`Fugitive.json`,
/// `Note.json`…); a test validates every reply against them, so they cannot drift.
public enum SchemaComponent: String, CaseIterable, Sendable {
  case money = "Money"
  case signedMoney = "SignedMoney"
  case timestamp = "Timestamp"
  case calendarDate = "Date"
  case geoPoint = "GeoPoint"
  case lastSeen = "LastSeen"
  case note = "Note"
  case bond = "Bond"
  case descriptors = "Descriptors"
  case expense = "Expense"
  case fugitive = "Fugitive"
  case movedFugitive = "MovedFugitive"
  case exportedFugitive = "ExportedFugitive"
  case page = "Page"
  case batch = "Batch"
  case noteList = "NoteList"
  case expenseList = "ExpenseList"
  case expenseSplit = "ExpenseSplit"
  case deadlinePage = "DeadlinePage"
  case photo = "Photo"
  case setting = "Setting"
  case settingList = "SettingList"
  case historyStep = "HistoryStep"
  case history = "History"
  case report = "Report"
  case reportDocument = "ReportDocument"
  case dossier = "Dossier"
  case export = "Export"
  case writtenFile = "WrittenFile"
  case importResult = "ImportResult"
  case sampleResult = "SampleResult"
  case databaseInfo = "DatabaseInfo"
  case databaseCheck = "DatabaseCheck"
  case schemaVersion = "SchemaVersion"
  case backup = "Backup"
  case rosterCopy = "RosterCopy"
  case script = "Script"
  case workspaceValue = "WorkspaceValue"
  case openRPC = "OpenRPCDocument"

  /// `{"$ref": "#/components/schemas/Name"}`.
  public var reference: JSON { .object(["$ref": .string("#/components/schemas/\(rawValue)")]) }

  /// Every component by name, for `components.schemas`.
  public static var all: JSON {
    var schemas = JSONObject()
    for component in allCases { schemas[component.rawValue] = component.schema }
    return .object(schemas)
  }

  /// This component's JSON Schema.
  public var schema: JSON {
    switch self {
    case .money:
      return .object([
        "type": "string", "pattern": "^[0-9]+(\\.[0-9]+)?$",
        "description": "An exact amount with the currency's minor digits, e.g. \"12500.00\"",
      ])
    case .signedMoney:
      return .object([
        "type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
        "description":
          "An exact amount that may be negative (a net after expenses), e.g. \"-40.00\"",
      ])
    case .timestamp:
      return .object([
        "type": "string", "format": "date-time",
        "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$",
        "description": "ISO 8601 in UTC",
      ])
    case .calendarDate:
      return .object([
        "type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        "description": "A calendar day with no time or zone, YYYY-MM-DD",
      ])
    case .geoPoint:
      // Null for a coordinate not stored (the original kept the two apart).
      return Self.object([
        ("lat", Self.nullable(Self.number(-90, 90))),
        ("lon", Self.nullable(Self.number(-180, 180))),
      ])
    case .lastSeen:
      return Self.object([
        ("lat", Self.nullable(Self.number(-90, 90))),
        ("lon", Self.nullable(Self.number(-180, 180))),
        ("description", Self.nullable(Self.string)),
        ("at", Self.nullable(Self.timestamp.reference)),
      ])
    case .note:
      return Self.object([
        ("id", Self.integer), ("text", Self.string), ("createdAt", Self.timestamp.reference),
      ])
    case .bond:
      return Self.bondSchema(deadline: false)
    case .descriptors:
      return Self.descriptorsSchema
    case .expense:
      return Self.expenseSchema
    case .fugitive:
      return Self.object(Self.fugitiveProperties)
    case .movedFugitive:
      // `row`: where the move put it in its own list (at large, or captured), 1 = first.
      return Self.object(Self.fugitiveProperties + [("row", Self.count)])
    case .exportedFugitive:
      let photo = Self.object([
        ("mediaType", Self.mediaType), ("data", Self.base64),
      ])
      return Self.object(Self.fugitiveProperties + [("photo", photo)], optional: ["photo"])
    case .page:
      // `row` answers `locate`: where that fugitive is in the whole list (null: not in it).
      return Self.object(
        [
          ("items", Self.array(of: Self.fugitive.reference)), ("total", Self.count),
          ("row", Self.nullable(Self.count)),
        ], optional: ["row"])
    case .batch:
      // `items` holds the first 100 changed (FugitiveSelection.answerItems); `count` all of them.
      return Self.object([
        ("count", Self.count),
        (
          "items",
          .object(["type": "array", "items": Self.fugitive.reference, "maxItems": .int(100)])
        ),
      ])
    case .noteList:
      return Self.object([("id", Self.integer), ("notes", Self.array(of: Self.note.reference))])
    case .expenseList:
      return Self.expenseListSchema
    case .expenseSplit:
      return Self.expenseSplitSchema
    case .deadlinePage:
      return Self.deadlinePageSchema
    case .photo:
      return Self.object(
        [
          ("id", Self.integer), ("mediaType", Self.mediaType), ("size", Self.count),
          ("data", Self.base64), ("output", Self.string),
        ], optional: ["data", "output"])
    case .setting:
      let value: JSON = .object(["type": ["string", "boolean", "number"]])
      return Self.object(
        [
          ("key", Self.string), ("value", value), ("default", value), ("isDefault", Self.boolean),
          ("help", Self.string), ("scope", Self.string), ("file", Self.string),
        ], optional: ["file"])
    case .settingList:
      return Self.object([
        ("items", Self.array(of: Self.setting.reference)), ("total", Self.count),
      ])
    case .historyStep:
      // `hunter` (who made the step) in an agency database on PostgreSQL and in a fugitive's
      // chain of custody (`history --fugitive`), which names the `client` too; `outside` is the
      // stack of a change made outside bounty.
      return Self.object(
        [
          ("id", Self.integer), ("label", Self.string), ("createdAt", Self.timestamp.reference),
          ("stack", Self.choice(["undo", "redo", "outside"])), ("hunter", Self.string),
          ("client", Self.string),
        ], optional: ["hunter", "client"])
    case .history:
      // `outside` in a fugitive's chain of custody: the changes made outside bounty.
      return Self.object(
        [
          ("undo", Self.array(of: Self.historyStep.reference)),
          ("redo", Self.array(of: Self.historyStep.reference)),
          ("outside", Self.array(of: Self.historyStep.reference)),
        ], optional: ["outside"])
    case .report:
      return Self.reportSchema
    case .reportDocument:
      return Self.object([
        ("format", Self.choice(["text", "markdown", "csv", "html"])), ("content", Self.string),
      ])
    case .dossier:
      return Self.object([
        ("format", Self.choice(["text", "markdown", "html"])), ("content", Self.string),
      ])
    case .export:
      return .object([
        "oneOf": [
          Self.object([
            ("format", Self.choice(["json"])),
            ("fugitives", Self.array(of: Self.exportedFugitive.reference)),
          ]),
          Self.object([("format", Self.choice(["csv"])), ("content", Self.string)]),
        ]
      ])
    case .writtenFile:
      return Self.object([("format", Self.string), ("output", Self.string), ("bytes", Self.count)])
    case .importResult:
      return Self.object([("imported", Self.count), ("replaced", Self.count)])
    case .sampleResult:
      return Self.object([("loaded", Self.count)])
    case .databaseInfo:
      return Self.object(
        [
          ("path", Self.string), ("schemaVersion", Self.count), ("latestSchemaVersion", Self.count),
          ("sqliteVersion", Self.string), ("serverVersion", Self.string),
          ("journalMode", Self.nullable(Self.string)), ("sizeBytes", Self.count),
          ("currency", Self.string), ("fugitives", Self.count), ("atLarge", Self.count),
          ("captured", Self.count), ("notes", Self.count), ("photos", Self.count),
          ("undoSteps", Self.count),
        ], optional: ["sqliteVersion", "serverVersion"])
    case .databaseCheck:
      return Self.object([
        ("ok", Self.boolean), ("integrity", Self.array(of: Self.string)),
        ("foreignKeyViolations", Self.count), ("problems", Self.array(of: Self.string)),
        ("repaired", Self.array(of: Self.string)), ("chainRestarted", Self.array(of: Self.string)),
        ("schemaVersion", Self.count),
      ])
    case .schemaVersion:
      return Self.object([
        ("schemaVersion", Self.count), ("repaired", Self.array(of: Self.string)),
      ])
    case .backup:
      return Self.object([("path", Self.string)])
    case .rosterCopy:
      return Self.object([
        ("from", Self.string), ("to", Self.string), ("fugitives", Self.count),
        ("notes", Self.count), ("photos", Self.count), ("settings", Self.count),
        ("caseRows", Self.count),
      ])
    case .script:
      return Self.object([("script", Self.string)])
    case .workspaceValue:
      return Self.object([("key", Self.string), ("value", Self.nullable(Self.string))])
    case .openRPC:
      return .object([
        "type": "object", "required": ["openrpc", "info", "methods", "components"],
        "properties": .object([
          "openrpc": Self.string, "info": .object(["type": "object"]),
          "methods": Self.array(of: .object(["type": "object"])),
          "components": .object(["type": "object"]),
        ]),
      ])
    }
  }

  /// The members of `Fugitive.json`, case file included.
  static let fugitiveProperties: [(String, JSON)] = [
    ("id", Self.integer), ("name", Self.string), ("bounty", Self.money.reference),
    ("description", Self.string), ("captured", Self.boolean),
    ("capturedAt", Self.nullable(Self.timestamp.reference)),
    ("captureLocation", Self.nullable(Self.geoPoint.reference)),
    ("lastSeen", Self.nullable(Self.lastSeen.reference)), ("hasPhoto", Self.boolean),
    ("position", Self.integer), ("notes", Self.array(of: Self.note.reference)),
    ("createdAt", Self.timestamp.reference), ("updatedAt", Self.timestamp.reference),
    ("bond", Self.nullable(Self.bond.reference)),
    ("descriptors", Self.nullable(Self.descriptors.reference)),
    ("aliases", Self.array(of: Self.string)), ("expenses", Self.array(of: Self.expense.reference)),
    ("closedAt", Self.nullable(Self.timestamp.reference)),
  ]

  private static var reportSchema: JSON {
    let line = object([("id", integer), ("name", string), ("bounty", money.reference)])
    let capturedLine = object([
      ("id", integer), ("name", string), ("bounty", money.reference),
      ("capturedAt", timestamp.reference), ("commission", money.reference),
      ("expenses", money.reference), ("net", signedMoney.reference),
    ])
    let month = object([
      ("month", .object(["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"])), ("count", count),
      ("total", money.reference), ("commission", money.reference), ("expenses", money.reference),
      ("net", signedMoney.reference),
    ])
    let deadline = object([
      ("id", integer), ("name", string), ("forfeitureDate", calendarDate.reference),
      ("daysLeft", integer), ("bond", nullable(money.reference)),
    ])
    return object([
      ("generatedAt", timestamp.reference), ("hunter", string), ("agency", string),
      (
        "period",
        object([("from", nullable(timestamp.reference)), ("to", nullable(timestamp.reference))])
      ),
      ("currency", .object(["type": "string", "pattern": "^[A-Z]{3}$"])),
      ("commissionRate", .object(["type": "string", "pattern": "^[0-9]+(\\.[0-9]+)?$"])),
      ("rounding", choice(["half-even", "half-up"])),
      (
        "outstanding",
        object([
          ("count", count), ("total", money.reference), ("largest", nullable(money.reference)),
        ])
      ),
      (
        "captured",
        object([
          ("count", count), ("total", money.reference), ("commission", money.reference),
          ("expenses", money.reference), ("net", signedMoney.reference),
          ("averageDaysToCapture", nullable(.object(["type": "string"]))),
        ])
      ),
      ("lines", array(of: capturedLine)), ("outstandingLines", array(of: line)),
      ("byMonth", array(of: month)),
      (
        "deadlines",
        object([
          ("withinDays", count), ("bondTotal", money.reference), ("lines", array(of: deadline)),
        ])
      ),
    ])
  }

  // MARK: Building blocks

  static let string: JSON = .object(["type": "string"])
  static let boolean: JSON = .object(["type": "boolean"])
  static let integer: JSON = .object(["type": "integer"])
  static let count: JSON = .object(["type": "integer", "minimum": 0])
  static let base64: JSON = .object(["type": "string", "contentEncoding": "base64"])
  static let mediaType = choice(["image/png", "image/jpeg"])

  static func number(_ minimum: Int, _ maximum: Int) -> JSON {
    .object(["type": "number", "minimum": .int(minimum), "maximum": .int(maximum)])
  }

  static func choice(_ words: [String]) -> JSON {
    .object(["type": "string", "enum": .array(words.map(JSON.string))])
  }

  static func array(of items: JSON) -> JSON { .object(["type": "array", "items": items]) }

  static func nullable(_ schema: JSON) -> JSON {
    .object(["oneOf": [.object(["type": "null"]), schema]])
  }

  /// An object with exactly these members; all are required but those named `optional`.
  static func object(_ properties: [(String, JSON)], optional: Set<String> = []) -> JSON {
    var members = JSONObject()
    for (name, schema) in properties { members[name] = schema }
    return .object([
      "type": "object", "properties": .object(members),
      "required": .array(properties.map(\.0).filter { !optional.contains($0) }.map(JSON.string)),
      "additionalProperties": false,
    ])
  }
}
