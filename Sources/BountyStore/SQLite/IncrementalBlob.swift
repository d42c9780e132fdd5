import CSQLite
import Glibc

/// SQLite's incremental blob I/O (`sqlite3_blob_open`): a large value such as a 10 MiB photo is
/// read straight into the caller's array, written from it, or compared with it, without the copies
/// a bound parameter or a result column makes (SQLite's own copy of a bound value, and the record
/// built from it; the column's value and Swift's array of it).
///
/// SQLite only (`Database.sqlite`): PostgreSQL binds and selects the value as `bytea`.
extension SQLiteConnection {
  /// Overwrites the blob in `table.column` of the row whose rowid is `rowid` with `bytes`. The
  /// value must already be exactly `bytes.count` long (insert `zeroblob(N)` first): incremental
  /// I/O never changes a value's size. Triggers do not fire for the write itself.
  func writeBlob(
    _ bytes: [UInt8], table: String, column: String, rowid: Int64
  ) throws(SQLiteError) {
    try withBlob(table: table, column: column, rowid: rowid, writable: true) {
      blob throws(SQLiteError) in
      guard !bytes.isEmpty else { return }
      let code = bytes.withUnsafeBytes {
        sqlite3_blob_write(blob, $0.baseAddress, Int32($0.count), 0)
      }
      guard code == SQLITE_OK else { throw lastError(code: code, sql: nil) }
    }
  }

  /// The bytes of the blob in `table.column` of the row whose rowid is `rowid`, read into one
  /// array of exactly their size.
  func readBlob(table: String, column: String, rowid: Int64) throws(SQLiteError) -> [UInt8] {
    try withBlob(table: table, column: column, rowid: rowid, writable: false) {
      blob throws(SQLiteError) in
      let count = Int(sqlite3_blob_bytes(blob))
      var code = SQLITE_OK
      let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        code = count == 0 ? SQLITE_OK : sqlite3_blob_read(blob, buffer.baseAddress, Int32(count), 0)
        initialized = code == SQLITE_OK ? count : 0
      }
      guard code == SQLITE_OK else { throw lastError(code: code, sql: nil) }
      return bytes
    }
  }

  /// Hands `body` the blob in `table.column` of row `rowid` 64 KiB at a time (a photo's bytes
  /// hashed without holding them whole).
  func readBlobPieces(
    table: String, column: String, rowid: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(SQLiteError) {
    try withBlob(table: table, column: column, rowid: rowid, writable: false) {
      blob throws(SQLiteError) in
      let count = Int(sqlite3_blob_bytes(blob))
      var piece = [UInt8](repeating: 0, count: min(count, 1 << 16))
      var offset = 0
      while offset < count {
        let length = min(piece.count, count - offset)
        let code = piece.withUnsafeMutableBytes {
          sqlite3_blob_read(blob, $0.baseAddress, Int32(length), Int32(offset))
        }
        guard code == SQLITE_OK else { throw lastError(code: code, sql: nil) }
        piece.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<length])) }
        offset += length
      }
    }
  }

  /// Copies the blob in `source` into the blob in `target`, 64 KiB at a time; `target` must
  /// already be exactly as long (a `zeroblob(length(…))` of it). Triggers do not fire.
  func copyBlob(
    from source: (table: String, column: String, rowid: Int64),
    to target: (table: String, column: String, rowid: Int64)
  ) throws(SQLiteError) {
    try withBlob(table: target.table, column: target.column, rowid: target.rowid, writable: true) {
      written throws(SQLiteError) in
      var offset: Int32 = 0
      var failure = SQLITE_OK
      try readBlobPieces(table: source.table, column: source.column, rowid: source.rowid) {
        piece in
        guard failure == SQLITE_OK else { return }
        failure = sqlite3_blob_write(written, piece.baseAddress, Int32(piece.count), offset)
        offset += Int32(piece.count)
      }
      guard failure == SQLITE_OK else { throw lastError(code: failure, sql: nil) }
    }
  }

  /// True when the blob in `table.column` of row `rowid` holds exactly `bytes`, compared 64 KiB
  /// at a time.
  func blobEquals(
    _ bytes: [UInt8], table: String, column: String, rowid: Int64
  ) throws(SQLiteError) -> Bool {
    try withBlob(table: table, column: column, rowid: rowid, writable: false) {
      blob throws(SQLiteError) in
      guard Int(sqlite3_blob_bytes(blob)) == bytes.count else { return false }
      var piece = [UInt8](repeating: 0, count: min(bytes.count, 1 << 16))
      var offset = 0
      while offset < bytes.count {
        let length = min(piece.count, bytes.count - offset)
        let code = piece.withUnsafeMutableBytes {
          sqlite3_blob_read(blob, $0.baseAddress, Int32(length), Int32(offset))
        }
        guard code == SQLITE_OK else { throw lastError(code: code, sql: nil) }
        let same = bytes.withUnsafeBytes { whole in
          piece.withUnsafeBytes {
            memcmp(whole.baseAddress! + offset, $0.baseAddress!, length) == 0
          }
        }
        guard same else { return false }
        offset += length
      }
      return true
    }
  }

  private func withBlob<T>(
    table: String, column: String, rowid: Int64, writable: Bool,
    _ body: (OpaquePointer) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    var blob: OpaquePointer?
    let code = sqlite3_blob_open(handle, "main", table, column, rowid, writable ? 1 : 0, &blob)
    guard code == SQLITE_OK, let blob else {
      let error = lastError(code: code, sql: nil)
      sqlite3_blob_close(blob)
      throw error
    }
    defer { sqlite3_blob_close(blob) }
    return try body(blob)
  }
}
