import BountyCore
import CLibJQ
import Glibc

/// One run of a `--jq` filter, on a thread of its own, with its memory bounded.
///
/// libjq has no allocation limit of its own (`[range(1e8)]|length` grows past 900 MiB) and no way
/// to stop a filter from outside; an address-space limit on the whole process would fail bounty's
/// own allocations too (and libjq aborts when one of its allocations fails). So the filter runs on
/// a thread of its own (`stackSize`) while the calling thread waits for it, reading the resident
/// size (`/proc/self/statm`) every 2 ms. Once that is more than `limit` bytes above what it was
/// when the filter started, `wait` stops waiting and throws: the error takes the normal way out,
/// one line on standard error, the database closed as after any command (its WAL checkpointed
/// into the file and the `-wal` and `-shm` files removed; a PostgreSQL connection ended properly)
/// and exit 1. The watching thread used to `_exit(1)` there, which closed nothing: the `-wal` and
/// `-shm` files stayed beside the roster, and a change made just before sat in the `-wal` file
/// only.
///
/// The filter's thread cannot be stopped, so it is left to end with the process, moments later: it
/// writes nothing more (each output and each `debug` line is written with `mutex` held, only while
/// the run is waited for), and what it holds, the `JQFilter` and its libjq state included, is
/// never freed under it.
final class JQRun: @unchecked Sendable {
  // @unchecked: `ending` and `abandoned` are only touched with `mutex` held; the rest is set once.

  /// How far a filter may grow the resident size: 256 MiB.
  static let limit = 256 << 20

  /// The filter's thread's stack: 1 GiB of address space, pages used only as touched. libjq
  /// recurses on the C stack through a deeply nested value (printing or freeing it: `reduce
  /// range(3e6) as $i (null; [.])` ran out of 64 MiB). The stack's pages count in the resident
  /// size the run watches, and this is four times `limit`, so a recursion deep enough to run out
  /// of it is stopped by the memory bound first, as any other filter that grows too far.
  static let stackSize = 1 << 30

  /// How a run ended.
  enum Ending {
    /// The filter ran to its end.
    case finished
    /// `halt` or `halt_error`: the status asked for, and the message to write, if any.
    case halted(status: Int32, message: String?)
    /// A run-time error of jq, or an answer libjq cannot read.
    case failed(BountyError)
  }

  private let filter: JQFilter
  private let json: String
  private let output: (String) -> Void
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let wakeUp = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var ending: Ending?
  private var abandoned = false

  /// A run of `filter` on `json` that hands each output line to `output`.
  init(_ filter: JQFilter, on json: String, output: @escaping (String) -> Void) {
    self.filter = filter
    self.json = json
    self.output = output
    pthread_mutex_init(mutex, nil)
    // The watch's 2 ms waits are measured on the monotonic clock: a change of the wall clock
    // cannot stretch one.
    var condition = pthread_condattr_t()
    pthread_condattr_init(&condition)
    pthread_condattr_setclock(&condition, CLOCK_MONOTONIC)
    pthread_cond_init(wakeUp, &condition)
    pthread_condattr_destroy(&condition)
  }

  deinit {
    pthread_cond_destroy(wakeUp)
    pthread_mutex_destroy(mutex)
    wakeUp.deallocate()
    mutex.deallocate()
  }

  /// Runs the filter on a thread of its own and waits for its end; throws, leaving the thread
  /// behind (see the type's comment), once the filter has grown the resident size by more than
  /// `limit`. A filter whose memory cannot be watched (no `/proc/self/statm`) or that gets no
  /// thread (not even with a smaller stack) does not run: it would run unbounded.
  func wait() throws(BountyError) -> Ending {
    guard let resident = Self.residentBytes() else {
      throw BountyError.io("--jq: cannot watch the filter's memory (/proc/self/statm); not run")
    }
    let ceiling = resident + Self.limit
    guard let thread = startThread() else {
      throw BountyError.io("--jq: cannot start a thread for the filter; not run")
    }
    pthread_mutex_lock(mutex)
    while ending == nil {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      now.tv_nsec += 2_000_000
      if now.tv_nsec >= 1_000_000_000 {
        now.tv_sec += 1
        now.tv_nsec -= 1_000_000_000
      }
      pthread_cond_timedwait(wakeUp, mutex, &now)
      if ending == nil, Self.residentBytes() ?? Int.max > ceiling {
        abandoned = true
        pthread_mutex_unlock(mutex)
        pthread_detach(thread)
        throw BountyError.io(
          "--jq: the filter needs more than \(Self.limit >> 20) MiB of memory; stopped")
      }
    }
    let end = ending ?? .finished
    pthread_mutex_unlock(mutex)
    pthread_join(thread, nil)
    return end
  }

  /// Starts the filter's thread with `stackSize`, else with a quarter or a sixteenth of it (a
  /// limit on the address space may refuse 1 GiB); nil when none starts.
  private func startThread() -> pthread_t? {
    for stack in [Self.stackSize, Self.stackSize >> 2, Self.stackSize >> 4] {
      var thread = pthread_t()
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      pthread_attr_setstacksize(&attributes, stack)
      // Retained for the thread, which releases it when the filter ends (never, if it is left).
      let context = Unmanaged.passRetained(self).toOpaque()
      let started =
        pthread_create(
          &thread, &attributes,
          { context in
            guard let context else { return nil }
            let run = Unmanaged<JQRun>.fromOpaque(context).takeRetainedValue()
            run.finish(run.filter.evaluate(run.json, for: run))
            return nil
          }, context) == 0
      if started { return thread }
      Unmanaged<JQRun>.fromOpaque(context).release()
    }
    return nil
  }

  /// Writes one output line of the filter, unless the run was left; false then (the filter stops).
  func emit(_ line: String) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard !abandoned else { return false }
    output(line)
    return true
  }

  /// jq's `debug` during the run whose `context` this is: `value` (freed) written to standard
  /// error as jq writes it, unless the run was left.
  static func debug(_ context: UnsafeMutableRawPointer?, _ value: jv) {
    guard let context else { return LibJQ.writeDebug(value) }
    let run = Unmanaged<JQRun>.fromOpaque(context).takeUnretainedValue()
    pthread_mutex_lock(run.mutex)
    defer { pthread_mutex_unlock(run.mutex) }
    if run.abandoned {
      LibJQ.discard(value)
    } else {
      LibJQ.writeDebug(value)
    }
  }

  private func finish(_ end: Ending) {
    pthread_mutex_lock(mutex)
    ending = end
    pthread_cond_signal(wakeUp)
    pthread_mutex_unlock(mutex)
  }

  /// The process's resident size in bytes, or nil when /proc cannot be read (a watch that read
  /// nothing would never stop a filter: past the start, nil counts as over the bound).
  static func residentBytes() -> Int? {
    let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    // "size resident shared …", in pages.
    let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
      return nil
    }
    return pages * sysconf(Int32(_SC_PAGESIZE))
  }
}
