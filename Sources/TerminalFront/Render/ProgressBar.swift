import BountyApp
import BountyCore
import Glibc

/// A progress bar on standard error for a long import or export: shown only on a terminal, and only
/// once the work has taken a second; rows done, rate and time left.
final class ProgressBar {
  private let start = ProgressBar.seconds()
  private var lastDraw = 0.0
  private var drawn = false
  private let label: String

  init(label: String) {
    self.label = label
  }

  static func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// A bar fed by the dispatcher's progress reports while `command` runs, labelled with the first
  /// word of its summary ("Import"), or nil when standard error is not a terminal.
  static func attach(to dispatcher: Dispatcher, for command: CommandSpec) -> ProgressBar? {
    guard isatty(STDERR_FILENO) == 1 else { return nil }
    let bar = ProgressBar(label: String(command.summary.prefix { $0 != " " }))
    dispatcher.progress = { done, total in bar.update(done: done, total: total) }
    return bar
  }

  func update(done: Int64, total: Int64?) {
    let now = Self.seconds()
    let elapsed = now - start
    guard elapsed >= 1, now - lastDraw >= 0.1 else { return }
    lastDraw = now
    drawn = true
    let rate = Double(done) / elapsed
    var line = "\r\(label) \(Self.grouped(done))"
    if let total, total > 0 {
      let fraction = min(1, Double(done) / Double(total))
      let filled = Int(fraction * 20)
      line =
        "\r\(label) [" + String(repeating: "#", count: filled)
        + String(repeating: " ", count: 20 - filled)
        + "] \(Int(fraction * 100))%  \(Self.grouped(done))/\(Self.grouped(total))"
      if rate > 0 { line += "  ~\(Int((Double(total - done) / rate).rounded())) s left" }
    }
    line += "  \(Self.grouped(Int64(rate)))/s\u{1B}[K"
    Output.write(STDERR_FILENO, line)
  }

  func finish() {
    if drawn { Output.write(STDERR_FILENO, "\r\u{1B}[K") }
  }

  static func grouped(_ value: Int64) -> String {
    Money.grouped(value)
  }
}

/// Ctrl-C during an import or export: a flag set by the signal handler, which the long operations
/// poll (and SQLite polls between steps of a long statement), so they stop, roll back and exit with
/// status 130.
enum Interruption {
  /// Stable storage the signal handler and SQLite's progress handler both read.
  nonisolated(unsafe) static let flag: UnsafeMutablePointer<sig_atomic_t> = {
    let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return pointer
  }()

  static func install(on dispatcher: Dispatcher) {
    _ = flag
    signal(SIGINT) { _ in Interruption.flag.pointee = 1 }
    // A parent may have started us with SIGINT blocked (test runners do); Ctrl-C must still work.
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    dispatcher.stop(when: flag)
  }
}
