import BountyCore
import BountyStore

/// A command: its declaration and the handler that runs it against the store. The dispatcher calls
/// the handler inside one transaction, after checking and decoding the arguments against the
/// declaration, so the handler reads typed values (`arguments.required(Params.id)`), and answers a
/// typed value (`Answer`: a `FugitivePage` for the views that list fugitives, a `Fugitive`, a
/// spooled document, or `JSON`) that each front writes straight to its output.
public struct Command: Sendable {
  public let spec: CommandSpec
  public let handler: @Sendable (Store, Arguments) throws -> any Answer
  /// The answer for arguments that need no database (`completions bash` prints a script the
  /// registry alone makes), or nil for those that do: a front then opens no database at all.
  public let answerWithoutDatabase: (@Sendable (Arguments) throws -> JSON?)?
  /// For a list: hands over every item that matches (no page, no cap) as the rows are read, for the
  /// terminal's streamed formats (`--format csv|tsv|ndjson`); nil where the result's own items are
  /// all there is.
  public let items: Items?

  /// Hands `each` every item a list matches, as its rows are read.
  public typealias Items =
    @Sendable (Store, Arguments, (any ListItem) throws -> Void) throws -> Void

  /// A command whose answer is a JSON value.
  public init(
    _ spec: CommandSpec, items: Items? = nil,
    handler: @escaping @Sendable (Store, Arguments) throws -> JSON
  ) {
    self.init(spec, items: items, answering: { try handler($0, $1) })
  }

  /// A command whose answer is a typed value (`FugitivePage`, `Fugitive`, a document).
  public init(
    _ spec: CommandSpec, items: Items? = nil,
    answering handler: @escaping @Sendable (Store, Arguments) throws -> any Answer
  ) {
    self.spec = spec
    self.items = items
    self.handler = handler
    self.answerWithoutDatabase = nil
  }

  /// A command that answers some arguments without a database (`withoutDatabase`, nil when the
  /// arguments need one) and the others through `handler`.
  public init(
    _ spec: CommandSpec,
    withoutDatabase: @escaping @Sendable (Arguments) throws -> JSON?,
    handler: @escaping @Sendable (Store, Arguments) throws -> JSON
  ) {
    self.spec = spec
    self.items = nil
    self.handler = { try handler($0, $1) }
    self.answerWithoutDatabase = withoutDatabase
  }
}
