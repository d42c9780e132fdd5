import Foundation
import Testing

@testable import BountyCore

@Suite struct Base64AndFoldingTests {
  /// Our encoder and decoder against Foundation's, on every length from 0 to 300.
  @Test func base64MatchesFoundation() {
    var bytes: [UInt8] = []
    for length in 0...300 {
      #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString(), "length \(length)")
      #expect(Base64.decode(Data(bytes).base64EncodedString()) == bytes)
      bytes.append(UInt8(truncatingIfNeeded: length &* 151 &+ 7))
    }
    for bad in ["a", "abc", "ab=c", "a===", "****", "ab c"] {
      #expect(Base64.decode(bad) == nil, "\(bad)")
    }
  }

  @Test func foldsLikeADiacriticInsensitiveComparison() {
    let pairs = [
      ("Émile", "emile"), ("ZOË", "zoe"), ("Nguyễn Văn An", "nguyen van an"),
      ("Ábel Kovács", "abel kovacs"),
      ("Straße", "strasse"), ("Łódź", "lodz"), ("Ærø", "aero"), ("Алексей", "алексеи"),
      ("ΆΛΦΑ", "αλφα"),
      ("E\u{0301}mile", "emile"), ("Ｅｍｉｌｅ", "emile"), ("王伟", "王伟"),
    ]
    for (name, key) in pairs { #expect(nameSortKey(name) == key, "\(name)") }
  }
}
