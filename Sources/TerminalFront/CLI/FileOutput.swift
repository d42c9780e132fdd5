import BountyCore
import Glibc

/// Writes files the user asked for (`--output`, `--export`): whole or not at all. The bytes go to a
/// temporary file beside the target, are flushed to disk, then renamed over it.
public enum FileOutput {
  public static func write(_ bytes: [UInt8], to path: String) throws(BountyError) {
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw BountyError.io("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    var offset = 0
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure == 0 && fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == 0 && rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw BountyError.io("cannot write \(path): \(String(cString: strerror(failure)))")
    }
  }
}
