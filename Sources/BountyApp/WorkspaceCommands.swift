import BountyCommands
import BountyCore
import BountyStore

/// The terminal's own remembered state (last tab, each tab's sort and filter): kept in the
/// database's `workspace` table, outside undo, and reached by the shell and the workspace only.
enum WorkspaceCommands {
  static let commands: [Command] = [get, set]

  static let key = Param.text(
    "key", maxLength: 200, allowBlank: false, required: true, help: "The state's key")
  static let value = Param.text(
    "value", maxLength: 4096, help: "The value to remember (absent: forget the key)")

  static let get = Command(
    CommandSpec(
      name: "workspace.get", words: ["workspace", "get"], tab: .data,
      summary: "Read a remembered workspace value", params: [key], effect: .read,
      fronts: .workspace, result: "{key, value}", schema: .component(.workspaceValue),
      view: .keyValues)
  ) { store, arguments in
    let name = try arguments.required(key)
    return .object(["key": .string(name), "value": .optional(try store.workspaceValue(name))])
  }

  static let set = Command(
    CommandSpec(
      name: "workspace.set", words: ["workspace", "set"], tab: .data,
      summary: "Remember (or forget) a workspace value", params: [key, value],
      effect: .change(undoable: false), fronts: .workspace, result: "{key, value}",
      schema: .component(.workspaceValue),
      view: .keyValues)
  ) { store, arguments in
    let name = try arguments.required(key)
    try store.setWorkspaceValue(name, arguments[value])
    return .object(["key": .string(name), "value": .optional(arguments[value])])
  }
}
