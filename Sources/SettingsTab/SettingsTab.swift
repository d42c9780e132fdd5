import BountyCommands
import BountyCore
import BountyStore

/// The Settings tab: typed, validated settings with defaults.
public enum SettingsTab {
  public static let commands: [Command] = [list, get, set, reset]

  static let key = Param.choice(
    "key", SettingKey.self, required: true, positional: true, help: "The setting's key")
  static let value = Param.any("value", required: true, positional: true, help: "The new value")

  /// The setting `key` as it stands, with the config file a preference is kept in.
  static func setting(_ store: Store, _ key: SettingKey) throws -> Setting {
    Setting(key: key, value: try store.settingText(key), file: store.preferences?.path)
  }

  static let list = Command(
    CommandSpec(
      name: "settings.list", words: ["settings", "list"], tab: .settings,
      summary: "List every setting with its value and default", params: [], effect: .read,
      result: "{items: [setting], total}",
      schema: .component(.settingList),
      view: .settingsTable, role: .listSettings)
  ) { store, _ in
    ItemList(try SettingKey.allCases.map { try setting(store, $0) })
  }

  static let get = Command(
    CommandSpec(
      name: "settings.get", words: ["settings", "get"], tab: .settings,
      summary: "Show one setting", params: [key], effect: .read, result: "the setting",
      schema: .component(.setting),
      view: .setting, role: .readSetting)
  ) { store, arguments in
    try setting(store, arguments.required(key))
  }

  static let set = Command(
    CommandSpec(
      name: "settings.set", words: ["settings", "set"], tab: .settings,
      summary: "Change a setting",
      params: [key, value], effect: .change(undoable: true), result: "the setting",
      schema: .component(.setting),
      view: .setting, role: .changeSetting)
  ) { store, arguments in
    let setting = try arguments.required(key)
    let valid = try setting.validate(arguments.required(value))
    if setting == .currency { try CurrencyChange.check(store, to: valid) }
    try store.storeSetting(setting, valid)
    return try Self.setting(store, setting)
  }

  static let reset = Command(
    CommandSpec(
      name: "settings.reset", words: ["settings", "reset"], tab: .settings,
      summary: "Put a setting back to its default", params: [key],
      effect: .change(undoable: true), result: "the setting", schema: .component(.setting),
      view: .setting, role: .resetSetting)
  ) { store, arguments in
    let setting = try arguments.required(key)
    if setting == .currency { try CurrencyChange.check(store, to: setting.defaultValue) }
    try store.storeSetting(setting, setting.defaultValue)
    return try Self.setting(store, setting)
  }
}
