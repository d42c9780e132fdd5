import Glibc

/// Bounds the memory a `--jq` filter takes: libjq has no allocation limit of its own
/// (`[range(1e8)]|length` grows past 900 MiB), and an address-space limit on the whole process
/// would fail bounty's own allocations too. While the filter runs a thread of its own reads the
/// resident size (`/proc/self/statm`) every 2 ms; once it is more than `limit` bytes above what it
/// was when the filter started, the process prints one line and exits with status 1 (a filter
/// runs after the command's own work, which is done by then).
final class JQMemoryWatch: @unchecked Sendable {
  // @unchecked: `stopped` is only touched with `mutex` held; the rest is set once.

  /// How far a filter may grow the resident size: 256 MiB.
  static let limit = 256 << 20

  private let ceiling: Int
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let wakeUp = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var stopped = false
  private var thread = pthread_t()
  private var started = false

  /// Starts watching from the resident size now.
  init() {
    ceiling = Self.residentBytes() + Self.limit
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(wakeUp, nil)
    let context = Unmanaged.passRetained(self).toOpaque()
    started =
      pthread_create(
        &thread, nil,
        { context in
          guard let context else { return nil }
          Unmanaged<JQMemoryWatch>.fromOpaque(context).takeRetainedValue().watch()
          return nil
        }, context) == 0
    if !started { Unmanaged<JQMemoryWatch>.fromOpaque(context).release() }
  }

  deinit {
    pthread_cond_destroy(wakeUp)
    pthread_mutex_destroy(mutex)
    wakeUp.deallocate()
    mutex.deallocate()
  }

  /// Ends the watch, waiting for its thread.
  func stop() {
    pthread_mutex_lock(mutex)
    stopped = true
    pthread_cond_signal(wakeUp)
    pthread_mutex_unlock(mutex)
    if started { pthread_join(thread, nil) }
    started = false
  }

  private func watch() {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !stopped {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      now.tv_nsec += 2_000_000
      if now.tv_nsec >= 1_000_000_000 {
        now.tv_sec += 1
        now.tv_nsec -= 1_000_000_000
      }
      pthread_cond_timedwait(wakeUp, mutex, &now)
      if !stopped, Self.residentBytes() > ceiling {
        Output.err(
          "Error: --jq: the filter needs more than \(Self.limit >> 20) MiB of memory; stopped")
        _exit(1)
      }
    }
  }

  /// The process's resident size in bytes (0 when /proc cannot be read).
  static func residentBytes() -> Int {
    let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return 0 }
    // "size resident shared …", in pages.
    let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
      return 0
    }
    return pages * sysconf(Int32(_SC_PAGESIZE))
  }
}
