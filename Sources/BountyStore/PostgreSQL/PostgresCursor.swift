import CLibPQ
import Glibc

/// The rows of one PostgreSQL statement, and the reader of the current one. Either one whole
/// result, or a server-side cursor (`DECLARE … CURSOR`, inside a transaction) fetched
/// `batchSize` rows at a time so a million-row export holds only a batch in memory.
///
/// Results come in text format: integers are parsed, booleans (`t`/`f`) read as 1 and 0, `bytea`
/// is decoded by libpq, text is UTF-8 (the connection sets `client_encoding`).
final class PostgresCursor: RowCursor, RowReader {
  private let connection: PostgresConnection
  private var api: LibPQ { connection.api }
  private var result: OpaquePointer?
  private var rowCount: Int32
  private var current: Int32 = -1
  /// The server-side cursor's name, or nil for a whole result.
  private let serverCursor: String?

  /// Rows fetched from a server-side cursor at a time.
  static let batchSize = 1000

  /// Takes ownership of `result` (cleared on `close`).
  init(connection: PostgresConnection, result: OpaquePointer, serverCursor: String?) {
    self.connection = connection
    self.result = result
    self.serverCursor = serverCursor
    rowCount = connection.api.ntuples(result)
  }

  deinit {
    close()
  }

  func next() throws -> Bool {
    guard result != nil else { return false }
    current += 1
    if current < rowCount { return true }
    guard let serverCursor, rowCount == Self.batchSize else { return false }
    api.clear(result)
    result = nil
    let next = try connection.run(
      "FETCH \(Self.batchSize) FROM \(serverCursor)", [], prepared: false)
    result = next
    rowCount = api.ntuples(next)
    current = 0
    return rowCount > 0
  }

  var row: Row { Row(reader: self) }

  func close() {
    guard let result else { return }
    api.clear(result)
    self.result = nil
    // An aborted transaction has dropped its cursors already (and refuses every statement).
    if let serverCursor, connection.transactionStatus == PQTRANS_INTRANS {
      try? connection.execute("CLOSE \(serverCursor)")
    }
  }

  // MARK: Reading the current row

  /// The result's column names, in order (`PQfname`).
  var columnNames: [String] {
    guard let result else { return [] }
    return (0..<api.nfields(result)).map { column in
      api.fname(result, column).map { String(cString: $0) } ?? ""
    }
  }

  /// The bytes of `column` in the current row (text format), or nil when it is NULL.
  private func value(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
    guard let result, api.getisnull(result, current, column) == 0,
      let pointer = api.getvalue(result, current, column)
    else { return nil }
    let count = Int(api.getlength(result, current, column))
    return UnsafeBufferPointer(
      start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
  }

  func isNull(_ column: Int32) -> Bool {
    guard let result else { return true }
    return api.getisnull(result, current, column) != 0
  }

  /// An integer column; `t`/`f` (a boolean) read as 1 and 0, the whole part of a `numeric`
  /// (`SUM` of `bigint` is one) as that integer, NULL and anything else as 0.
  func int(_ column: Int32) -> Int64 {
    guard let bytes = value(column), let first = bytes.first else { return 0 }
    if bytes.count == 1 && first == UInt8(ascii: "t") { return 1 }
    if bytes.count == 1 && first == UInt8(ascii: "f") { return 0 }
    let negative = first == UInt8(ascii: "-")
    var number: Int64 = 0
    for byte in bytes.dropFirst(negative ? 1 : 0) {
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { break }
      let digit = Int64(byte - UInt8(ascii: "0"))
      // Accumulates downwards so Int64.min parses; stops at the edge rather than trapping.
      let (times, overflow) = number.multipliedReportingOverflow(by: 10)
      let (sum, overflowed) = times.subtractingReportingOverflow(digit)
      guard !overflow && !overflowed else { return 0 }
      number = sum
    }
    if negative { return number }
    return number == .min ? 0 : -number
  }

  /// A coordinate column (`double precision`), parsed with `strtod`; NULL reads as 0.
  func coordinate(_ column: Int32) -> Double {
    guard let result, api.getisnull(result, current, column) == 0,
      let pointer = api.getvalue(result, current, column)
    else { return 0 }
    return strtod(pointer, nil)
  }

  func text(_ column: Int32) -> String {
    guard let bytes = value(column) else { return "" }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A `bytea` column, decoded from its text form (`\x…`) by libpq.
  func blob(_ column: Int32) -> [UInt8] {
    guard let result, api.getisnull(result, current, column) == 0,
      let pointer = api.getvalue(result, current, column)
    else { return [] }
    var count = 0
    guard
      let decoded = api.unescapeBytea(
        UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), &count)
    else { return [] }
    defer { api.freemem(decoded) }
    return Array(UnsafeBufferPointer(start: decoded, count: count))
  }
}
