import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import TerminalFront

/// A screen for the workspace without a terminal: it keeps what was drawn as text, and gives the
/// workspace keys from a script, with other things happening between them (another process's
/// change, a look at the screen).
final class TestScreen: Screen {
  enum Step {
    case key(Key)
    /// Something that happens while the workspace waits; it then reads the rows again.
    case meanwhile(() -> Void)
    /// A look at the screen as last drawn.
    case look((TestScreen) -> Void)
  }

  let rows: Int
  let columns: Int
  private var grid: [[Character]]
  private var reversed: Set<Int> = []
  private(set) var frame = ""
  private(set) var selectedRow = ""
  private var steps: [Step]

  init(rows: Int = 30, columns: Int = 100, _ steps: [Step]) {
    self.rows = rows
    self.columns = columns
    self.steps = steps
    grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  func styled(_ pair: Curses.Pair, _ extra: Curses.Look, fallback: Curses.Look) -> Curses.Look {
    fallback + extra
  }

  func draw(
    _ text: String, row: Int, column: Int, width: Int?, look: Curses.Look, pad: Bool,
    alignRight: Bool
  ) -> Int {
    guard
      let shown = fitted(
        text, row: row, column: column, width: width, pad: pad, alignRight: alignRight)
    else { return 0 }
    var at = column
    for character in shown where at < columns {
      grid[row][at] = character
      // A wide character takes two cells: the second holds nothing.
      if displayWidth(String(character)) == 2, at + 1 < columns { grid[row][at + 1] = "\u{0}" }
      at += displayWidth(String(character))
    }
    if pad, column == 0, look.attributes & Curses.Look.reverse.attributes != 0 {
      reversed.insert(row)
    }
    return displayWidth(shown)
  }

  func clear(row: Int, from column: Int) {
    guard row >= 0, row < rows else { return }
    for at in max(0, column)..<columns { grid[row][at] = " " }
    reversed.remove(row)
  }

  func erase() {
    grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    reversed = []
  }

  func refresh() {
    let lines = grid.map { String($0.filter { $0 != "\u{0}" }).trimmingSuffix(" ") }
    frame = lines.joined(separator: "\n")
    selectedRow = reversed.sorted().first.map { lines[$0] } ?? ""
  }

  func cursor(at position: (row: Int, column: Int)?) {}

  func readKey(timeout: Int32) -> Key? {
    while !steps.isEmpty {
      switch steps.removeFirst() {
      case .key(let key): return key
      case .meanwhile(let change):
        change()
        return nil
      case .look(let check): check(self)
      }
    }
    return .control("c")
  }

  func stop() {}
  func suspend() {}
}

extension String {
  fileprivate func trimmingSuffix(_ character: Character) -> String {
    var text = self
    while text.last == character { text.removeLast() }
    return text
  }
}

/// The workspace's cursor, keys and refreshes, driven without a terminal: the cursor holds a
/// fugitive whatever happens to the list under it.
@Suite(.onTestThreads) struct WorkspaceWithoutTerminalTests {
  let folder: TemporaryFolder
  let dispatcher: Dispatcher
  /// Another process on the same file.
  let other: Dispatcher

  init() throws {
    folder = try TemporaryFolder()
    dispatcher = try Dispatcher.open(path: folder.file("db.sqlite"))
    _ = dispatcher.call("sample.load")
    other = try Dispatcher.open(path: folder.file("db.sqlite"))
  }

  func run(_ steps: [TestScreen.Step]) {
    let workspace = Workspace(dispatcher: dispatcher, environment: [:], colour: .never)
    _ = workspace.run(on: TestScreen(steps))
  }

  func keys(_ text: String) -> [TestScreen.Step] { text.map { .key(.character($0)) } }

  func captured(_ id: Int64) -> Bool {
    guard case .success(let fugitive) = other.call("fugitives.get", params: ["id": .int(id)])
    else { return false }
    return fugitive["captured"] == .bool(true)
  }

  @Test func aCaptureAboveByAnotherProcessKeepsTheCursorOnItsFugitive() {
    var seen: [String] = []
    run(
      keys("2jj") + [
        .look { seen.append($0.selectedRow) },
        .meanwhile {
          _ = other.call("fugitives.capture", params: ["id": 25772, "at": "2026-11-30T09:00:00Z"])
        },
        .look { seen.append($0.selectedRow + " | " + $0.frame.prefix(120)) },
        .key(.character("c")),
        .look { seen.append($0.frame) },
      ])
    #expect(seen.count == 3)
    #expect(seen[0].contains("15494"), "\(seen)")
    #expect(seen[1].contains("15494") && seen[1].contains("4 of 7"), "\(seen)")
    #expect(seen[2].contains("Released 15494 Zoë Lindqvist"), "\(seen)")
    #expect(!captured(15494) && captured(25772))
  }

