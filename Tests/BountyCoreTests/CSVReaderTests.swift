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
