import BountyCore
import Glibc

/// A batch answered member by member: each request is parsed, run and its response written before
/// the next is parsed, so a batch of many large answers (ten pages of 10,000 fugitives) holds one
/// answer at a time, not all of them. The bytes on the wire are exactly what answering the whole
/// batch at once would give.
struct RPCBatchStream {
  let handler: RPCHandler

  /// The members of `line` when it is a non-empty JSON array whose every member parses; nil when
  /// the line is something else (a single request, `[]`, or not JSON), which `RPCHandler` answers.
  static func members(of line: [UInt8]) -> [[UInt8]]? {
    guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }),
      first == UInt8(ascii: "[")
    else { return nil }
    var stream = JSONArrayStream()
    guard let members = try? stream.feed(line), (try? stream.finish()) != nil, !members.isEmpty,
      members.allSatisfy({ (try? JSONParser.parse($0)) != nil })
    else { return nil }
    return members
  }

  /// Answers each member in order, handing each piece of the response array to `emit` as it is
  /// written; nothing at all when every member is a notification. Returns false when `emit`
  /// failed.
  func answer(_ members: [[UInt8]], emit: @escaping ([UInt8]) -> Bool) -> Bool {
    var opened = false
    for member in members {
      guard let request = try? JSONParser.parse(member) else { continue }
      let prefix = [opened ? UInt8(ascii: ",") : UInt8(ascii: "[")]
      switch handler.respond(to: request, prefix: prefix, emit: emit) {
      case .nothing: continue
      case .written: opened = true
      case .failed: return false
      }
    }
    return opened ? emit(Array("]\n".utf8)) : true
  }
}
