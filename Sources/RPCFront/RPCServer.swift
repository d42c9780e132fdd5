import BountyApp
import BountyCore
import Glibc

/// `bounty rpc`: JSON-RPC 2.0, one JSON text per line on stdin, one response per line on stdout, in
/// order, flushed after each. Stdout carries responses only. No input ends the process; end of stdin
/// does, with exit status 0.
public final class RPCServer {
  /// Longest request line accepted; a longer one is answered with -32600 and skipped.
  public static let maximumLineBytes = 1 << 20

  private let handler: RPCHandler
  private let output: Int32

  public init(dispatcher: Dispatcher, output: Int32 = STDOUT_FILENO) {
    self.handler = RPCHandler(dispatcher: dispatcher)
    self.output = output
  }

  /// Reads requests from `input` until end of file and answers each.
  public func serve(input: Int32 = STDIN_FILENO) {
    signal(SIGPIPE, SIG_IGN)
    var reader = LineReader(descriptor: input, maximumLineBytes: Self.maximumLineBytes)
    while let line = reader.next() {
      let response: String?
      switch line {
      case .tooLong:
        response = RPCHandler.errorResponse(
          id: .null, code: -32600, message: "Invalid Request: line longer than 1 MiB")
      case .bytes(let bytes):
        response = handler.handle(line: bytes)
      }
      if let response, !write(response + "\n") { return }
    }
  }

  /// Writes all of `text`; false when stdout is gone (the reader hung up).
  private func write(_ text: String) -> Bool {
    var copy = text
    return copy.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }
}

/// Splits a file descriptor into lines without ever holding more than one line (plus one read
/// buffer) in memory; a line longer than the limit is reported once and skipped to its end.
struct LineReader {
  enum Line {
    case bytes([UInt8])
    case tooLong
  }

  let descriptor: Int32
  let maximumLineBytes: Int
  private var buffer = [UInt8](repeating: 0, count: 65_536)
  private var start = 0
  private var end = 0
  private var atEOF = false

  init(descriptor: Int32, maximumLineBytes: Int) {
    self.descriptor = descriptor
    self.maximumLineBytes = maximumLineBytes
  }

  mutating func next() -> Line? {
    var line: [UInt8] = []
    var overflowed = false
    while true {
      if start == end {
        if atEOF { break }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 {
          atEOF = true
          break
        }
        start = 0
        end = count
      }
      if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
        if !overflowed { line.append(contentsOf: buffer[start..<newline]) }
        start = newline + 1
        return finish(line, overflowed: overflowed || line.count > maximumLineBytes)
      }
      if !overflowed { line.append(contentsOf: buffer[start..<end]) }
      start = end
      if line.count > maximumLineBytes {
        overflowed = true
        line = []
      }
    }
    if line.isEmpty && !overflowed { return nil }
    return finish(line, overflowed: overflowed)
  }

  private func finish(_ line: [UInt8], overflowed: Bool) -> Line {
    if overflowed { return .tooLong }
    if line.last == 0x0D { return .bytes(Array(line.dropLast())) }
    return .bytes(line)
  }
}
