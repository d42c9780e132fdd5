import BountyApp
import BountyCore
import Testing

@testable import TerminalFront

/// The view model shared by the workspace and the shell, without a terminal: each tab's stack, and
/// the current fugitive that verbs given no ID# act on.
@Suite struct ViewModelTests {
  @Test func eachTabKeepsItsOwnStack() {
    var model = ViewModel()
    model.show(25772, in: .fugitives)
    model.active = .captured
    #expect(model.currentFugitive == nil)
    model.show(57750, in: .captured)
    model.active = .fugitives
    #expect(model.currentFugitive == 25772)
    #expect(model.tabs[.captured]?.stack == [.list, .detail(57750)])
    let popped = model.back()
    #expect(popped && model.currentFugitive == nil)
    let poppedFromList = model.back()
    #expect(!poppedFromList)
    model.active = .captured
    #expect(model.currentFugitive == 57750)
  }

  @Test func theCurrentFugitiveFollowsAddShowAndEdit() {
    var model = ViewModel()
    model.show(25772, in: .fugitives)
    // `add` shows the new fugitive's card: it is the current one, not the one shown before.
    model.show(4242, in: .fugitives)
    #expect(model.currentFugitive == 4242)
    #expect(model.current.stack == [.list, .detail(4242)])
    // An edit that changed the ID# keeps the card, under the new number.
    model.focus(4343)
    #expect(model.current.stack == [.list, .detail(4343)])
    // An action from the list that printed a card pushes it.
    model.back()
    model.focus(7)
    #expect(model.current.stack == [.list, .detail(7)])
  }

  @Test func aDeletedFugitiveLeavesEveryTabButADeclinedDeleteKeepsTheCard() {
    var model = ViewModel()
    model.show(7, in: .captured)
    model.show(7, in: .fugitives)
    model.show(8, in: .fugitives)
    // Declined: nothing is forgotten.
    #expect(model.currentFugitive == 8)
    model.forget(7)
    #expect(model.tabs[.captured]?.stack == [.list])
    #expect(model.currentFugitive == 8)
    model.forget(8)
    #expect(model.currentFugitive == nil && model.current.stack == [.list])
  }

  @Test func aNewSortOrFilterStartsAtTheTop() {
    var model = ViewModel()
    model.current.cursor = 40
    model.current.offset = 30
    model.show(1, in: .fugitives)
    model.current.search = "Wren"
    model.resetList()
    #expect(model.current == TabState(stack: [.list], search: "Wren"))
  }
}

/// How a shell line is read: which words are an ID#, which are free text.
@Suite struct ShellLineTests {
  func read(_ line: String, on current: Int64?, tab: TabName = .fugitives) throws -> [String] {
    let reader = ShellLine(registry: .standard, active: tab, current: current, home: "/home/dana")
    let (command, tokens) = try #require(try reader.resolve(line))
    let spec = command
    return [spec.name] + tokens
  }

