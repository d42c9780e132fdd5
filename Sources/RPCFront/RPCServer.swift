import BountyApp
import BountyCore
import CLinux
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
  /// Bytes read and written since the heap was last given back (`trimAfterLargeWork`).
  private var bytesSinceTrim = 0
  /// How many bytes of requests and answers make a group large enough to give memory back after:
  /// a photo (up to 14 MiB of base64 in, or out), an HTML dossier, a page of a large export.
  static let trimThreshold = 1 << 20

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
  ///
  /// The requests already read behind the one that waited for input (a script's piped requests,
  /// up to `maximumQueuedRequests`) had all arrived before any of them runs, so they are answered
  /// as a group whose reads share one snapshot (`Dispatcher.sharingReads`): a thousand
  /// `fugitives.get` cost a few queries, not a few each. A client that waits for each answer
  /// before it sends the next request gets groups of one.
  @discardableResult
  public func serve(input: Int32 = STDIN_FILENO) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    var reader = LineReader(descriptor: input, maximumLineBytes: Self.maximumLineBytes)
    while var (group, received) = Self.nextGroup(from: &reader) {
      bytesSinceTrim += received
      defer { trimAfterLargeWork() }
      let queued = group.compactMap(\.queuedCall)
      let failure = handler.dispatcher.sharingReads(queued: queued) { () -> Int32? in
        for index in group.indices {
          let line = group[index]
          // Each request is let go once answered: only the group's parsed forms are held.
          group[index] = .blank
          if let failure = answer(line) { return failure }
        }
        return nil
      }
      if let failure { return Self.failedOutput(failure) }
    }
    return 0
  }

  /// The next line (waiting for it) and those already read behind it, parsed, and how many bytes
  /// they were; nil at end of input. The lines themselves are let go here: a 16 MiB line is not
  /// held while its request runs.
  private static func nextGroup(from reader: inout LineReader) -> ([ReceivedLine], Int)? {
    guard let first = reader.next() else { return nil }
    var received = first.size
    var group = [ReceivedLine(first)]
    while group.count < maximumQueuedRequests, let line = reader.nextBuffered() {
      received += line.size
      group.append(ReceivedLine(line))
    }
    return (group, received)
  }

  /// Gives the memory freed by a large group back to the system. glibc's malloc keeps freed memory
  /// of large requests (a 10 MiB photo's bytes, its base64, an HTML dossier) in its arenas, so a
  /// session's resident size stayed at its peak (80–98 MiB after photos and a dossier) although
  /// nothing held it; `malloc_trim(0)` returns it, costing a few milliseconds only after groups
  /// that moved `trimThreshold` bytes or more.
  private func trimAfterLargeWork() {
    guard bytesSinceTrim >= Self.trimThreshold else { return }
    bytesSinceTrim = 0
    malloc_trim(0)
  }

  private static let newline = Array("\n".utf8)

  /// How many requests already read are answered as one group at most.
  static let maximumQueuedRequests = 1024

  /// Answers one line: writes its response (nothing for a notification or a blank line). The
  /// `errno` when the response could not be written.
  private func answer(_ line: ReceivedLine) -> Int32? {
    var failure: Int32?
    let emit = { (piece: [UInt8]) -> Bool in
      failure = self.send(piece)
      return failure == nil
    }
    let response: String?
    switch line {
    case .blank: return nil
    case .tooLong:
      response = RPCHandler.errorResponse(
        id: .null, code: -32600,
        message: "Invalid Request: line longer than \(Self.maximumLineText)")
    case .batch(let members):
      _ = RPCBatchStream(handler: handler).answer(members, emit: emit)
      return failure
    case .request(let request):
      // The response is written as it is serialised, in pieces, never built whole.
      switch handler.respond(to: request, emit: emit) {
      case .nothing: return nil
      case .written: return failure ?? send(Self.newline)
      case .failed: return failure ?? EIO
      }
    case .other(let bytes):
      response = handler.handle(line: bytes)
    }
    guard let response else { return nil }
    return send(Array((response + "\n").utf8))
  }

  /// Writes `bytes` to the output. No transaction waits on a client that is slow to read: unless
  /// the piece is small enough to go at once (at most `PIPE_BUF` bytes, with room for it now), the
  /// group's shared read transaction is ended first (the next read opens another).
  private func send(_ bytes: [UInt8]) -> Int32? {
    var output = pollfd(fd: self.output, events: Int16(POLLOUT), revents: 0)
    if bytes.count > Int(PIPE_BUF) || poll(&output, 1, 0) != 1 {
      handler.dispatcher.releaseSharedRead()
    }
    bytesSinceTrim += bytes.count
    return Self.write(bytes, to: self.output)
  }

  /// A line of input, parsed as far as answering it needs; the line itself (up to 16 MiB) is let
  /// go once a request object is parsed from it.
  private enum ReceivedLine {
    /// Answered already, or only blanks.
    case blank
    case tooLong
    /// A batch: its members, each parsed when its turn comes.
    case batch([[UInt8]])
    case request(JSON)
    /// Anything else (not JSON, not an object), which `RPCHandler.handle(line:)` answers.
    case other([UInt8])

    init(_ line: LineReader.Line) {
      guard case .bytes(let bytes) = line else {
        self = .tooLong
        return
      }
      if let members = RPCBatchStream.members(of: bytes) {
        self = .batch(members)
      } else if let request = RPCServer.singleRequest(bytes) {
        self = .request(request)
      } else {
        self = .other(bytes)
      }
    }

    /// The call this line asks for, when it is a request object naming a method.
    var queuedCall: Dispatcher.QueuedCall? {
      guard case .request(.object(let request)) = self,
        case .string(let method)? = request["method"]
      else { return nil }
      return Dispatcher.QueuedCall(method: method, params: request["params"]?.objectValue ?? [:])
    }
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
        throw BountyError.usage("unexpected argument \(SafeText.quoted(argument))")
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

    /// The line's length (a line too long counts as the limit it passed).
    var size: Int {
      switch self {
      case .bytes(let bytes): bytes.count
      case .tooLong: RPCServer.maximumLineBytes
      }
    }
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

  /// The next line when the bytes already read hold all of it; nil (reading nothing) otherwise.
  mutating func nextBuffered() -> Line? {
    guard let newline = buffer[start..<end].firstIndex(of: 0x0A) else { return nil }
    let line = Array(buffer[start..<newline])
    start = newline + 1
    return finish(line, overflowed: line.count > maximumLineBytes)
  }

  private func finish(_ line: [UInt8], overflowed: Bool) -> Line {
    if overflowed { return .tooLong }
    if line.last == 0x0D { return .bytes(Array(line.dropLast())) }
    return .bytes(line)
  }
}
