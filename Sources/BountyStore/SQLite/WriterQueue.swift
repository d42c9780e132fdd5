import CSQLite
import Glibc

/// How a connection waits for another process's write lock on a shared file: the busy handler
/// that replaces SQLite's `busy_timeout`.
///
/// SQLite's own handler sleeps longer and longer between tries (up to 100 ms), so a writer that
/// has waited a while sleeps through the moments the lock is free while newcomers, trying at once,
/// take it: with 16 processes making short writes, one in a hundred waited out the 5 s timeout
/// though no transaction came near it. Here every waiter tries again after at most
/// `longestSleepMicroseconds`, so each free moment goes to one of the waiters as likely as to a
/// newcomer, and the time limit counts from the last commit another process made (the `-wal`
/// file's size or modification time changing), not from the start of the wait: a writer waits as
/// long as the writers before it keep finishing, and gives up only when one of them has held the
/// lock for `limitMilliseconds` without committing.
///
/// The `-wal` file is looked at with `stat(2)`, never opened: closing a descriptor of a file
/// releases every POSIX lock this process holds on it, SQLite's included.
final class WriterQueue {
  /// How long a waiter waits with no other process committing.
  var limitMilliseconds: Int32

  private let walPath: String
  private var lastSeen: (size: Int, seconds: Int, nanoseconds: Int) = (-1, 0, 0)
  private var lastProgress: UInt64 = 0

  /// The longest sleep between two tries.
  static let longestSleepMicroseconds: UInt32 = 5_000

  init(databasePath: String, limitMilliseconds: Int32) {
    walPath = databasePath + "-wal"
    self.limitMilliseconds = limitMilliseconds
  }

  /// Installs this queue as the busy handler of `handle`, which must not outlive it.
  func install(on handle: OpaquePointer) {
    sqlite3_busy_handler(
      handle,
      { context, tries in
        guard let context else { return 0 }
        return Unmanaged<WriterQueue>.fromOpaque(context).takeUnretainedValue().shouldTryAgain(
          tries: tries) ? 1 : 0
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Called by SQLite each time the lock was found taken (`tries` counts from 0 for one wait):
  /// true after a short sleep, false when the wait is over.
  private func shouldTryAgain(tries: Int32) -> Bool {
    guard limitMilliseconds > 0 else { return false }
    let now = Self.monotonicNanoseconds()
    let seen = walSignature()
    if tries == 0 {
      lastSeen = seen ?? (-1, 0, 0)
      lastProgress = now
    } else if let seen, seen != lastSeen {
      lastSeen = seen
      lastProgress = now
    }
    if now - lastProgress > UInt64(limitMilliseconds) * 1_000_000 { return false }
    // The first tries come quickly (the lock is usually held for a moment only).
    usleep(min(Self.longestSleepMicroseconds, 1_000 << UInt32(min(tries, 3))))
    return true
  }

  /// The `-wal` file's size and modification time, which every commit changes; nil when there is
  /// no such file (a database not in WAL mode).
  private func walSignature() -> (size: Int, seconds: Int, nanoseconds: Int)? {
    var status = stat()
    guard stat(walPath, &status) == 0 else { return nil }
    return (Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
  }

  private static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }
}
