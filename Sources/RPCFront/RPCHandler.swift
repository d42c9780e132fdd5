import BountyApp
import BountyCore

/// Answers one line of JSON-RPC 2.0: a request, a notification or a batch. Pure request → response;
/// it never throws and never ends the process, whatever the input.
public struct RPCHandler {
  let dispatcher: Dispatcher
  /// Which files requests may name (none unless `bounty rpc --files DIR`).
  let files: RPCFileAccess

  public init(dispatcher: Dispatcher, files: RPCFileAccess = .none) {
    self.dispatcher = dispatcher
    self.files = files
  }

  /// The response line for `line`, or nil when nothing is to be answered (notifications only, or a
  /// blank line).
  public func handle(line: [UInt8]) -> String? {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
    let message: JSON
    do {
      message = try JSONParser.parse(line)
    } catch {
      return Self.errorResponse(id: .null, code: -32700, message: "Parse error: \(error.message)")
    }
    if case .array(let members) = message {
      if members.isEmpty {
        return Self.errorResponse(id: .null, code: -32600, message: "Invalid Request: empty batch")
      }
      let responses = members.compactMap(handle(request:))
      return responses.isEmpty ? nil : "[" + responses.joined(separator: ",") + "]"
    }
    return handle(request: message)
  }

  /// The response to one request object, or nil for a notification.
  func handle(request: JSON) -> String? {
    var text: [UInt8] = []
    let answered = respond(to: request) { piece in
      text.append(contentsOf: piece)
      return true
    }
    return answered == .nothing ? nil : String(decoding: text, as: UTF8.self)
  }

  /// What answering one request did.
  enum Outcome {
    /// A notification: nothing was written.
    case nothing
    case written
    /// `emit` refused a piece (or a spooled document could not be read back).
    case failed
  }

  /// Answers one request object, handing its response to `emit` in pieces of about 64 KiB:
  /// `prefix` first (a batch's `[` or `,`), then the response, written from the result as it is
  /// serialised, so a large result (a photo's base64) is never copied whole into a response.
  /// Nothing at all for a notification.
  func respond(to request: JSON, prefix: [UInt8] = [], emit: @escaping ([UInt8]) -> Bool)
    -> Outcome
  {
    guard let response = response(to: request) else { return .nothing }
    var writer = JSONChunkWriter(emit: emit)
    writer.append(prefix)
    switch response {
    case .error(let text):
      writer.append(Array(text.utf8))
    case .result(let result, let id):
      writer.append(#"{"jsonrpc":"2.0","result":"#)
      // Written from the typed answer as it goes (a large document copied in from its file).
      do {
        try result.writeJSON(to: &writer)
      } catch {
        return .failed
      }
      writer.append(#","id":"#)
      writer.write(id)
      writer.append("}")
    }
    return writer.finish() ? .written : .failed
  }

  /// A response before it is written: an error's whole text, or a result and the request's id.
  private enum Response {
    case error(String)
    case result(any Answer, id: JSON)
  }

  /// The response to one request object, or nil for a notification.
  private func response(to request: JSON) -> Response? {
    guard case .object(let object) = request else {
      return .error(
        Self.errorResponse(
          id: .null, code: -32600, message: "Invalid Request: expected an object"))
    }
    let id: JSON
    switch object["id"] {
    case nil: id = .null
    case .string?, .number?, .null?: id = object["id"] ?? .null
    default:
      return .error(
        Self.errorResponse(
          id: .null, code: -32600, message: "Invalid Request: id must be a string, number or null"))
    }
    let isNotification = object["id"] == nil
    guard object["jsonrpc"] == .string("2.0") else {
      return .error(
        Self.errorResponse(
          id: id, code: -32600, message: "Invalid Request: jsonrpc must be \"2.0\""))
    }
    guard case .string(let method)? = object["method"] else {
      return .error(
        Self.errorResponse(
          id: id, code: -32600, message: "Invalid Request: method must be a string"))
    }
    let params: JSONObject
    switch object["params"] {
    case nil: params = JSONObject()
    case .object(let given)?: params = given
    case .array?:
      return reply(
        isNotification,
        Self.errorResponse(
          id: id, code: -32602, message: "Invalid params: params must be an object (by name)"))
    default:
      return .error(
        Self.errorResponse(
          id: id, code: -32600, message: "Invalid Request: params must be an object"))
    }
    switch dispatcher.answer(method, params: params, openingPaths: files.open) {
    case .success(let result):
      return isNotification ? nil : .result(result, id: id)
    case .failure(let error):
      return reply(isNotification, Self.errorResponse(id: id, error: error))
    }
  }

  private func reply(_ isNotification: Bool, _ response: String) -> Response? {
    isNotification ? nil : .error(response)
  }

  /// An error response for a `BountyError` (its own code), with `data.field` for invalid values.
  static func errorResponse(id: JSON, error: BountyError) -> String {
    var data: JSON? = nil
    switch error {
    case .invalid(let field, _), .invalidParameter(let field, _):
      data = .object(["field": .string(field), "reason": .string(error.reason() ?? "")])
    case .invalidRows(let field, let count, let details):
      data = .object([
        "field": .string(field), "count": .int(count), "errors": .array(details.map(JSON.string)),
      ])
    default:
      break
    }
    let message: String
    if case .unknownMethod(let name) = error {
      message = "Method not found: \(name)"
    } else {
      message = error.message
    }
    return errorResponse(id: id, code: error.rpcCode, message: message, data: data)
  }

  static func errorResponse(id: JSON, code: Int, message: String, data: JSON? = nil) -> String {
    var error: JSONObject = ["code": .int(code), "message": .string(message)]
    if let data { error["data"] = data }
    let response: JSON = .object(["jsonrpc": "2.0", "error": .object(error), "id": id])
    return response.serialized
  }
}
