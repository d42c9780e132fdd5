import BountyCore
import BountyStore

/// A command: its declaration and the handler that runs it against the store. The dispatcher calls
/// the handler inside one transaction, after checking and decoding the arguments against the
/// declaration, so the handler reads typed values (`arguments.required(Params.id)`).
public struct Command: Sendable {
  public let spec: CommandSpec
  public let handler: @Sendable (Store, Arguments) throws -> JSON

  public init(_ spec: CommandSpec, handler: @escaping @Sendable (Store, Arguments) throws -> JSON) {
    self.spec = spec
    self.handler = handler
  }
}
