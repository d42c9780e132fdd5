internal import BountyCommands
import BountyCore
internal import BountyStore

/// `rpc.discover`: the OpenRPC 1.3 document of every JSON-RPC method, built from the registry.
enum DiscoverCommand {
  static let command: Command = Command(
    CommandSpec(
      name: "rpc.discover", words: ["rpc", "discover"], tab: .data,
      summary: "Describe every JSON-RPC method (OpenRPC 1.3)", params: [], effect: .read,
      fronts: .rpc, result: "an OpenRPC document", schema: .component(.openRPC),
      view: .keyValues)
  ) { _, _ in OpenRPCDocument.build(Registry.standard) }
}

/// Builds the OpenRPC document from command declarations: each method's params with their JSON
/// Schemas, its result schema (usually a reference into `components.schemas`), and the errors.
public enum OpenRPCDocument {
  /// The application errors every method may answer, with the codes of docs/contract.md.
  static let errors: [JSON] = [
    .object(["code": -32001, "message": "not found"]),
    .object(["code": -32002, "message": "conflict"]),
    .object(["code": -32003, "message": "invalid value"]),
    .object(["code": -32004, "message": "refused"]),
    .object(["code": -32602, "message": "invalid params"]),
  ]

  public static func build(_ registry: Registry) -> JSON {
    let methods = registry.commands(for: .rpc).map { command -> JSON in
      let spec = command.spec
      let params = spec.params.filter { $0.fronts.contains(.rpc) }.map { param -> JSON in
        .object([
          "name": .string(param.name), "summary": .string(param.help),
          "required": .bool(param.required), "schema": param.jsonSchema,
        ])
      }
      return .object([
        "name": .string(spec.name), "summary": .string(spec.summary),
        "tags": [.object(["name": .string(spec.tab.rawValue)])],
        "paramStructure": "by-name", "params": .array(params),
        "result": .object([
          "name": "result", "summary": .string(spec.result), "schema": spec.schema.json,
        ]),
        "errors": .array(errors),
      ])
    }
    return .object([
      "openrpc": "1.3.2",
      "info": .object([
        "title": "bounty", "version": .string(BountyVersion.current),
        "description": "A case tracker for bounty hunters: JSON-RPC 2.0 over stdin/stdout.",
      ]),
      "methods": .array(methods),
      "components": .object(["schemas": SchemaComponent.all]),
    ])
  }
}
