import CLibPQ
import Glibc

/// Cancels the statement a connection is running once a flag (set by a Ctrl-C handler) is
/// non-zero. libpq blocks while a statement runs, so a thread of its own watches: it looks every
/// 50 ms and, when a statement is running and the flag is set, sends one cancel request
/// (`PQcancel`, which is safe from any thread) for that statement.
final class PostgresCanceller: @unchecked Sendable {
  // @unchecked: `running`, `cancelSent` and `stopped` are only touched with `mutex` held; the
  // rest is set once.

  private let api: LibPQ
  private let cancel: OpaquePointer
  private let flag: UnsafeMutablePointer<sig_atomic_t>
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let wakeUp = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var running = false
  private var cancelSent = false
  private var stopped = false
  private var thread = pthread_t()

  /// How often the flag is looked at.
  static let pollNanoseconds = 50_000_000

  /// Starts watching; `cancel` (from `PQgetCancel`) is freed by `stop`.
  init?(api: LibPQ, cancel: OpaquePointer, flag: UnsafeMutablePointer<sig_atomic_t>) {
    self.api = api
    self.cancel = cancel
    self.flag = flag
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(wakeUp, nil)
    let context = Unmanaged.passRetained(self).toOpaque()
    let started = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        let canceller = Unmanaged<PostgresCanceller>.fromOpaque(context).takeRetainedValue()
        canceller.watch()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<PostgresCanceller>.fromOpaque(context).release()
      api.freeCancel(cancel)
      return nil
    }
  }

  deinit {
    pthread_cond_destroy(wakeUp)
    pthread_mutex_destroy(mutex)
    wakeUp.deallocate()
    mutex.deallocate()
  }

  /// Called before a statement is sent.
  func statementStarted() {
    // No wake-up: the watcher looks every `pollNanoseconds` anyway, and waking a thread for each of
    // thousands of short statements cost more than the statements on two cores.
    pthread_mutex_lock(mutex)
    running = true
    cancelSent = false
    pthread_mutex_unlock(mutex)
  }

  /// Called when its result has arrived.
  func statementEnded() {
    pthread_mutex_lock(mutex)
    running = false
    pthread_mutex_unlock(mutex)
  }

  /// True when a cancel request was sent for the statement started last: its `query_canceled`
  /// is bounty's own (Ctrl-C), not the server's `statement_timeout`.
  var sentCancel: Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return cancelSent
  }

  /// Ends the watcher thread (waiting for it) and frees the cancel object.
  func stop() {
    pthread_mutex_lock(mutex)
    stopped = true
    pthread_cond_signal(wakeUp)
    pthread_mutex_unlock(mutex)
    pthread_join(thread, nil)
    api.freeCancel(cancel)
  }

  private func watch() {
    pthread_mutex_lock(mutex)
    while !stopped {
      if running && flag.pointee != 0 && !cancelSent {
        cancelSent = true
        pthread_mutex_unlock(mutex)
        var reason = [CChar](repeating: 0, count: 256)
        _ = api.cancel(cancel, &reason, Int32(reason.count))
        pthread_mutex_lock(mutex)
        continue
      }
      // Until the next look, or until `stop` wakes it.
      var deadline = timespec()
      clock_gettime(CLOCK_REALTIME, &deadline)
      let nanoseconds = deadline.tv_nsec + Self.pollNanoseconds
      deadline.tv_sec += nanoseconds / 1_000_000_000
      deadline.tv_nsec = nanoseconds % 1_000_000_000
      pthread_cond_timedwait(wakeUp, mutex, &deadline)
    }
    pthread_mutex_unlock(mutex)
  }
}
