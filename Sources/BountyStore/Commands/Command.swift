import BountyCore

/// A command: its declaration and the handler that runs it against the store. The dispatcher calls
/// the handler inside one transaction, after checking the arguments against the declaration.
public struct Command: Sendable {
  public let spec: CommandSpec
  public let handler: @Sendable (Store, Arguments) throws -> JSON

  public init(_ spec: CommandSpec, handler: @escaping @Sendable (Store, Arguments) throws -> JSON) {
    self.spec = spec
    self.handler = handler
  }
}
