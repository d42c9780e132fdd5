import CLibPQ

/// The values of one statement's parameters as libpq takes them: integers as `int8`, reals as
/// `float8`, text as `text` (all three in text format), blobs as `bytea` in binary format, NULL
/// untyped (the server infers its type).
struct PostgresParameters {
  /// PostgreSQL's type numbers (`pg_type.oid`) of the parameters bounty sends.
  private enum TypeNumber {
    static let untyped: Oid = 0
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let text: Oid = 25
    static let float8: Oid = 701
  }

  private(set) var types: [Oid] = []
  private var formats: [Int32] = []
  private var lengths: [Int32] = []
  /// Where each value starts in `bytes`; nil for NULL.
  private var offsets: [Int?] = []
  private var bytes: [UInt8] = []

  init(_ values: [SQLValue]) {
    for value in values {
      var type = TypeNumber.untyped
      var format: Int32 = 0
      var start: Int? = bytes.count
      switch value {
      case .null: start = nil
      case .integer(let number):
        type = TypeNumber.int8
        bytes.append(contentsOf: String(number).utf8)
      case .coordinate(let number):
        type = TypeNumber.float8
        bytes.append(contentsOf: number.description.utf8)
      case .text(let text):
        type = TypeNumber.text
        bytes.append(contentsOf: text.utf8)
      case .blob(let blob):
        type = TypeNumber.bytea
        format = 1
        bytes.append(contentsOf: blob)
      }
      types.append(type)
      formats.append(format)
      lengths.append(Int32(clamping: start.map { bytes.count - $0 } ?? 0))
      offsets.append(start)
      // Text-format values end with a NUL; it also gives an empty blob an address of its own.
      bytes.append(0)
    }
  }

  var count: Int32 { Int32(types.count) }

  /// Calls `body` with the arrays `PQexecParams` and `PQexecPrepared` take: the values, their
  /// lengths and their formats (valid during the call only).
  func withArrays<Result>(
    _ body: (
      _ values: [UnsafePointer<CChar>?], _ lengths: [Int32], _ formats: [Int32]
    ) -> Result
  ) -> Result {
    bytes.withUnsafeBufferPointer { buffer in
      let values: [UnsafePointer<CChar>?] = offsets.map { offset in
        guard let offset, let base = buffer.baseAddress else { return nil }
        return UnsafeRawPointer(base + offset).assumingMemoryBound(to: CChar.self)
      }
      return body(values, lengths, formats)
    }
  }
}
