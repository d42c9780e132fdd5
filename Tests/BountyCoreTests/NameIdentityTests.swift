import BountyCore
import Testing

/// The rules that keep a hunter's name from passing for another's: invisible characters refused,
/// names compared by their skeleton (NFKC, case folding, then UTS #39's confusables), and names
/// shown with invisible characters escaped.
@Suite struct NameIdentityTests {
  @Test(arguments: [
    "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{034F}",
    "\u{180E}", "\u{FE0F}", "\u{E0041}", "\u{202E}", "\u{2066}", "\u{061C}", "\u{200E}",
    "\u{0007}", "\u{001B}", "\u{0085}", "\u{009B}", "\u{2028}", "\u{2029}",
  ])
  func anInvisibleCharacterIsFound(character: String) throws {
    let name = "ana" + character
    let found = try #require(NameIdentity.invisible(in: name))
    #expect(String(found) == character)
    #expect(NameIdentity.shown(name) == "ana\\u{\(String(found.value, radix: 16))}")
  }

  @Test func aSeparatorIsNamedForWhatItIs() {
    #expect(NameIdentity.kind(of: "\u{2028}") == "line separator")
    #expect(NameIdentity.kind(of: "\u{2029}") == "paragraph separator")
    #expect(NameIdentity.kind(of: "\u{200B}") == "invisible character")
  }

  @Test func anOrdinaryNameHasNoneAndIsShownAsItIs() {
    for name in ["Ana", "Zoë Ångström", "Олга", "李小龍", "O'Brien-Smith"] {
      #expect(NameIdentity.invisible(in: name) == nil, "\(name)")
      #expect(NameIdentity.shown(name) == name)
    }
  }

  @Test(arguments: [
    "ANA", "Ana", "\u{FF41}\u{FF4E}\u{FF41}", "\u{0430}na", "an\u{0430}", "\u{0251}na",
  ])
  func aNameThatLooksLikeAnotherImitatesIt(name: String) {
    #expect(NameIdentity.imitated(by: name, among: ["ben", "ana"]) == "ana", "\(name)")
  }

  @Test func namesThatDifferAreNotConfused() {
    for name in ["anna", "ben", "Olga", "an", "ana b"] {
      #expect(NameIdentity.imitated(by: name, among: ["ana"]) == nil, "\(name)")
    }
    // Latin l and digit 1 are one skeleton (confusables.txt), as a reader sees them.
    #expect(NameIdentity.imitated(by: "l1", among: ["ll"]) == "ll")
    // Decomposed and precomposed letters are one name.
    #expect(NameIdentity.imitated(by: "Zoe\u{308}", among: ["zoë"]) == "zoë")
  }
}
