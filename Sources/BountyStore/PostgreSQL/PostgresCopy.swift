import CLibPQ

/// Many rows in through `COPY … FROM STDIN` (text format), the way `psql`'s `\copy` sends them:
/// one statement and a stream of tab-separated lines instead of a round trip per row.
extension PostgresConnection: BulkCopyEngine {
  /// How many bytes of lines are gathered before they are handed to libpq.
  static let copyChunkBytes = 1 << 16

  func copyRows(
    into table: String, columns: [String],
    _ produce: (_ write: ([SQLValue]) throws -> Void) throws -> Void
  ) throws {
    let stream = try PostgresCopyStream(connection: self, table: table, columns: columns)
    do {
      try produce { try stream.write($0) }
    } catch {
      stream.abandon()
      throw error
    }
    try stream.finish()
  }

  /// Sends `buffer`'s lines to the COPY under way and empties it.
  fileprivate func send(_ buffer: inout [UInt8], sql: String) throws {
    guard !buffer.isEmpty else { return }
    let sent = buffer.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        api.putCopyData(handle, $0.baseAddress, Int32($0.count))
      }
    }
    guard sent == 1 else {
      throw PostgresError(sqlState: nil, message: Self.oneLine(api.errorMessage(handle)), sql: sql)
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// One row of COPY's text format: values separated by tabs, `\N` for NULL, backslash escapes
  /// for backslash, tab, newline and carriage return, bytea as its `\x` hex form.
  static func appendLine(_ values: [SQLValue], to buffer: inout [UInt8]) {
    for index in values.indices {
      if index > 0 { buffer.append(UInt8(ascii: "\t")) }
      switch values[index] {
      case .null:
        buffer.append(UInt8(ascii: "\\"))
        buffer.append(UInt8(ascii: "N"))
      case .integer(let number): appendDecimal(number, to: &buffer)
      case .coordinate(let number): buffer.append(contentsOf: "\(number)".utf8)
      case .text(let text): appendEscaped(text, to: &buffer)
      case .blob(let bytes):
        // `\\x` in the stream is the text `\x`, bytea's hex input form.
        buffer.append(contentsOf: #"\\x"#.utf8)
        for byte in bytes {
          buffer.append(hexDigit(byte >> 4))
          buffer.append(hexDigit(byte & 0x0F))
        }
      }
    }
    buffer.append(UInt8(ascii: "\n"))
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }

  /// `number` in decimal, written straight into `buffer` (no String in between: a million rows
  /// hold several million numbers).
  private static func appendDecimal(_ number: Int64, to buffer: inout [UInt8]) {
    if number < 0 { buffer.append(UInt8(ascii: "-")) }
    var magnitude = number.magnitude
    let start = buffer.count
    repeat {
      buffer.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    buffer[start...].reverse()
  }

  /// `text` with COPY's escapes; text without a byte to escape (nearly all) is copied whole.
  private static func appendEscaped(_ text: String, to buffer: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      guard bytes.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
      else { return buffer.append(contentsOf: bytes) }
      for byte in bytes {
        switch byte {
        case 0x5C: buffer.append(contentsOf: [0x5C, 0x5C])
        case 0x09: buffer.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x0A: buffer.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: buffer.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        default: buffer.append(byte)
        }
      }
    }
  }
}

/// One `COPY table (columns) FROM STDIN` kept open while rows are written to it one at a time, so
/// that the server stores rows while the client is still reading and checking the next ones. The
/// connection can run nothing else until `finish` or `abandon`; one of them must be called.
///
/// COPY refuses a table whose row policies bind this role (a hunter, an admin: `fugitive`'s delete
/// policy); the rows then go through a temporary table of the same shape and, at `finish`, one
/// INSERT … SELECT, which the policies check as they would any insert.
final class PostgresCopyStream {
  private let connection: PostgresConnection
  private let sql: String
  /// The INSERT … SELECT that moves the rows from the temporary table, when there is one.
  private let moveFromStaging: String?
  private var buffer: [UInt8] = []
  private var open = true

  init(connection: PostgresConnection, table: String, columns: [String]) throws {
    self.connection = connection
    let policed = try connection.cursor(
      "SELECT row_security_active(CAST(? AS regclass))", [.text(table)], streaming: false)
    let bound = try policed.next() && policed.row.int(0) != 0
    policed.close()
    let list = columns.joined(separator: ", ")
    var target = table
    if bound {
      target = "bounty_copy_\(table)"
      try connection.execute(
        """
        CREATE TEMPORARY TABLE IF NOT EXISTS \(target)
          (LIKE \(table) INCLUDING DEFAULTS) ON COMMIT DROP
        """)
      moveFromStaging =
        "INSERT INTO \(table) (\(list)) SELECT \(list) FROM \(target); TRUNCATE \(target)"
    } else {
      moveFromStaging = nil
    }
    sql = "COPY \(target) (\(list)) FROM STDIN"
    buffer.reserveCapacity(PostgresConnection.copyChunkBytes + 4096)
    try connection.settlePending()
    let api = connection.api
    guard let started = api.exec(connection.handle, sql) else {
      throw PostgresError(
        sqlState: nil, message: PostgresConnection.oneLine(api.errorMessage(connection.handle)),
        sql: sql)
    }
    guard api.resultStatus(started) == PGRES_COPY_IN else {
      api.clear(try connection.check(started, sql: sql))
      throw PostgresError(sqlState: nil, message: "the server did not start the COPY", sql: sql)
    }
    api.clear(started)
  }

  /// Adds one row (handed to libpq, and so to the server, every `copyChunkBytes`).
  func write(_ values: [SQLValue]) throws {
    PostgresConnection.appendLine(values, to: &buffer)
    if buffer.count >= PostgresConnection.copyChunkBytes {
      try connection.send(&buffer, sql: sql)
    }
  }

  /// Sends `lines`, already in COPY's text format (`appendLine`), and empties it.
  func write(lines: inout [UInt8]) throws {
    let chunk = PostgresConnection.copyChunkBytes
    for start in stride(from: 0, to: lines.count, by: chunk) {
      buffer.append(contentsOf: lines[start..<min(start + chunk, lines.count)])
      try connection.send(&buffer, sql: sql)
    }
    lines.removeAll(keepingCapacity: true)
  }

  /// Ends the COPY and reports its outcome (a refused row, a broken constraint).
  func finish() throws {
    guard open else { return }
    do {
      try connection.send(&buffer, sql: sql)
    } catch {
      abandon()
      throw error
    }
    open = false
    let api = connection.api
    guard api.putCopyEnd(connection.handle, nil) == 1 else {
      throw PostgresError(
        sqlState: nil, message: PostgresConnection.oneLine(api.errorMessage(connection.handle)),
        sql: sql)
    }
    var failure: (any Error)?
    while let result = api.getResult(connection.handle) {
      do {
        api.clear(try connection.check(result, sql: sql))
      } catch {
        failure = failure ?? error
      }
    }
    if let failure { throw failure }
    if let moveFromStaging { try connection.execute(moveFromStaging) }
  }

  /// Ends the COPY as failed (the transaction with it), so that the connection can roll back.
  func abandon() {
    guard open else { return }
    open = false
    buffer.removeAll()
    _ = connection.api.putCopyEnd(connection.handle, "bounty stopped the copy")
    connection.drainResults()
  }
}