  @Test func aReSortAFilterAndMoveModeKeepTheCursorOnItsFugitive() {
    var rows: [String] = []
    run(
      keys("jjjj") + [.look { rows.append($0.selectedRow) }] + keys("s")
        + [.look { rows.append($0.selectedRow) }] + keys("S")
        + [.look { rows.append($0.selectedRow) }] + keys("m")
        + [.look { rows.append($0.selectedRow + " | " + $0.frame) }] + keys("/ormac")
        + [.key(.enter), .look { rows.append($0.selectedRow) }])
    #expect(rows.count == 5)
    let chosen = rows[0]
    #expect(chosen.contains("Cormac Byrne"), "\(rows)")
    for row in rows.dropFirst() { #expect(row.contains("Cormac Byrne"), "\(rows)") }
    #expect(rows[3].contains("sort manual"))
  }

  @Test func undoAndAFugitiveThatLeavesAreFollowed() {
    var looks: [String] = []
    run(
      keys("jjjj") + [.look { looks.append($0.selectedRow) }]
        // Another process deletes someone above; then the one under the cursor.
        + [
          .meanwhile { _ = other.call("fugitives.delete", params: ["id": 48445]) },
          .look { looks.append($0.selectedRow) },
          .meanwhile { _ = other.call("fugitives.delete", params: ["id": 82414]) },
          .look { looks.append($0.frame) },
        ])
    #expect(looks.count == 3)
    #expect(looks[0].contains("Cormac Byrne") && looks[1].contains("Cormac Byrne"), "\(looks)")
    #expect(looks[2].contains("82414 Cormac Byrne left this list"), "\(looks)")
  }

  /// A key that acts on a fugitive says so when the list shows nobody, and the note prompt names
  /// whom the note is for.
  @Test func keysSayWhatTheyNeedAndWhom() {
    var looks: [String] = []
    run(
      keys("/zzzz") + [.key(.enter)] + keys("e") + [.look { looks.append($0.frame) }]
        + [.key(.escape)] + keys("n") + [.look { looks.append($0.frame) }, .key(.escape)])
    #expect(looks.count == 2)
    #expect(looks[0].contains("No fugitive here"), "\(looks)")
    #expect(looks[1].contains("Note for 48445 Ábel Kovács:"), "\(looks)")
  }

  /// `A` on the Fugitives tab lists everyone, the captured marked, and is remembered like the sort;
  /// `A` again lists those at large. A script starts at large whatever the workspace left.
  @Test func aListsEveryoneAndIsKeptLikeTheSort() throws {
    var looks: [String] = []
    run(keys("A") + [.look { looks.append($0.frame) }])
    run([.look { looks.append($0.frame) }] + keys("A") + [.look { looks.append($0.frame) }])
    #expect(looks.count == 3)
    #expect(looks[0].contains("STATUS") && looks[0].contains("1 of 34"), "\(looks)")
    #expect(looks[0].contains("Everyone, the captured marked"), "\(looks)")
    #expect(looks[1].contains("STATUS") && looks[1].contains("everyone"), "\(looks)")
    #expect(!looks[2].contains("STATUS") && looks[2].contains("1 of 28"), "\(looks)")
    run(keys("A"))
    let script = try BinaryRunner(database: folder.file("db.sqlite")).run(
      [], input: "list\nquit\n")
    #expect(
      script.stdout.contains("28 at large") && !script.stdout.contains("STATUS"), "\(script.stdout)"
    )
  }

  /// Where a fugitive is is read in any currency: a roster in Bahraini dinars (three decimals)
  /// locates its rows as one in dollars does.
  @Test func aFugitiveIsLocatedInARosterOfAnyCurrency() {
    _ = dispatcher.call("settings.set", params: ["key": "currency", "value": "BHD"])
    let client = AppClient(dispatcher: dispatcher)
    guard case .row(let row) = client.locate(48445, in: .fugitives, TabState()) else {
      Issue.record("48445 not located")
      return
    }
    #expect(row == 0)
  }
}
