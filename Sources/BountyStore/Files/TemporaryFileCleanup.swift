import Glibc

/// Removes the temporary file an `OutputSink` is writing when the process is stopped by SIGTERM,
/// SIGHUP or SIGINT, then lets the signal end the process as it would have. A signal some other
/// code already handles (an import's Ctrl-C, which rolls back and returns normally) is left alone:
/// the sink removes its file itself on that path.
enum TemporaryFileCleanup {
  /// The path being written, as a C string the signal handler can pass to `unlink`.
  nonisolated(unsafe) private static let path: UnsafeMutablePointer<CChar> = {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
    pointer.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
    return pointer
  }()
  nonisolated(unsafe) private static let armed: UnsafeMutablePointer<sig_atomic_t> = {
    let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return pointer
  }()
  nonisolated(unsafe) private static var installed = false

  /// Makes `temporary` the file to remove if a signal stops the process.
  static func arm(_ temporary: String) {
    let bytes = Array(temporary.utf8)
    guard bytes.count <= Int(PATH_MAX) else { return }
    armed.pointee = 0
    for (index, byte) in bytes.enumerated() { path[index] = CChar(bitPattern: byte) }
    path[bytes.count] = 0
    armed.pointee = 1
    installOnce()
  }

  /// The file is renamed into place or removed: nothing to clean up any more.
  static func disarm() {
    armed.pointee = 0
  }

  private static func installOnce() {
    guard !installed else { return }
    installed = true
    for signalNumber in [SIGTERM, SIGHUP, SIGINT] {
      var current = sigaction()
      sigaction(signalNumber, nil, &current)
      // Only a signal that would simply end the process gets the clean-up handler.
      guard current.__sigaction_handler.sa_handler == nil else { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        if TemporaryFileCleanup.armed.pointee != 0 { unlink(TemporaryFileCleanup.path) }
        signal(number, SIG_DFL)
        raise(number)
      }
      sigemptyset(&action.sa_mask)
      sigaction(signalNumber, &action, nil)
      // A parent may have started us with the signal blocked (test runners do).
      var mask = sigset_t()
      sigemptyset(&mask)
      sigaddset(&mask, signalNumber)
      pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }
  }
}
