import BountyCommands
import BountyCore
import BountyStore

/// Commands that set up agency mode (a roster shared by several hunters on PostgreSQL).
enum AgencyCommands {
  static let commands: [Command] = [initAgency]

  static let initAgency = Command(
    CommandSpec(
      name: "db.initAgency", words: ["db", "init-agency"], tab: .database,
      summary:
        "Create the agency_admin and agency_hunter roles and grant their privileges (PostgreSQL; "
        + "prints the SQL it runs; safe to run again)",
      params: [], effect: .change(undoable: false), fronts: .terminal,
      result: "{statements: [SQL run, in order], script: the same, one a line, each ending with ;}",
      schema: ResultSchema(
        .object([
          "type": "object", "required": ["statements", "script"], "additionalProperties": false,
          "properties": .object([
            "statements": .object(["type": "array", "items": .object(["type": "string"])]),
            "script": .object(["type": "string"]),
          ]),
        ])),
      view: .text(field: "script"))
  ) { store, _ in
    let statements = try store.initAgencyRoles()
    return .object([
      "statements": .array(statements.map(JSON.string)),
      "script": .string(statements.map { $0 + ";" }.joined(separator: "\n")),
    ])
  }
}
