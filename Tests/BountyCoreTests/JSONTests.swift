import Testing

@testable import BountyCore

@Suite struct JSONTests {
  @Test func keepsNumbersAsTheirDigits() throws {
    let value = try JSONParser.parse(#"{"a":0.1,"b":12345678901234.99,"c":1e400,"d":-0}"#)
    #expect(value["a"] == .number("0.1"))
    #expect(value["b"] == .number("12345678901234.99"))
    #expect(value["c"] == .number("1e400"))
    #expect(value.serialized == #"{"a":0.1,"b":12345678901234.99,"c":1e400,"d":-0}"#)
  }

  @Test func keepsKeyOrderAndEscapes() throws {
    let text = #"{"z":"a\"b\\c\n\u0001é😀","a":[true,false,null]}"#
    let value = try JSONParser.parse(text)
    #expect(value.objectValue?.keys == ["z", "a"])
    #expect(value["z"]?.stringValue == "a\"b\\c\n\u{01}é😀")
    #expect(value.serialized == #"{"z":"a\"b\\c\n\u0001é😀","a":[true,false,null]}"#)
    #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\":}", "01", "1.", ".5", "+1", "tru", "\"\\x\"", "\"\u{01}\"",
    "\"\\ud800\"", "[1] 2", "{\"a\" 1}", "nul", "-", "1e", "[", "\"abc",
  ])
  func refusesMalformedText(text: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
  }

  @Test func refusesDeepNestingAndBadUTF8() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
    #expect(throws: Never.self) { try JSONParser.parse(fine) }
    #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
  }
}
