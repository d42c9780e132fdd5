import BountyCore
import BountyStore
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

  /// The handler to give the store, or nil when standard error is not a terminal.
  static func attach(to store: Store, label: String) -> ProgressBar? {
    guard isatty(STDERR_FILENO) == 1 else { return nil }
    let bar = ProgressBar(label: label)
    store.progress = { done, total in bar.update(done: done, total: total) }
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
      line = "\r\(label) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled)
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

/// Ctrl-C during an import or export: the flag the store's long operations poll, so they stop,
/// roll back and exit with status 130.
enum Interruption {
  nonisolated(unsafe) static var requested: sig_atomic_t = 0

  static func install(on store: Store) {
    signal(SIGINT) { _ in Interruption.requested = 1 }
    store.isCancelled = { Interruption.requested != 0 }
  }
}
