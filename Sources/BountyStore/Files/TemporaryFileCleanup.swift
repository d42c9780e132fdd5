import Glibc

/// Removes the files a command is writing under a temporary name when the process is stopped by
/// SIGTERM, SIGHUP or SIGINT, then lets the signal end the process as it would have: an
/// `OutputSink`'s temporary file, and a new roster being built under its scratch name
/// (`Store.open(path:building:)`). A signal some other code already handles (an import's Ctrl-C,
/// which rolls back and returns normally) is left alone: the command removes its files itself on
/// that path.
enum TemporaryFileCleanup {
  /// What a temporary file is; each kind has a slot of its own, as a command may have one of each.
  enum Kind: Int, CaseIterable {
    /// An `OutputSink`'s file, renamed into place when it is whole.
    case output
    /// A new roster, linked to its name when its command succeeded.
    case newRoster
  }

  /// Each slot's path, as a C string the signal handler can pass to `unlink`.
  nonisolated(unsafe) private static let paths: [UnsafeMutablePointer<CChar>] = Kind.allCases.map {
    _ in
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
    pointer.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
    return pointer
  }
  nonisolated(unsafe) private static let armed: UnsafeMutablePointer<sig_atomic_t> = {
    let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: Kind.allCases.count)
    pointer.initialize(repeating: 0, count: Kind.allCases.count)
    return pointer
  }()
  nonisolated(unsafe) private static var installed = false

  /// Makes `temporary` the file of `kind` to remove if a signal stops the process.
  static func arm(_ temporary: String, as kind: Kind = .output) {
    let bytes = Array(temporary.utf8)
    guard bytes.count <= Int(PATH_MAX) else { return }
    let path = paths[kind.rawValue]
    armed[kind.rawValue] = 0
    for (index, byte) in bytes.enumerated() { path[index] = CChar(bitPattern: byte) }
    path[bytes.count] = 0
    armed[kind.rawValue] = 1
    installOnce()
  }

  /// The file of `kind` is renamed into place or removed: nothing to clean up any more.
  static func disarm(_ kind: Kind = .output) {
    armed[kind.rawValue] = 0
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
        for slot in 0..<TemporaryFileCleanup.paths.count
        where TemporaryFileCleanup.armed[slot] != 0 {
          unlink(TemporaryFileCleanup.paths[slot])
        }
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
