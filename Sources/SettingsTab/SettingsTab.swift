import BountyCore
import BountyStore

/// The Settings tab: typed, validated settings with defaults.
public enum SettingsTab {
  public static let commands: [Command] = [list, get, set, reset]

  static let key = ParamSpec(
    "key", .choice(SettingKey.allCases.map(\.rawValue)), required: true, positional: true,
    help: "The setting's key")

  /// `{key, value, default, isDefault, help}` for one setting.
  static func json(_ store: Store, _ key: SettingKey) throws -> JSON {
    let value = try store.settingText(key)
    return .object([
      "key": .string(key.rawValue), "value": key.json(value),
      "default": key.json(key.defaultValue), "isDefault": .bool(value == key.defaultValue),
      "help": .string(key.help),
    ])
  }

  static func settingKey(_ arguments: Arguments) -> SettingKey {
    SettingKey(rawValue: arguments.text("key") ?? "") ?? .hunterName
  }

  static let list = Command(
    CommandSpec(
      name: "settings.list", words: ["settings", "list"], tab: .settings,
      summary: "List every setting with its value and default", params: [], effect: .read,
      result: "{items: [setting], total}")
  ) { store, _ in
    let items = try SettingKey.allCases.map { try json(store, $0) }
    return .object(["items": .array(items), "total": .int(items.count)])
  }

  static let get = Command(
    CommandSpec(
      name: "settings.get", words: ["settings", "get"], tab: .settings,
      summary: "Show one setting", params: [key], effect: .read, result: "the setting")
  ) { store, arguments in
    try json(store, settingKey(arguments))
  }

  static let set = Command(
    CommandSpec(
      name: "settings.set", words: ["settings", "set"], tab: .settings,
      summary: "Change a setting",
      params: [
        key,
        ParamSpec("value", .any, required: true, positional: true, help: "The new value"),
      ],
      effect: .change(undoable: true), result: "the setting")
  ) { store, arguments in
    let key = settingKey(arguments)
    let value = try key.validate(arguments.json("value") ?? .null)
    if key == .currency { try CurrencyChange.rescale(store, to: value) }
    try store.storeSetting(key, value)
    return try json(store, key)
  }

  static let reset = Command(
    CommandSpec(
      name: "settings.reset", words: ["settings", "reset"], tab: .settings,
      summary: "Put a setting back to its default", params: [key],
      effect: .change(undoable: true), result: "the setting")
  ) { store, arguments in
    let key = settingKey(arguments)
    if key == .currency { try CurrencyChange.rescale(store, to: key.defaultValue) }
    try store.storeSetting(key, key.defaultValue)
    return try json(store, key)
  }
}
