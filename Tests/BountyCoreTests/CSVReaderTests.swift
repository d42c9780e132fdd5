import Testing

@testable import BountyCore

@Suite struct CSVReaderTests {
  func read(_ text: String, chunk: Int = 3) throws -> [CSVReader.Record] {
    var reader = CSVReader()
    var records: [CSVReader.Record] = []
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      records += try reader.feed(bytes[start..<min(bytes.count, start + chunk)])
      start += chunk
    }
    if let last = try reader.finish() { records.append(last) }
    return records
  }

  @Test func readsRFC4180AcrossChunkBoundaries() throws {
    let text =
      "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\n,,\nlast,row,no-newline"
    for chunk in [1, 2, 3, 7, 1000] {
      let records = try read(text, chunk: chunk)
      #expect(
        records.map(\.fields) == [
          ["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["", "", ""],
          ["last", "row", "no-newline"],
        ])
      #expect(records.map(\.line) == [1, 2, 4, 5])
    }
  }

  @Test func writerAndReaderAgree() throws {
    let fields = [
      "plain", "with,comma", "with \"quote\"", "new\nline", " lead", "trail ", "", "=formula", "王伟",
    ]
    #expect(try read(CSVWriter.record(fields)).map(\.fields) == [fields])
  }

  /// Runs of plain bytes are copied whole: what they may hold (a lone CR, a CR or LF in quotes,
  /// non-ASCII text) and the limits (a field over 1 MiB, bytes that are not UTF-8) read as byte by
  /// byte, whatever the chunks.
  @Test func runsOfPlainBytesReadAsByteByByte() throws {
    for chunk in [1, 5, 1000] {
      let records = try read("a\rb,\"c\r\nd\",Zoë\r\n\"x\"\"y\",z\n", chunk: chunk)
      #expect(records.map(\.fields) == [["a\rb", "c\r\nd", "Zoë"], ["x\"y", "z"]])
      #expect(records.map(\.line) == [1, 3])
    }
    let long = String(repeating: "x", count: CSVReader.maximumFieldBytes + 1)
    for text in ["a,\(long)\n", "a,\"\(long)\"\n"] {
      #expect(throws: CSVReader.Failure.self) { try read(text, chunk: 4096) }
    }
    var reader = CSVReader()
    #expect(throws: CSVReader.Failure.self) { try reader.feed([0x61, 0x2C, 0xE9, 0x0A]) }
  }

  @Test(arguments: ["a,\"b\"c\n", "a,b\"c\n", "\"open,b\n"])
  func refusesMalformedQuoting(text: String) {
    #expect(throws: CSVReader.Failure.self) { try read(text) }
  }
}

/// The one formula guard of every CSV for people, and the one rule that names a format by a file's
/// extension.
@Suite struct CSVGuardAndImpliedFormatTests {
  @Test(arguments: [
    ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"), ("+1 555", "'+1 555"), ("-2+3", "'-2+3"),
    ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("\rx", "'\rx"), ("Ann = Lee", "Ann = Lee"),
    ("", ""), ("12500.00", "12500.00"), ("'quoted", "'quoted"),
  ])
  func guardsWhatASpreadsheetWouldRun(text: String, guarded: String) {
    #expect(CSVWriter.guarded(text) == guarded)
  }

  enum Kind: String, CaseIterable, ImpliedFormat {
    case html, text
    var fileExtensions: [String] { self == .html ? ["html", "htm"] : ["txt"] }
  }

  @Test(arguments: [
    ("r.html", Kind.html), ("dir.d/R.HTM", .html), ("notes.txt", .text), ("r.pdf", nil),
    ("html", nil), (".html", nil), ("folder.html/report", nil), ("a.b.txt", .text),
  ])
  func namesTheFormatByExtension(path: String, kind: Kind?) {
    #expect(Kind.implied(by: path) == kind)
  }
}
