import BountyApp
import BountyCore
import Glibc

/// A progress bar on standard error for a long import or export: shown only on a terminal, and only
/// once the work has taken a second; rows done, rate and time left. It redraws its line with a
/// carriage return and clears the rest with `ESC[K`, or, on a terminal that takes no escape
/// sequences (`TERM=dumb`), with spaces.
final class ProgressBar {
  private let start = ProgressBar.seconds()
  private var lastDraw = 0.0
  /// The columns of the line last drawn (0: nothing drawn yet).
  private var drawnWidth = 0
  private let label: String
  /// Clear with spaces, never `ESC[K`.
  private let plain: Bool

  init(label: String, plain: Bool) {
    self.label = label
    self.plain = plain
  }

  static func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// A bar fed by the dispatcher's progress reports while `command` runs, labelled with the first
  /// word of its summary ("Import"), or nil when standard error is not a terminal.
  static func attach(
    to dispatcher: Dispatcher, for command: CommandSpec, environment: [String: String]
  ) -> ProgressBar? {
    guard isatty(STDERR_FILENO) == 1 else { return nil }
    let bar = ProgressBar(
      label: String(command.summary.prefix { $0 != " " }), plain: environment["TERM"] == "dumb")
    dispatcher.progress = { done, total in bar.update(done: done, total: total) }
    return bar
  }

  func update(done: Int64, total: Int64?) {
    let now = Self.seconds()
    let elapsed = now - start
    guard elapsed >= 1, now - lastDraw >= 0.1 else { return }
    lastDraw = now
    let rate = Double(done) / elapsed
    var line = "\(label) \(Self.grouped(done))"
    if let total, total > 0 {
      let fraction = min(1, Double(done) / Double(total))
      let filled = Int(fraction * 20)
      line =
        "\(label) [" + String(repeating: "#", count: filled)
        + String(repeating: " ", count: 20 - filled)
        + "] \(Int(fraction * 100))%  \(Self.grouped(done))/\(Self.grouped(total))"
      if rate > 0 { line += "  ~\(Int((Double(total - done) / rate).rounded())) s left" }
    }
    line += "  \(Self.grouped(Int64(rate)))/s"
    let width = displayWidth(line)
    Output.write(STDERR_FILENO, "\r" + line + clearing(after: width))
    drawnWidth = width
  }

  /// Clears the line the bar was drawn on, the cursor at its start.
  func finish() {
    guard drawnWidth > 0 else { return }
    Output.write(STDERR_FILENO, "\r" + clearing(after: 0) + (plain ? "\r" : ""))
  }

  /// What clears the rest of the line once `width` columns are written: `ESC[K`, or on a plain
  /// terminal spaces over what the last line drew beyond them.
  private func clearing(after width: Int) -> String {
    guard plain else { return "\u{1B}[K" }
    return String(repeating: " ", count: max(0, drawnWidth - width))
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
