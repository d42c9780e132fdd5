/// A streaming RFC 4180 reader: feed it bytes as they arrive, take records as they complete.
/// Quoted fields may hold commas, doubled quotes and line breaks; records end at LF or CRLF; a UTF-8
/// byte order mark at the start is skipped. Each record remembers the line it started on.
public struct CSVReader {
  public struct Record: Equatable, Sendable {
    public let line: Int
    public let fields: [String]
  }

  /// Why the text is not CSV: a quote in the middle of an unquoted field, text after a closing
  /// quote, or an unterminated quote at the end.
  public struct Failure: Error, Equatable, Sendable {
    public let line: Int
    public let reason: String
  }

  private var field: [UInt8] = []
  private var fields: [String] = []
  private var inQuotes = false
  private var quoteClosed = false
  private var fieldStarted = false
  private var pendingCR = false
  private var line = 1
  private var recordLine = 1
  private var atStart = true
  private var bomBytes = 0
  /// Longest field accepted, so that a stray quote cannot swallow a whole file into memory.
  public static let maximumFieldBytes = 1 << 20
  /// Most fields in one record, so that a line of commas cannot fill memory with empty fields.
  public static let maximumFields = 1_000
  /// The byte between fields: `,` (RFC 4180), or `;` as spreadsheets in many locales write.
  public let separator: UInt8

  public init(separator: UInt8 = 0x2C) {
    self.separator = separator
  }

  /// Reads `bytes` and returns the records they complete.
  public mutating func feed(_ bytes: [UInt8]) throws(Failure) -> [Record] {
    var records: [Record] = []
    let result: Result<Void, Failure> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(Failure) in
        var index = 0
        while index < buffer.count {
          // A run of bytes that only extend the field (most of a file) is copied whole.
          if !atStart && !pendingCR && !quoteClosed && isPlain(buffer[index]) {
            var end = index + 1
            while end < buffer.count && isPlain(buffer[end]) { end += 1 }
            field.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
            fieldStarted = true
            index = end
            if field.count > Self.maximumFieldBytes {
              throw Failure(
                line: recordLine,
                reason: inQuotes
                  ? "a field is longer than 1 MiB (is a quote missing?)"
                  : "a field is longer than 1 MiB")
            }
            continue
          }
          let byte = buffer[index]
          index += 1
          if atStart {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if byte == bom[bomBytes] {
              bomBytes += 1
              if bomBytes == 3 { atStart = false }
              continue
            }
            atStart = false
            if bomBytes > 0 {
              let partial = bom.prefix(bomBytes)
              bomBytes = 0
              for earlier in partial { try consume(earlier, into: &records) }
            }
          }
          try consume(byte, into: &records)
        }
      }
    }
    try result.get()
    return records
  }

  public mutating func feed(_ bytes: ArraySlice<UInt8>) throws(Failure) -> [Record] {
    try feed(Array(bytes))
  }

  /// Completes the last record (a file need not end with a line break).
  public mutating func finish() throws(Failure) -> Record? {
    if inQuotes { throw Failure(line: recordLine, reason: "a quoted field is not closed") }
    pendingCR = false
    guard fieldStarted || !fields.isEmpty else { return nil }
    return try endRecord()
  }

  /// True for a byte `consume` would only append to the field: in quotes anything but a quote or
  /// a line break (which counts a line), else anything but the separator, a quote, CR or LF.
  @inline(__always)
  private func isPlain(_ byte: UInt8) -> Bool {
    if inQuotes { return byte != 0x22 && byte != 0x0A }
    return byte != separator && byte != 0x22 && byte != 0x0D && byte != 0x0A
  }

  @inline(__always)
  private mutating func consume(_ byte: UInt8, into records: inout [Record]) throws(Failure) {
    if pendingCR {
      pendingCR = false
      if byte == 0x0A {
        line += 1
        records.append(try endRecord())
        return
      }
      // A lone CR outside quotes is kept as text.
      field.append(0x0D)
    }
    if inQuotes {
      if byte == 0x22 {
        inQuotes = false
        quoteClosed = true
      } else {
        if byte == 0x0A { line += 1 }
        field.append(byte)
        if field.count > Self.maximumFieldBytes {
          throw Failure(
            line: recordLine, reason: "a field is longer than 1 MiB (is a quote missing?)")
        }
      }
      return
    }
    if byte == separator {
      try endField()
      return
    }
    switch byte {
    case 0x22:
      if quoteClosed {
        field.append(0x22)
        inQuotes = true
        quoteClosed = false
      } else if field.isEmpty && !fieldStarted {
        inQuotes = true
        fieldStarted = true
      } else {
        throw Failure(line: line, reason: "a quote inside an unquoted field")
      }
    case 0x0D:
      pendingCR = true
    case 0x0A:
      line += 1
      records.append(try endRecord())
    default:
      if quoteClosed { throw Failure(line: line, reason: "text after a closing quote") }
      field.append(byte)
      fieldStarted = true
      if field.count > Self.maximumFieldBytes {
        throw Failure(line: recordLine, reason: "a field is longer than 1 MiB")
      }
    }
  }

  private mutating func endField() throws(Failure) {
    let text: String
    if field.allSatisfy({ $0 < 0x80 }) {
      // ASCII is UTF-8 as it is: no validation (a tenth of a CSV import's instructions).
      text = String(decoding: field, as: UTF8.self)
    } else if let valid = String(validating: field, as: UTF8.self) {
      text = valid
    } else {
      throw Failure(
        line: recordLine, reason: "the text is not UTF-8 (Latin-1?); save the file as UTF-8")
    }
    guard fields.count < Self.maximumFields else {
      throw Failure(line: recordLine, reason: "a record has more than \(Self.maximumFields) fields")
    }
    fields.append(text)
    field.removeAll(keepingCapacity: true)
    quoteClosed = false
    fieldStarted = false
  }

  private mutating func endRecord() throws(Failure) -> Record {
    try endField()
    let record = Record(line: recordLine, fields: fields)
    // The next record most likely has as many fields: one allocation, not one per doubling.
    fields = []
    fields.reserveCapacity(record.fields.count)
    recordLine = line
    return record
  }
}