  /// The shell and the workspace's `:` name the nearest command, as the one-shot does.
  @Test func aMistypedVerbNamesTheNearestCommand() {
    let reader = ShellLine(registry: .standard, active: .fugitives, current: nil, home: nil)
    #expect(
      reader.unknownCommand("fugitives lst", otherwise: "x").message
        == "unknown command 'fugitives lst'; did you mean 'list'?")
    #expect(
      reader.unknownCommand("lst --limit 2", otherwise: "x").message
        == "unknown command 'lst'; did you mean 'list'?")
    #expect(
      reader.unknownCommand("frobnicate now", otherwise: "Tab completes").message
        == "unknown command 'frobnicate'; Tab completes")
  }

  /// With no card on screen a verb that needs a fugitive is refused, naming the script line.
  @Test func withNoCardAVerbGivenNoIDIsRefused() throws {
    var reader = ShellLine(registry: .standard, active: .captured, current: nil, home: nil)
    reader.line = 7
    #expect(
      throws: BountyError.usage(
        "line 7: no fugitive on screen: 'release' needs an ID# here (or 'show ID' first)")
    ) {
      try reader.resolve("release")
    }
    // An ID#, or a filter that selects instead, is fine.
    #expect(try reader.resolve("release 57750") != nil)
    #expect(try reader.resolve("release --all-matching --search fraud") != nil)
  }

  @Test func onACardFreeTextTakesTheRestOfTheLine() throws {
    #expect(
      try read("note add 2 cars in the driveway", on: 91320)
        == ["notes.add", "91320", "--", "2 cars in the driveway"])
    #expect(
      try read("note add Sister's place,  at  noon", on: 91320)
        == ["notes.add", "91320", "--", "Sister's place,  at  noon"])
    #expect(try read("note delete 9", on: 91320) == ["notes.delete", "91320", "9"])
    #expect(
      try read("note edit 9 moved to Reno", on: 91320)
        == ["notes.update", "91320", "9", "--", "moved to Reno"])
    #expect(try read("note move 9 --to 1", on: 91320) == ["notes.move", "91320", "9", "--to", "1"])
  }

  @Test func anIDIsTakenOnlyWhereOneIsExpected() throws {
    // From a list, the first number is the fugitive.
    #expect(
      try read("note add 7 Seen at the docks", on: nil) == [
        "notes.add", "7", "--", "Seen at the docks",
      ])
    // A verb that takes only an ID#: a number given is that fugitive, none is the card's.
    #expect(try read("capture", on: 25772) == ["fugitives.capture", "25772"])
    #expect(
      try read("capture 7 --at 2026-11-29", on: 25772) == [
        "fugitives.capture", "7", "--at", "2026-11-29",
      ])
    #expect(
      try read("capture --at 2026-11-29", on: 25772) == [
        "fugitives.capture", "25772", "--at", "2026-11-29",
      ])
    #expect(try read("release", on: 57750, tab: .captured) == ["captured.release", "57750"])
    // The card's own ID# may lead where the next value is not free text.
    #expect(
      try read("photo 91321 ~/mug.png", on: 91321) == [
        "fugitives.photo", "91321", "/home/dana/mug.png",
      ])
    #expect(
      try read("photo ~/mug.png", on: 91321) == ["fugitives.photo", "91321", "/home/dana/mug.png"])
  }

  @Test func settingsTakeTheRestOfTheLineAsTheValue() throws {
    #expect(
      try read("set hunter.name Dana Reyes", on: nil, tab: .settings)
        == ["settings.set", "hunter.name", "--", "Dana Reyes"])
    #expect(
      try read("settings set agency.name \"Reyes & Sons\"", on: 4)
        == ["settings.set", "agency.name", "--", "Reyes & Sons"])
  }

  @Test func quotingAndTilde() throws {
    let words = try #require(
      shellWords(#"find O'Rourke "a b" 'c d' x\ y ~ ~/f '~/g' ~dana"#, home: "/h"))
    #expect(
      words.map(\.text) == ["find", "O'Rourke", "a b", "c d", "x y", "/h", "/h/f", "~/g", "~dana"])
    #expect(shellWords("say \"unfinished", home: nil) == nil)
    #expect(throws: BountyError.self) { try read("note add \"open", on: 1) }
  }
}

/// Colour: the command line (`--color=WHEN`, `--no-color`) decides first; otherwise NO_COLOR and
/// TERM=dumb refuse it, and the `color` preference `never` too; `auto` and `always` colour a
/// terminal only.
@Suite struct ColourTests {
  @Test func theCommandLineThenTheEnvironmentThenThePreference() {
    #expect(Colour.enabled(option: nil, environment: [:], setting: "auto", isTTY: true))
    #expect(!Colour.enabled(option: nil, environment: [:], setting: "auto", isTTY: false))
    #expect(!Colour.enabled(option: nil, environment: [:], setting: "never", isTTY: true))
    // `color always` is a terminal only: a preference cannot know who reads a pipe.
    #expect(!Colour.enabled(option: nil, environment: [:], setting: "always", isTTY: false))
    #expect(Colour.enabled(option: nil, environment: [:], setting: "always", isTTY: true))
    #expect(!Colour.enabled(option: .never, environment: [:], setting: "always", isTTY: true))
    #expect(
      !Colour.enabled(option: nil, environment: ["NO_COLOR": "1"], setting: "always", isTTY: true))
    #expect(
      Colour.enabled(option: nil, environment: ["NO_COLOR": ""], setting: "auto", isTTY: true))
    #expect(
      !Colour.enabled(option: nil, environment: ["TERM": "dumb"], setting: "always", isTTY: true))
    // --color=always colours a pipe, over NO_COLOR, TERM=dumb and the preference.
    #expect(
      Colour.enabled(
        option: .always, environment: ["NO_COLOR": "1", "TERM": "dumb"], setting: "never",
        isTTY: false))
    // --color=auto: a terminal decides, not the preference.
    #expect(Colour.enabled(option: .auto, environment: [:], setting: "never", isTTY: true))
    #expect(!Colour.enabled(option: .auto, environment: [:], setting: "always", isTTY: false))
  }
}
