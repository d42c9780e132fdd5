import Foundation
import Testing

/// Runs a suite's tests on threads of their own (`TestThreads.pool`), not on Swift's cooperative
/// pool. Swift Testing runs synchronous tests on that pool, which has one thread a core; a test
/// that waits (on the `bounty` binary, the `sqlite3` shell, tmux, PostgreSQL, a lock's timeout)
/// holds its thread the whole time, so on two cores two tests ran at once and the machine sat
/// half idle. Here a waiting test holds one of `TestThreads.width` threads, and the cooperative
/// pool stays free for the tests that only compute (those suites go without this trait).
///
/// `BOUNTY_TEST_THREADS` sets the width (the default: two a core, at least four).
public struct OnTestThreads: SuiteTrait, TestTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(TestThreads.pool) { try await function() }
  }
}

extension Trait where Self == OnTestThreads {
  /// Runs the suite's tests on `TestThreads.pool` (see `OnTestThreads`).
  public static var onTestThreads: Self { OnTestThreads() }
}

/// A task executor of a fixed number of threads, each running the jobs enqueued on it one after
/// another, first come first served. Its threads live as long as the test process.
public final class TestThreads: TaskExecutor, @unchecked Sendable {
  /// The pool every `OnTestThreads` suite runs on.
  public static let pool = TestThreads(width: width)

  /// How many tests run at once on the pool.
  public static let width: Int = {
    let given = ProcessInfo.processInfo.environment["BOUNTY_TEST_THREADS"].flatMap { Int($0) }
    return max(1, given ?? max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))
  }()

  private let condition = NSCondition()
  /// Guarded by `condition`.
  private var jobs: [UnownedJob] = []

  private init(width: Int) {
    for index in 0..<width {
      let thread = Thread { [self] in work() }
      thread.name = "bounty-test-\(index)"
      thread.start()
    }
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func work() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
