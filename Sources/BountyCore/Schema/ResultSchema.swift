/// The JSON Schema of a command's result, declared with the command: `rpc.discover` publishes it
/// and a test validates every reply against it. Most results are one of the shared
/// `SchemaComponent`s, referenced by name.
public struct ResultSchema: Sendable {
  /// The schema itself (often a `$ref` into `components.schemas`).
  public let json: JSON

  public init(_ json: JSON) {
    self.json = json
  }

  /// No schema declared: `rpc.discover` publishes `{}` and a test fails until one is.
  public static let unspecified = ResultSchema(.object([:]))

  /// One shared component: `{"$ref": "#/components/schemas/Fugitive"}`.
  public static func component(_ component: SchemaComponent) -> ResultSchema {
    ResultSchema(component.reference)
  }

  /// Any one of several shapes (a command whose answer depends on its params).
  public static func oneOf(_ choices: ResultSchema...) -> ResultSchema {
    ResultSchema(.object(["oneOf": .array(choices.map(\.json))]))
  }
}
