import BountyApp
import BountyCore
import Glibc

/// `bounty rpc`: JSON-RPC 2.0, one JSON text per line on stdin, one response per line on stdout, in
/// order, flushed after each. Stdout carries responses only. No input ends the process; end of stdin
/// does, with exit status 0.
public final class RPCServer {
  /// Longest request line accepted: the largest valid request, a 10 MiB photo in base64 (14 MiB)
  /// with room for its envelope. A longer line is answered with -32600 and skipped, never held.
  public static let maximumLineBytes = 16 << 20
  /// `maximumLineBytes` as the error message says it.
  static let maximumLineText = "16 MiB"

  private let handler: RPCHandler
  private let output: Int32

  public init(
    dispatcher: Dispatcher, files: RPCFileAccess = .none, output: Int32 = STDOUT_FILENO
  ) {
    self.handler = RPCHandler(dispatcher: dispatcher, files: files)
    self.output = output
  }

  /// `bounty rpc [--files DIR]`: parses the options, opens the database with `open` (nil when it
  /// failed and said why) and serves standard input. Returns the exit status.
  public static func run(arguments: [String], open: () -> Dispatcher?) -> Int32 {
    var files = RPCFileAccess.none
    do {
      files = try RPCOptions.files(from: arguments)
    } catch {
      let line = "Error: \(error.message)\nUsage: bounty rpc [--files DIR]\n"
      _ = RPCServer.write(line, to: STDERR_FILENO)
      return error.exitStatus
    }
    guard let dispatcher = open() else { return 1 }
    return RPCServer(dispatcher: dispatcher, files: files).serve()
  }

  /// Reads requests from `input` until end of file and answers each. Returns the exit status: 0 at
  /// end of input, 1 (with one line on standard error) when a response could not be written.
  @discardableResult
  public func serve(input: Int32 = STDIN_FILENO) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    var reader = LineReader(descriptor: input, maximumLineBytes: Self.maximumLineBytes)
    while var line = reader.next() {
      let response: String?
      var failure: Int32?
      let emit = { [output] (piece: [UInt8]) -> Bool in
        failure = Self.write(piece, to: output)
        return failure == nil
      }
      switch line {
      case .tooLong:
        response = RPCHandler.errorResponse(
          id: .null, code: -32600,
          message: "Invalid Request: line longer than \(Self.maximumLineText)")
      case .bytes(var bytes):
        if let members = RPCBatchStream.members(of: bytes) {
          _ = RPCBatchStream(handler: handler).answer(members, emit: emit)
          if let failure { return Self.failedOutput(failure) }
          continue
        }
        guard let request = Self.singleRequest(bytes) else {
          response = handler.handle(line: bytes)
          break
        }
        // The line (up to 16 MiB) is let go before the request runs: only its parsed form stays.
        // The response is written as it is serialised, in pieces, never built whole.
        bytes = []
        line = .tooLong
        switch handler.answer(request: request, emit: emit) {
        case .nothing: break
        case .written: failure = Self.write("\n", to: output)
        case .failed: failure = failure ?? EIO
        }
        if let failure { return Self.failedOutput(failure) }
        continue
      }
      if let response, let error = Self.write(response, to: output) ?? Self.write("\n", to: output)
      {
        return Self.failedOutput(error)
      }
    }
    return 0
  }

  /// The request object a line holds, or nil for anything else (a batch, a blank line, not JSON),
  /// which `RPCHandler.handle(line:)` answers.
  private static func singleRequest(_ bytes: [UInt8]) -> JSON? {
    guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }),
      first == UInt8(ascii: "{"), let message = try? JSONParser.parse(bytes), case .object = message
    else { return nil }
    return message
  }

  /// Says on standard error that a response could not be written; the exit status (1).
  private static func failedOutput(_ error: Int32) -> Int32 {
    _ = write(
      "Error: cannot write to standard output: \(String(cString: strerror(error)))\n",
      to: STDERR_FILENO)
    return 1
  }

  /// Writes all of `text`; the `errno` when it could not (stdout full, or the reader hung up).
  private static func write(_ text: String, to descriptor: Int32) -> Int32? {
    var copy = text
    return copy.withUTF8 { write($0, to: descriptor) }
  }

  /// Writes all of `bytes`; the `errno` when it could not.
  private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBufferPointer { write($0, to: descriptor) }
  }

  private static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }
}

/// The options of `bounty rpc`.
enum RPCOptions {
  static func files(from arguments: [String]) throws(BountyError) -> RPCFileAccess {
    var files = RPCFileAccess.none
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--files" {
        guard index < arguments.count else { throw BountyError.usage("--files needs a folder") }
        files = try RPCFileAccess(folder: arguments[index])
        index += 1
      } else if argument.hasPrefix("--files=") {
        files = try RPCFileAccess(folder: String(argument.dropFirst(8)))
      } else {
        throw BountyError.usage("unexpected argument '\(argument)'")
      }
    }
    return files
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
