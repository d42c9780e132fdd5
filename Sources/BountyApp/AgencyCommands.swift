internal import BountyCommands
import BountyCore
internal import BountyStore

/// Commands that set up agency mode (a roster shared by several hunters on PostgreSQL).
enum AgencyCommands {
  static let commands: [Command] = [initAgency, addHunter]

  static let initAgency = Command(
    CommandSpec(
      name: "db.initAgency", words: ["db", "init-agency"], tab: .database,
      summary:
        "Create the agency_admin and agency_hunter roles and grant their privileges (PostgreSQL; "
        + "prints the SQL it runs; safe to run again)",
      params: [], effect: .change(undoable: false), fronts: .terminal,
      result:
        "{statements: [SQL run, in order], backups: who may back the roster up, script: the "
        + "statements, one a line, each ending with ;, then backups as an SQL comment}",
      schema: ResultSchema(
        .object([
          "type": "object", "required": ["statements", "backups", "script"],
          "additionalProperties": false,
          "properties": .object([
            "statements": .object(["type": "array", "items": .object(["type": "string"])]),
            "backups": .object(["type": "string"]),
            "script": .object(["type": "string"]),
          ]),
        ])),
      view: .text(field: "script"))
  ) { store, _ in
    let statements = try store.initAgencyRoles()
    return .object([
      "statements": .array(statements.map(JSON.string)),
      "backups": .string(Store.agencyBackups),
      "script": .string(
        (statements.map { $0 + ";" } + ["-- " + Store.agencyBackups + "."]).joined(
          separator: "\n")),
    ])
  }

  static let role = Param.text(
    "role", maxLength: 63, allowBlank: false, required: true, positional: true,
    help: "The new hunter's login role: a-z, 0-9 and _ (what history shows as who)")
  static let admin = Param.flag(
    "admin", help: "Make them an agency admin (settings, deleting fugitives, imports)")

  static let addHunter = Command(
    CommandSpec(
      name: "db.addHunter", words: ["db", "add-hunter"], tab: .database,
      summary:
        "Create a hunter's login role in agency_hunter (or agency_admin with --admin), with no "
        + "password (PostgreSQL; after db init-agency)",
      params: [role, admin], effect: .change(undoable: false), fronts: .terminal,
      result: "{role, group, statement: the SQL run}",
      schema: ResultSchema(
        .object([
          "type": "object", "required": ["role", "group", "statement"],
          "additionalProperties": false,
          "properties": .object([
            "role": .object(["type": "string"]), "group": .object(["type": "string"]),
            "statement": .object(["type": "string"]),
          ]),
        ])),
      view: .message(
        Headline {
          "Created the login role \($0["role"]) in \($0["group"]); give it a password with "
            + "psql's \\password \($0["role"])."
        }))
  ) { store, arguments in
    let name = try arguments.required(role)
    let isAdmin = arguments.isSet(admin)
    let statement = try store.addAgencyMember(name, admin: isAdmin)
    return .object([
      "role": .string(name), "group": .string(isAdmin ? AgencyRole.admin : AgencyRole.hunter),
      "statement": .string(statement),
    ])
  }
}
