import BountyCore
import BountyStore

/// The lock a closed case puts on the commands that declare `locksOnClosedCase`: checked by the
/// dispatcher before the handler runs, inside the command's transaction.
public enum ClosedCaseGuard {
  /// Throws `refused` ("case N is closed; reopen it first") when the call would change a fugitive
  /// whose case is closed. A call that only reads (a photo read back) is never locked.
  public static func check(_ spec: CommandSpec, _ arguments: Arguments, _ store: Store) throws {
    guard !spec.locksOnClosedCase.isEmpty, !spec.onlyReads(arguments) else { return }
    var ids: [Int64] = []
    for name in spec.locksOnClosedCase {
      // A malformed list is the handler's to report; the guard checks what it can read.
      ids += (try? FugitiveIDs.parse(arguments.value(named: name), field: name)) ?? []
    }
    if let closed = try store.firstClosedCase(among: ids) {
      throw BountyError.refused(CaseFile.closedMessage(closed))
    }
  }
}

/// A list of Fugitive ID#s given as one parameter: `12 57 90` (or `12,57,90`) on the command line,
/// a JSON array of integers in JSON-RPC.
public enum FugitiveIDs {
  /// The ID#s in `value`, in order; `invalidParameter` naming `field` when one is not an ID#.
  public static func parse(_ value: ArgumentValue?, field: String) throws(BountyError) -> [Int64] {
    let words: [String]
    switch value {
    case nil: return []
    case .integer(let id)?: return [id]
    case .integers(let ids)?: return ids
    case .json(.array(let items))?:
      words = try items.map { item throws(BountyError) -> String in
        guard case .number(let digits) = item else {
          throw BountyError.invalidParameter(field: field, reason: "must be a list of ID#s")
        }
        return digits
      }
    case .json(.string(let text))?, .text(let text)?:
      words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    case .json(.number(let digits))?:
      words = [digits]
    default:
      throw BountyError.invalidParameter(field: field, reason: "must be a list of ID#s")
    }
    return try words.map { word throws(BountyError) -> Int64 in
      guard let id = Int64(word), Limits.fugitiveIDs.contains(id) else {
        throw BountyError.invalidParameter(
          field: field, reason: "\(SafeText.quoted(word)) is not an ID#")
      }
      return id
    }
  }
}
