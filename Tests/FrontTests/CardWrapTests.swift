import Testing

@testable import TerminalFront

/// The workspace's card shows every line whole: a long value wraps under itself, not under its
/// label, and nothing is cut with "…".
@Suite struct CardWrapTests {
  @Test func aLongValueWrapsUnderItself() {
    let line = "  Description  Failure to appear on three counts of wire fraud in two states"
    let rows = WorkspaceFrame.wrapped(card: line, toWidth: 40)
    #expect(rows.count > 1 && rows.allSatisfy { displayWidth($0) <= 40 }, "\(rows)")
    #expect(rows[0].hasPrefix("  Description  Failure"))
    #expect(rows.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 15)) })
    let words = rows.joined(separator: " ").split(separator: " ")
    #expect(words.joined(separator: " ") == line.split(separator: " ").joined(separator: " "))
  }

  @Test func aNoteWrapsUnderItsText() {
    let line =
      "    12. Seen near the bus depot on Fremont at noon, blue pickup  [note 7, 2026-11-30]"
    let rows = WorkspaceFrame.wrapped(card: line, toWidth: 36)
    #expect(rows[0].hasPrefix("    12. Seen"))
    #expect(rows.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 8)) })
    #expect(rows.allSatisfy { displayWidth($0) <= 36 }, "\(rows)")
  }

  @Test func aShortLineIsLeftAlone() {
    #expect(
      WorkspaceFrame.wrapped(card: "  Bounty       $5,000.00", toWidth: 80) == [
        "  Bounty       $5,000.00"
      ])
  }
}
