import Glibc

/// A reader of standard output that has gone (`bounty fugitives list --all | head -1`) ends the
/// process as git and gh end: killed by SIGPIPE, status 141 to the shell, with no message. The
/// kernel does this on its own when SIGPIPE has its default action; a parent that ignores SIGPIPE
/// (its children inherit that) would make the write fail with EPIPE instead, and this restores
/// the default and raises it, so the outcome does not depend on who started bounty.
public enum ClosedPipe {
  /// Ends the process by SIGPIPE when `error`, from a write to standard output, is EPIPE.
  public static func endIfClosed(_ error: Int32) {
    guard error == EPIPE else { return }
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
  }
}
