import BountyCore
import Glibc

/// Text written once and read back once from an unlinked temporary file (in `$TMPDIR`, else
/// `/tmp`): a document of any size on its way into an answer never sits in memory whole. Write it
/// through an `OutputSink` on `path` (the descriptor, `/dev/fd/N`); read it back with
/// `forEachPiece`. The file is gone from the folder from the start and freed when this is released.
/// Sendable as the answer that holds it: one front writes that answer, once, from one thread.
public final class SpooledText: @unchecked Sendable {
  private let descriptor: Int32
  /// Where an `OutputSink` writes it: the open descriptor, `/dev/fd/N`.
  public var path: String { "/dev/fd/\(descriptor)" }

  public init() throws(BountyError) {
    descriptor = try UnlinkedTemporaryFile.open(prefix: "bounty-answer")
  }

  deinit {
    close(descriptor)
  }

  /// Hands the text to `body` from the start, in pieces of up to 64 KiB (cut anywhere, also inside
  /// a UTF-8 sequence); stops early when `body` returns false.
  public func forEachPiece(_ body: ([UInt8]) -> Bool) throws(BountyError) {
    var piece = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let count = piece.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw BountyError.io("cannot read a temporary file: \(String(cString: strerror(errno)))")
      }
      if count == 0 { return }
      offset += off_t(count)
      guard body(count == piece.count ? piece : Array(piece[..<count])) else { return }
    }
  }

  /// The whole text (for a small document).
  public func text() throws(BountyError) -> String {
    var bytes: [UInt8] = []
    try forEachPiece {
      bytes.append(contentsOf: $0)
      return true
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
