import BountyCore
import BountyStore
import Glibc

/// Report lines held on disk between the pass that sums them and the pass that prints them: an
/// unlinked temporary file written and read sequentially, so a report reads the database once and
/// its memory stays flat however many lines it has.
final class ReportSpool {
  private let descriptor: Int32
  private var buffer: [UInt8] = []

  init() throws(BountyError) {
    descriptor = try UnlinkedTemporaryFile.open(prefix: "bounty-report")
    buffer.reserveCapacity(1 << 16)
  }

  deinit {
    close(descriptor)
  }

  func append(_ row: ReportRow) throws(BountyError) {
    for value in [
      row.id, row.bountyMinor, row.capturedAt?.secondsSinceEpoch ?? Int64.min, row.expensesMinor,
    ] {
      withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }
    let name = Array(row.name.utf8)
    withUnsafeBytes(of: UInt32(name.count).littleEndian) { buffer.append(contentsOf: $0) }
    buffer.append(contentsOf: name)
    if buffer.count >= 1 << 16 { try flush() }
  }

  private func flush() throws(BountyError) {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw BountyError.io("cannot write a temporary file: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Reads every row back in the order they were appended.
  func forEach(_ body: (ReportRow) throws -> Void) throws {
    try flush()
    guard lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw BountyError.io("cannot read a temporary file: \(String(cString: strerror(errno)))")
    }
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var start = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw BountyError.io("cannot read a temporary file: \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      pending.removeSubrange(0..<start)
      start = 0
      pending.append(contentsOf: chunk[0..<count])
      while pending.count - start >= 36 {
        func integer(_ at: Int) -> Int64 {
          pending.withUnsafeBytes {
            Int64(littleEndian: $0.loadUnaligned(fromByteOffset: start + at, as: Int64.self))
          }
        }
        let length = Int(
          pending.withUnsafeBytes {
            UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start + 32, as: UInt32.self))
          })
        guard pending.count - start >= 36 + length else { break }
        let captured = integer(16)
        let row = ReportRow(
          id: integer(0),
          name: String(decoding: pending[(start + 36)..<(start + 36 + length)], as: UTF8.self),
          bountyMinor: integer(8),
          capturedAt: captured == Int64.min ? nil : Timestamp(secondsSinceEpoch: captured),
          createdAt: Timestamp(secondsSinceEpoch: 0), expensesMinor: integer(24))
        try body(row)
        start += 36 + length
      }
    }
  }
}
