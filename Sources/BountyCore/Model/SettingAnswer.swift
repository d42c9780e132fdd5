/// One setting as the settings commands answer it: its key, its value as kept (text in the
/// canonical form `SettingKey.validate` gives), and the config file a preference is kept in. Its
/// JSON is `{key, value, default, isDefault, help, scope, file?}` (docs/contract.md), the value
/// typed by the key (`confirm.delete` a boolean, `history.limit` a number, the rest strings).
public struct Setting: Equatable, Sendable {
  public var key: SettingKey
  /// The value as text: `true`, `20`, `USD`; empty when not set.
  public var value: String
  /// The config file a personal preference is kept in; nil for a roster setting, or when there is
  /// no config file.
  public var file: String?

  public init(key: SettingKey, value: String, file: String? = nil) {
    self.key = key
    self.value = value
    self.file = key.scope == .personal ? file : nil
  }

  /// True when the value is the key's default.
  public var isDefault: Bool { value == key.defaultValue }

  /// The value as a person reads it: `(not set)` for an empty one.
  public var shownValue: String { value.isEmpty ? "(not set)" : value }
}

extension Setting: ListItem {
  /// The members in the order the answer has them.
  private static let memberNames = [
    "key", "value", "default", "isDefault", "help", "scope", "file",
  ]

  public func member(_ name: String) -> JSON? {
    switch name {
    case "key": return .string(key.rawValue)
    case "value": return key.json(value)
    case "default": return key.json(key.defaultValue)
    case "isDefault": return .bool(isDefault)
    case "help": return .string(key.help)
    case "scope": return .string(key.scope.rawValue)
    case "file": return file.map(JSON.string)
    default: return nil
    }
  }

  public var json: JSON {
    var object = JSONObject()
    for name in Self.memberNames {
      if let value = member(name) { object[name] = value }
    }
    return .object(object)
  }
}

/// A whole list as `{items, total}`: every item, and how many there are (the settings).
public struct ItemList<Item: ListItem & Equatable>: Equatable, Sendable {
  public var items: [Item]

  public init(_ items: [Item]) { self.items = items }
}

extension ItemList: Answer {
  public var json: JSON {
    .object(["items": .array(items.map(\.json)), "total": .int(items.count)])
  }

  public func writeJSON(to writer: inout JSONChunkWriter) throws {
    writer.append(#"{"items":"#)
    try writer.writeArray(items)
    writer.append(#","total":"#)
    writer.write(.int(items.count))
    writer.append("}")
  }
}
