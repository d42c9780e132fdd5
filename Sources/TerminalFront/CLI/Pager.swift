import Glibc

/// Long output on a terminal through the person's pager, as git does: `$PAGER`, else `less -FRX`
/// (quit at once when it fits, keep colours, leave the text on the screen). Only for one-shot
/// commands whose standard output is a terminal, never with `--no-pager`, the `pager` preference
/// `never`, `PAGER` set empty or to `cat`, a pipe, the shell, the workspace or `bounty rpc`.
struct Pager {
  /// The shell command that pages.
  let command: String
  /// Output of fewer lines than this is printed straight away.
  let rows: Int

  static let standard = "less -FRX"

  /// The pager for this run, or nil when output is not paged.
  static func choose(environment: [String: String], noPager: Bool, isTTY: Bool) -> Pager? {
    guard isTTY, !noPager else { return nil }
    let command: String
    if let chosen = environment["PAGER"] {
      let trimmed = chosen.trimmingASCIIWhitespace()
      guard !trimmed.isEmpty, trimmed != "cat" else { return nil }
      command = trimmed
    } else {
      guard ChildProcess.onPath("less", environment: environment) else { return nil }
      command = standard
    }
    return Pager(command: command, rows: Colour.terminalRows())
  }

  /// Prints `lines`: through the pager when they do not fit on the screen (and the `pager`
  /// preference is not `never`), else straight to standard output. A pager that cannot start
  /// leaves the lines printed straight.
  func show(_ lines: [String], preference: String?) {
    guard lines.count >= rows, preference != "never" else {
      Output.out(lines: lines)
      return
    }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      Output.out(lines: lines)
      return
    }
    fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    guard let child = ChildProcess.start(command, input: ends[0]) else {
      close(ends[0])
      close(ends[1])
      Output.out(lines: lines)
      return
    }
    close(ends[0])
    ChildProcess.whileChildRuns {
      var text = lines.joined(separator: "\n") + "\n"
      text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(ends[1], bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            break  // the pager was quit before the end: nothing more to show
          }
          offset += written
        }
      }
      close(ends[1])
      _ = ChildProcess.wait(child)
    }
  }
}
