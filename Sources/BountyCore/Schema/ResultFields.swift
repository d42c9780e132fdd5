/// The fields a caller may pick from a result (`--json id,name`), read from its declared schema.
public struct FieldChoice: Equatable, Sendable {
  /// The member holding the list when the result is a list (`items`), else nil: fields are then
  /// the result's own members.
  public let listKey: String?
  /// Every field, in schema order.
  public let fields: [String]
  /// The fields whose values are single values (text, number, flag, or null), the default columns
  /// of CSV and TSV.
  public let scalarFields: [String]
}

extension ResultSchema {
  /// What fields the result offers, or nil when the schema declares none.
  public var fieldChoice: FieldChoice? {
    guard let object = Self.objectSchema(json) else { return nil }
    let properties = object["properties"]?.objectValue ?? JSONObject()
    if let items = properties["items"], items["type"] == "array",
      let item = items["items"].flatMap(Self.objectSchema)
    {
      return Self.choice(item, listKey: "items")
    }
    return Self.choice(object, listKey: nil)
  }

  private static func choice(_ object: JSON, listKey: String?) -> FieldChoice {
    let members = object["properties"]?.objectValue?.members ?? []
    return FieldChoice(
      listKey: listKey, fields: members.map(\.key),
      scalarFields: members.filter { isScalar($0.value) }.map(\.key))
  }

  /// The object schema `schema` names, following a `$ref` into the components and merging the
  /// members of `oneOf` choices.
  static func objectSchema(_ schema: JSON) -> JSON? {
    let resolved = resolve(schema)
    if resolved["type"] == "object" { return resolved }
    guard let choices = resolved["oneOf"]?.arrayValue else { return nil }
    var merged = JSONObject()
    for choice in choices {
      for (key, value) in objectSchema(choice)?["properties"]?.objectValue?.members ?? [] {
        if merged[key] == nil { merged[key] = value }
      }
    }
    return merged.count == 0 ? nil : .object(["type": "object", "properties": .object(merged)])
  }

  private static func resolve(_ schema: JSON) -> JSON {
    guard let reference = schema["$ref"]?.stringValue,
      let component = SchemaComponent(rawValue: String(reference.split(separator: "/").last ?? ""))
    else { return schema }
    return component.schema
  }

  private static func isScalar(_ schema: JSON) -> Bool {
    let resolved = resolve(schema)
    if let choices = resolved["oneOf"]?.arrayValue { return choices.allSatisfy(isScalar) }
    switch resolved["type"] {
    case .string(let type)?: return !["object", "array"].contains(type)
    case .array(let types)?: return !types.contains("object") && !types.contains("array")
    default: return false
    }
  }
}
