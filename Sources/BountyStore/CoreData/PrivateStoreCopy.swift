import BountyCore
import Glibc

/// A copy of a SQLite file with its `-wal` (and `-shm`, `-journal` when they are there) in a
/// private folder (mode 0700 in `$TMPDIR`, else `/tmp`), for reading a file that must not be
/// written: SQLite, even read-only, writes or creates the `-shm` of a file in WAL mode and rolls a
/// hot journal back. The copy may be written; `remove()` deletes it and its folder.
final class PrivateStoreCopy {
  /// The copied file's path.
  let path: String
  private let folder: String

  /// The companions copied beside the file when they exist.
  static let companions = ["-wal", "-shm", "-journal"]

  /// Copies `source` and its companions; throws `.io` naming `source` when it cannot.
  init(of source: String) throws(BountyError) {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
    var template = Array("\(base ?? "/tmp")/bounty-store-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard let made else {
      throw BountyError.io(
        "cannot copy \(source) to read it: \(String(cString: strerror(errno)))")
    }
    folder = String(cString: made)
    path = folder + "/store.sqlite"
    do throws(BountyError) {
      try Self.copy(source, to: path, required: true)
      for suffix in Self.companions {
        try Self.copy(source + suffix, to: path + suffix, required: false)
      }
    } catch {
      remove()
      throw error
    }
  }

  /// Deletes the copy, whatever SQLite left beside it, and its folder.
  func remove() {
    unlink(path)
    for suffix in Self.companions { unlink(path + suffix) }
    rmdir(folder)
  }

  /// Copies the file at `source` to a new file `target` (mode 0600); a missing `source` that is
  /// not `required` copies nothing.
  private static func copy(_ source: String, to target: String, required: Bool) throws(BountyError)
  {
    let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard input >= 0 else {
      if errno == ENOENT && !required { return }
      throw BountyError.io("cannot read \(source): \(String(cString: strerror(errno)))")
    }
    defer { close(input) }
    let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard output >= 0 else {
      throw BountyError.io("cannot copy \(source): \(String(cString: strerror(errno)))")
    }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw BountyError.io("cannot read \(source): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return }
      var offset = 0
      while offset < count {
        let written = buffer.withUnsafeBytes {
          write(output, $0.baseAddress.map { $0 + offset }, count - offset)
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          throw BountyError.io("cannot copy \(source): \(String(cString: strerror(errno)))")
        }
        offset += written
      }
    }
  }
}