/// Writes RFC 4180 fields exactly: quoted only when needed, nothing else changed. Works on UTF-8
/// bytes (an export writes millions of fields): a field is quoted when it holds a comma, a quote or
/// a line break, or starts or ends with a space.
public enum CSVWriter {
  public static func field(_ text: String) -> String {
    var bytes: [UInt8] = []
    append(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  public static func record(_ fields: [String]) -> String {
    var bytes: [UInt8] = []
    appendRecord(fields, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends one field, quoted when needed.
  public static func append(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      guard
        utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D })
          || utf8.first == 0x20 || utf8.last == 0x20
      else {
        bytes.append(contentsOf: utf8)
        return
      }
      bytes.append(0x22)
      for byte in utf8 {
        if byte == 0x22 { bytes.append(0x22) }
        bytes.append(byte)
      }
      bytes.append(0x22)
    }
  }

  /// `text` as a spreadsheet shows it rather than runs it: text starting with `=`, `+`, `-`, `@`, a
  /// tab or a carriage return (a formula, or what a spreadsheet may take for one) gets a leading
  /// `'`; other text is returned as it is. Every CSV bounty writes for people (lists, reports)
  /// guards its text this way; `export` does not, so that `import` reads back exactly what it wrote.
  public static func guarded(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else {
      return text
    }
    return "'" + text
  }

  /// Appends a record: the fields separated by commas, ended by CRLF.
  public static func appendRecord(_ fields: [String], to bytes: inout [UInt8]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(0x2C) }
      append(field, to: &bytes)
    }
    bytes.append(0x0D)
    bytes.append(0x0A)
  }
}
