import BountyCore
import Glibc

/// Where generated text goes, written as it is produced so that a report or export over a million
/// rows never sits in memory whole.
///
/// - `.memory`: kept, and returned by `finish()` (a JSON-RPC result needs the whole text); at most
///   `maximumMemoryBytes`, beyond which `finish()` refuses and says to write a file instead.
/// - `.standardOutput`: written to stdout in 64 KiB chunks.
/// - `.file(path)`: what `OutputTarget.resolve` makes of `path` (an existing file is refused
///   unless the sink is `replacing`). A regular file is written to a
///   temporary file beside it (mode 0600), flushed to disk and renamed over it by `finish()`, so it
///   is whole or not there at all (an error, a release before `finish()` or a SIGTERM/SIGHUP/SIGINT
///   removes the temporary file); a device, FIFO or descriptor is written through; the database and
///   its companions are refused.
public final class OutputSink {
  public enum Destination: Equatable, Sendable {
    case memory
    case standardOutput
    case file(String)

    /// Where a command's terminal-only `output` argument sends its text: nil (a JSON-RPC call)
    /// keeps it in memory for the result, `-` is standard output, anything else a file.
    public init(output: String?) {
      switch output {
      case nil: self = .memory
      case "-": self = .standardOutput
      case let path?: self = .file(path)
      }
    }
  }

  public let destination: Destination
  /// The most text a `.memory` sink keeps: a JSON-RPC answer (or `--json`) holding a document
  /// stays within the memory budget of one request; bigger documents go to a file or stdout.
  public static let maximumMemoryBytes = 16 << 20
  /// Set when the text lands on a terminal: every byte then passes through it, so that no stored
  /// text can drive the terminal, whatever the document's format. Files and pipes get every byte.
  private var terminal: TerminalEscaper?
  private var buffer: [UInt8] = []
  private var descriptor: Int32 = -1
  private var ownsDescriptor = false
  private var temporaryPath: String?
  /// The file `temporaryPath` is renamed to (a symbolic link's target, not the link).
  private var finalPath: String?
  private var failure: BountyError?
  /// Bytes written so far.
  public private(set) var byteCount = 0

  /// A sink writing to `destination`; `replacing` lets it replace a file that exists (`--force`).
  public init(_ destination: Destination, replacing: Bool = false) throws(BountyError) {
    self.destination = destination
    switch destination {
    case .memory:
      break
    case .standardOutput:
      descriptor = STDOUT_FILENO
    case .file(let path):
      switch try OutputTarget.resolve(path, replacing: replacing) {
      case .descriptor(let number):
        descriptor = number
      case .passThrough(let device):
        descriptor = open(device, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
          throw BountyError.io("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        ownsDescriptor = true
      case .replace(let file):
        let temporary = "\(file).tmp-\(getpid())"
        descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
          throw BountyError.io("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        TemporaryFileCleanup.arm(temporary)
        ownsDescriptor = true
        temporaryPath = temporary
        finalPath = file
      }
    }
    buffer.reserveCapacity(1 << 16)
    if descriptor >= 0 && isatty(descriptor) == 1 { terminal = TerminalEscaper() }
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
    if let temporaryPath {
      unlink(temporaryPath)
      TemporaryFileCleanup.disarm()
    }
  }

  public func write(_ text: String) {
    if terminal != nil { return write(Array(text.utf8)) }
    append(text.utf8)
  }

  public func write(_ bytes: [UInt8]) {
    guard var escaper = terminal else { return append(bytes) }
    let escaped = escaper.escape(bytes)
    terminal = escaper
    append(escaped)
  }

  private func append(_ bytes: some Collection<UInt8>) {
    byteCount += bytes.count
    if destination == .memory && byteCount > Self.maximumMemoryBytes {
      failure = failure ?? Self.tooLarge
      buffer = []
      return
    }
    buffer.append(contentsOf: bytes)
    if destination != .memory && buffer.count >= 1 << 16 { flush() }
  }

  private func flush() {
    guard failure == nil, descriptor >= 0 else { return }
    var offset = 0
    buffer.withUnsafeBytes { bytes in
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          if descriptor == STDOUT_FILENO { ClosedPipe.endIfClosed(errno) }
          failure = .io("cannot write \(name): \(String(cString: strerror(errno)))")
          return
        }
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  private static let tooLarge = BountyError.refused(
    "the document is larger than 16 MiB, too large for one answer; write it to a file "
      + "(bounty … --output FILE) instead")

  /// How errors name the destination.
  private var name: String {
    switch destination {
    case .memory, .standardOutput: return "to standard output"
    case .file(let path): return path
    }
  }

  /// Completes the output: returns the text for `.memory`, nil otherwise. For a file, it is synced
  /// and renamed into place; any write error surfaces here and the file is not left behind.
  @discardableResult
  public func finish() throws(BountyError) -> String? {
    if destination == .memory {
      if let failure { throw failure }
      return String(decoding: buffer, as: UTF8.self)
    }
    if let rest = terminal?.finish() { buffer.append(contentsOf: rest) }
    flush()
    if let failure { throw failure }
    guard let temporary = temporaryPath, let file = finalPath, case .file(let path) = destination
    else { return nil }
    let synced = fsync(descriptor) == 0
    let error = errno
    close(descriptor)
    ownsDescriptor = false
    temporaryPath = nil
    defer { TemporaryFileCleanup.disarm() }
    guard synced, rename(temporary, file) == 0 else {
      let reason = String(cString: strerror(synced ? errno : error))
      unlink(temporary)
      throw BountyError.io("cannot write \(path): \(reason)")
    }
    return nil
  }
}
