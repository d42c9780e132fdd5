import BountyCore
import Glibc

/// A temporary file with no name: created in `$TMPDIR` (else `/tmp`) and unlinked at once, so it
/// never outlives the descriptor and nothing is left behind however the process ends.
public enum UnlinkedTemporaryFile {
  /// Opens a new one and answers its descriptor (the caller closes it); `prefix` names it while it
  /// exists (`bounty-answer`).
  public static func open(prefix: String) throws(BountyError) -> Int32 {
    let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(folder)/\(prefix)-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else {
      throw BountyError.io(
        "cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))")
    }
    template.withUnsafeBufferPointer { name in
      if let path = name.baseAddress { _ = unlink(path) }
    }
    return descriptor
  }
}
