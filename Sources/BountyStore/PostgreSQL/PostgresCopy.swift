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
    // COPY refuses a table whose row policies bind this role (a hunter, an admin: `fugitive`'s
    // delete policy); the rows then go through a temporary table of the same shape and one
    // INSERT … SELECT, which the policies check as they would any insert.
    let policed = try cursor(
      "SELECT row_security_active(CAST(? AS regclass))", [.text(table)], streaming: false)
    let bound = try policed.next() && policed.row.int(0) != 0
    policed.close()
    guard bound else { return try copy(into: table, columns: columns, produce) }
    let staging = "bounty_copy_\(table)"
    let list = columns.joined(separator: ", ")
    try execute(
      """
      CREATE TEMPORARY TABLE IF NOT EXISTS \(staging)
        (LIKE \(table) INCLUDING DEFAULTS) ON COMMIT DROP
      """)
    try copy(into: staging, columns: columns, produce)
    try execute(
      "INSERT INTO \(table) (\(list)) SELECT \(list) FROM \(staging); TRUNCATE \(staging)")
  }

  /// `COPY table (columns) FROM STDIN` of every row `produce` writes.
  private func copy(
    into table: String, columns: [String],
    _ produce: (_ write: ([SQLValue]) throws -> Void) throws -> Void
  ) throws {
    collectPendingCommit()
    let sql = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
    guard let started = api.exec(handle, sql) else {
      throw PostgresError(sqlState: nil, message: Self.oneLine(api.errorMessage(handle)), sql: sql)
    }
    guard api.resultStatus(started) == PGRES_COPY_IN else {
      api.clear(try check(started, sql: sql))
      throw PostgresError(sqlState: nil, message: "the server did not start the COPY", sql: sql)
    }
    api.clear(started)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(Self.copyChunkBytes + 4096)
    do {
      try produce { values in
        Self.appendLine(values, to: &buffer)
        if buffer.count >= Self.copyChunkBytes { try self.send(&buffer, sql: sql) }
      }
      try send(&buffer, sql: sql)
    } catch {
      _ = api.putCopyEnd(handle, "bounty stopped the copy")
      drainResults()
      throw error
    }
    guard api.putCopyEnd(handle, nil) == 1 else {
      throw PostgresError(sqlState: nil, message: Self.oneLine(api.errorMessage(handle)), sql: sql)
    }
    var failure: (any Error)?
    while let result = api.getResult(handle) {
      do {
        api.clear(try check(result, sql: sql))
      } catch {
        failure = failure ?? error
      }
    }
    if let failure { throw failure }
  }

  private func send(_ buffer: inout [UInt8], sql: String) throws {
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
    for (index, value) in values.enumerated() {
      if index > 0 { buffer.append(UInt8(ascii: "\t")) }
      switch value {
      case .null: buffer.append(contentsOf: Array(#"\N"#.utf8))
      case .integer(let number): buffer.append(contentsOf: Array(String(number).utf8))
      case .coordinate(let number): buffer.append(contentsOf: Array("\(number)".utf8))
      case .text(let text): appendEscaped(text, to: &buffer)
      case .blob(let bytes):
        // `\\x` in the stream is the text `\x`, bytea's hex input form.
        buffer.append(contentsOf: Array(#"\\x"#.utf8))
        let digits = Array("0123456789abcdef".utf8)
        for byte in bytes {
          buffer.append(digits[Int(byte >> 4)])
          buffer.append(digits[Int(byte & 0x0F)])
        }
      }
    }
    buffer.append(UInt8(ascii: "\n"))
  }

  private static func appendEscaped(_ text: String, to buffer: inout [UInt8]) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): buffer.append(contentsOf: Array(#"\\"#.utf8))
      case UInt8(ascii: "\t"): buffer.append(contentsOf: Array(#"\t"#.utf8))
      case UInt8(ascii: "\n"): buffer.append(contentsOf: Array(#"\n"#.utf8))
      case UInt8(ascii: "\r"): buffer.append(contentsOf: Array(#"\r"#.utf8))
      default: buffer.append(byte)
      }
    }
  }
}
