import BountyCore
import Testing

@testable import TerminalFront

/// Printable ASCII is measured and cut over its bytes (a 5,000-row table asks of every cell); the
/// answers are those of the character-by-character path, which everything else still takes.
@Suite struct TextWidthTests {
  @Test func printableASCIIIsOneColumnAByte() {
    #expect(SafeText.isPrintableASCII("Ada Morrow 12 ~!"))
    #expect(!SafeText.isPrintableASCII("tab\there"))
    #expect(!SafeText.isPrintableASCII("Zoë"))
    #expect(!SafeText.isPrintableASCII("\u{7F}"))
    #expect(displayWidth("Ada Morrow") == 10)
    #expect(displayWidth("a\u{1}b") == 2)
    #expect(displayWidth("東京") == 4)
  }

  @Test func cuttingASCIIEndsInAnEllipsisWithinTheWidth() {
    #expect(truncated("Augustin Delacroix", toWidth: 8) == "Augusti…")
    #expect(truncated("Augustin", toWidth: 8) == "Augustin")
    #expect(truncated("Augustin", toWidth: 1) == "…")
    #expect(truncated("Augustin", toWidth: 0) == "")
    #expect(truncated("Zoë Lindqvist", toWidth: 5) == "Zoë …")
    #expect(truncated("東京都庁", toWidth: 5) == "東京…")
  }

  @Test func escapingLeavesPrintableASCIIAloneAndStillEscapesControls() {
    #expect(terminalSafe("Bo Demir") == "Bo Demir")
    #expect(terminalSafe("a\u{1B}[31mb") == "a\\u{1b}[31mb")
    #expect(terminalSafe("x\u{202E}y") == "x\\u{202e}y")
  }
}
