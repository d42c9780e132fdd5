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
