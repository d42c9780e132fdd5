import BountyCore
import Glibc

/// Standard output and error, written whole and unbuffered by line (many lines at once in pieces). A write to standard output that
/// fails (`> /dev/full`, a closed pipe) is remembered, and `exitStatus(_:)` turns it into a failure.
public enum Output {
  /// The `errno` of the first failed write to standard output, if any.
  nonisolated(unsafe) public private(set) static var standardOutputError: Int32?

  public static func out(_ text: String) { write(STDOUT_FILENO, text + "\n") }

  /// Lines for people, written in pieces of about 64 KiB instead of one write a line (a table of
  /// 5,000 rows is a few writes, not 5,000).
  public static func out(lines: [String]) {
    var piece: [UInt8] = []
    piece.reserveCapacity((1 << 16) + 1024)
    for line in lines {
      piece.append(contentsOf: line.utf8)
      piece.append(0x0A)
      if piece.count >= 1 << 16 {
        write(STDOUT_FILENO, piece)
        piece.removeAll(keepingCapacity: true)
      }
    }
    if !piece.isEmpty { write(STDOUT_FILENO, piece) }
  }
  /// Errors quote user input and file bytes: control and bidi characters are shown escaped.
  public static func err(_ text: String) {
    write(STDERR_FILENO, SafeText.escaped(text, keepNewlines: true) + "\n")
  }
  public static func outRaw(_ text: String) { write(STDOUT_FILENO, text) }

  /// Escapes what a data format writes to standard output when it is a terminal (the store's
  /// `OutputSink` does the same for documents); nil for a file or a pipe, which get every byte.
  nonisolated(unsafe) private static var terminal: TerminalEscaper? =
    isatty(STDOUT_FILENO) == 1 ? TerminalEscaper() : nil

  /// A line of a data format (CSV, TSV, JSON, NDJSON): escaped on a terminal, exact elsewhere.
  public static func data(_ text: String) { data(Array((text + "\n").utf8)) }

  /// A piece of a data format, cut anywhere (a streamed `--json` answer); what a piece ends in the
  /// middle of waits for the next, and every answer ends with a line feed, which leaves nothing.
  public static func data(_ bytes: [UInt8]) {
    guard var escaper = terminal else { return write(STDOUT_FILENO, bytes) }
    let escaped = escaper.escape(bytes)
    terminal = escaper
    write(STDOUT_FILENO, escaped)
  }

  public static func write(_ descriptor: Int32, _ text: String) {
    var copy = text
    copy.withUTF8 { write(descriptor, $0) }
  }

  /// Writes `bytes` whole (a piece of a streamed answer may end inside a UTF-8 sequence).
  public static func write(_ descriptor: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write(descriptor, $0) }
  }

  private static func write(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        if descriptor == STDOUT_FILENO { ClosedPipe.endIfClosed(errno) }
        if descriptor == STDOUT_FILENO, standardOutputError == nil { standardOutputError = errno }
        return
      }
      offset += written
    }
  }

  /// The process's exit status: `status`, except that a run which otherwise succeeded but could not
  /// write its standard output fails with status 1 and one line on standard error saying why.
  public static func exitStatus(_ status: Int32) -> Int32 {
    guard status == 0, let error = standardOutputError else { return status }
    err("Error: cannot write to standard output: \(String(cString: strerror(error)))")
    return 1
  }
}
