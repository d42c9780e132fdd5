import BountyCore
import BountyStore

/// The terminal workspace's memory: the last tab and each tab's sort and filter, kept in the
/// database's `workspace` table so the next interactive session opens where the last one left off.
/// Terminal only (no JSON-RPC client has a workspace) and never an undo step.
enum WorkspaceCommands {
  static let commands = [get, set]

  static let key = ParamSpec(
    "key", .text(maxLength: 200, allowBlank: false), required: true, positional: true,
    help: "The workspace key, e.g. shell.tab or shell.fugitives.search")

  static let get = Command(
    CommandSpec(
      name: "workspace.get", words: ["workspace", "get"], tab: .database,
      summary: "Show a remembered value of the interactive workspace", params: [key],
      effect: .read, fronts: .terminal, result: "{key, value (null when not remembered)}")
  ) { store, arguments in
    let key = arguments.text("key") ?? ""
    return .object(["key": .string(key), "value": .optional(try store.workspaceValue(key))])
  }

  static let set = Command(
    CommandSpec(
      name: "workspace.set", words: ["workspace", "set"], tab: .database,
      summary: "Remember a value of the interactive workspace (no value forgets it)",
      params: [
        key,
        ParamSpec(
          "value", .text(maxLength: 1000, allowBlank: true), positional: true,
          help: "The value; absent forgets the key"),
      ],
      effect: .change(undoable: false), fronts: .terminal,
      result: "{key, value (null when forgotten)}")
  ) { store, arguments in
    let key = arguments.text("key") ?? ""
    let value = arguments.text("value")
    try store.setWorkspaceValue(key, value)
    return .object(["key": .string(key), "value": .optional(value)])
  }
}
