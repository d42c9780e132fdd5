internal import BountyCommands
import BountyCore
internal import BountyStore

/// The terminal workspace's memory: the last tab and each tab's sort and filter, kept in the
/// database's `workspace` table so the next interactive session opens where the last one left off.
/// Terminal only (no JSON-RPC client has a workspace) and never an undo step.
enum WorkspaceCommands {
  static let commands: [Command] = [get, set]

  static let key = Param.text(
    "key", maxLength: 200, allowBlank: false, required: true, positional: true,
    help: "The workspace key, e.g. shell.tab or shell.fugitives.search")
  static let value = Param.text(
    "value", maxLength: 1000, positional: true, keepsSpaces: true,
    help: "The value; absent forgets the key")

  static let get = Command(
    CommandSpec(
      name: "workspace.get", words: ["workspace", "get"], tab: .database,
      summary: "Show a remembered value of the interactive workspace", params: [key],
      effect: .read, fronts: .terminal, result: "{key, value (null when not remembered)}",
      schema: .component(.workspaceValue), view: .keyValues, role: .recallView)
  ) { store, arguments in
    let name = try arguments.required(key)
    return .object(["key": .string(name), "value": .optional(try store.workspaceValue(name))])
  }

  static let set = Command(
    CommandSpec(
      name: "workspace.set", words: ["workspace", "set"], tab: .database,
      summary: "Remember a value of the interactive workspace (no value forgets it)",
      params: [key, value], effect: .change(undoable: false), fronts: .terminal,
      result: "{key, value (null when forgotten)}", schema: .component(.workspaceValue),
      view: .keyValues, role: .rememberView)
  ) { store, arguments in
    let name = try arguments.required(key)
    try store.setWorkspaceValue(name, arguments[value])
    return .object(["key": .string(name), "value": .optional(arguments[value])])
  }
}
