import BountyApp
import BountyCore
import Glibc

/// The full-screen workspace (`bounty` on a terminal), the way hledger-ui and tig work: a tab bar,
/// each tab a table with a cursor over a stack of cards, a status line, and single keys for every
/// action (`?` lists them). Each screen is drawn from what the app answers when it is drawn, a
/// page at a time, so another process's change shows on the next redraw and a million rows cost
/// what a screenful does.
final class Workspace {
  let dispatcher: Dispatcher
  let client: AppClient
  let environment: [String: String]
  let colour: ColourOption?
  var model = ViewModel()
  /// Where the tab and each list's sort and filter are remembered: read at the start, written when
  /// the workspace quits (so a tab switch costs no write).
  let memory: WorkspaceMemory
  var curses: (any Screen)?
  /// The bottom line's message until the next key.
  var status: Status?
  /// The selected note of the card on screen.
  var noteCursor = 0
  /// A row (or note) being carried in move mode.
  var carrying: Carry?
  var running = true
  /// The rows the last drawn list showed, and its total (the keys act on them).
  var listed: [Fugitive] = []
  /// The settings the Settings tab showed when last drawn.
  var settingRows: [Setting] = []
  /// The names of the fugitives the active tab's list showed when last drawn, to name one that
  /// left it: kept per tab, so one who left while another tab was on screen is named too.
  var rowNames: [Int64: String] {
    get { namesByTab[model.active] ?? [:] }
    set { namesByTab[model.active] = newValue }
  }
  private var namesByTab: [TabName: [Int64: String]] = [:]
  /// Set by a key that re-sorts or filters the list: the cursor's fugitive may drop out of it
  /// then, which is the hunter's doing and not worth a message.
  var listReshaped = false
  var total: Int64 = 0
  /// Each list's total when last drawn (to read a page from the nearer end).
  var totals: [TabName: Int64] = [:]
  /// The database currency, read once per redraw.
  var currency: Currency = .usd
  /// False with `--no-photo`: the card leaves the photo out.
  var photos = true
  /// The card's photo as last read, by fugitive, change and size (`photoCells`).
  var photoCells: (key: String, cells: [[TerminalPicture.Cell]])?

  struct Status {
    enum Kind { case info, success, error }
    var text: String
    var kind: Kind
  }

  /// What move mode carries: a fugitive of the list, or a note of the card.
  struct Carry {
    var id: Int64
    /// Its row when picked up (0-based), and the row it is over now.
    var origin: Int
    var row: Int
    var isNote: Bool
    /// The fugitive as drawn, kept while its row is carried off its page (nil for a note).
    var item: Fugitive?
  }

  init(dispatcher: Dispatcher, environment: [String: String], colour: ColourOption?) {
    self.dispatcher = dispatcher
    self.client = AppClient(dispatcher: dispatcher)
    self.environment = environment
    self.colour = colour
    self.memory = WorkspaceMemory(client: client)
  }

  /// The workspace needs a terminal on both ends that can address the cursor.
  static func canRun(environment: [String: String]) -> Bool {
    let term = environment["TERM"] ?? ""
    return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && !term.isEmpty
      && term != "dumb" && Curses.knows(terminal: term)
  }

  func run() -> Int32 {
    let coloured = Colour.enabled(
      option: colour, environment: environment, setting: client.setting(.color), isTTY: true)
    guard let curses = Curses(colour: coloured) else {
      Output.err("Error: this terminal cannot show the workspace; use 'bounty shell'")
      return 1
    }
    return run(on: curses)
  }

  /// The key loop on `screen` (the terminal, or a test's) until the hunter quits.
  /// Starts where the last session left off (its tab, each list's sort, filter and `A`).
  func run(on screen: any Screen) -> Int32 {
    curses = screen
    var warnings: [String] = []
    model = memory.load(warnings: &warnings)
    if let warning = warnings.first { status = Status(text: warning, kind: .error) }
    if status == nil, client.count(.fugitives) == 0, client.count(.captured) == 0 {
      status = Status(
        text: "No fugitives yet: a adds one, :sample loads the sample roster, ? lists the keys",
        kind: .info)
    }
    while running {
      // Every draw reads the rows afresh, so waiting at most a second for a key shows what other
      // hunters (or other processes on the same file) changed within a second.
      draw()
      guard let key = screen.key(timeout: Self.refetchMilliseconds) else { continue }
      let previous = status
      status = nil
      handle(key, previous: previous)
    }
    screen.stop()
    memory.save(model)
    return 0
  }

  /// How long the workspace waits for a key before it reads the rows again.
  static let refetchMilliseconds: Int32 = 1000

  /// Rows of the screen between the tab bar and the status line.
  var contentRows: Int { WorkspaceFrame.contentRows(onScreenOf: curses?.rows ?? 24) }
  /// Rows of a list below its header.
  var listRows: Int { max(1, contentRows - 1) }

  // MARK: Keys

  func handle(_ key: Key, previous: Status?) {
    if carrying != nil { return handleCarry(key) }
    if key == .resize || key == .control("l") {
      status = previous
      return
    }
    switch key {
    case .character("1"): switchTab(to: .fugitives)
    case .character("2"): switchTab(to: .captured)
    case .character("3"): switchTab(to: .settings)
    case .tab: switchTab(by: 1)
    case .backTab: switchTab(by: -1)
    case .character("?"): showHelp()
    case .character(":"): commandLine()
    case .character("u"): undo(redo: false)
    case .control("r"): undo(redo: true)
    case .character("q"):
      if !model.back() { running = false }
    case .control("c"):
      running = false
    case .control("z"):
      curses?.suspend()
    case .escape where model.current.stack == [.list] && model.current.search != nil:
      // Esc on a filtered list clears the filter kept with Enter.
      model.current.search = nil
      model.resetList()
      listReshaped = true
      status = Status(text: "Filter cleared", kind: .info)
    case .escape, .left, .character("h"), .backspace:
      model.back()
    default:
      if model.active == .settings {
        handleSettings(key)
      } else if let id = model.currentFugitive {
        handleCard(key, id: id)
      } else {
        handleList(key)
      }
    }
  }

  private func handleList(_ key: Key) {
    var cursor = model.current.cursor
    let last = max(0, total - 1)
    switch key {
    case .up, .character("k"): cursor -= 1
    case .down, .character("j"): cursor += 1
    case .pageUp: cursor -= Int64(listRows)
    case .pageDown: cursor += Int64(listRows)
    case .home, .character("g"): cursor = 0
    case .end, .character("G"): cursor = last
    case .enter, .right, .character("l"):
      if let id = selectedID {
        model.current.stack.append(.detail(id))
        noteCursor = 0
      }
      return
    case .character("/"): return filter()
    case .character("s"): return cycleSort()
    case .character("S"): return reverseSort()
    case .character("a"): return addFugitive()
    case .character("e"): if let chosen = open(selectedID) { editFugitive(chosen) }; return
    case .character("c"): if let chosen = open(selectedID) { captureOrRelease(chosen) }; return
    case .character("n"): if let chosen = open(selectedID) { addNote(chosen) }; return
    case .character("d"): if let chosen = open(selectedID) { deleteFugitive(chosen) }; return
    case .character("m"): return startMovingRow()
    case .character("A"): return toggleEveryone()
    default:
      status = Status(text: "That key does nothing here; ? lists the keys", kind: .info)
      return
    }
    moveCursor(to: cursor, last: last)
  }

  /// Puts the list's cursor on row `row` (within the list) and on the fugitive drawn there; one
  /// off the page drawn is chosen when the page is read.
  private func moveCursor(to row: Int64, last: Int64) {
    let row = min(max(0, row), last)
    let index = Int(row - model.current.offset)
    model.current.cursor = row
    model.current.selected = listed.indices.contains(index) ? listed[index].id : nil
  }

  private func handleCard(_ key: Key, id: Int64) {
    let notes = cardNotes
    switch key {
    case .up, .character("k"): noteCursor = max(0, noteCursor - 1)
    case .down, .character("j"): noteCursor = min(max(0, notes.count - 1), noteCursor + 1)
    case .home, .character("g"): noteCursor = 0
    case .end, .character("G"): noteCursor = max(0, notes.count - 1)
    case .enter:
      if let note = selectedNote { readNote(note) }
    case .character("v"): readDescription()
    case .character("e"), .character("c"), .character("n"), .character("d"), .character("E"),
      .character("x"), .character("m"), .character("b"), .character("i"), .character("A"),
      .character("$"):
      if let chosen = open(id) { change(chosen, byCardKey: key) }
    default: status = Status(text: "That key does nothing here; ? lists the keys", kind: .info)
    }
  }

  /// A card key that changes `chosen`, whose case is open.
  private func change(_ chosen: Chosen, byCardKey key: Key) {
    let id = chosen.id
    switch key {
    case .character("e"): editFugitive(chosen)
    case .character("c"): captureOrRelease(chosen)
    case .character("n"): addNote(chosen)
    case .character("d"): deleteFugitive(chosen)
    case .character("E"):
      if let note = selectedNote { editNote(id, note) }
    case .character("b"): caseFileForm(.setBond, chosen, saying: "the bond")
    case .character("i"): caseFileForm(.describeFugitive, chosen, saying: "the descriptors")
    case .character("A"): caseFileForm(.addAlias, chosen, saying: "an alias")
    case .character("$"): caseFileForm(.addExpense, chosen, saying: "an expense")
    case .character("x"):
      if let note = selectedNote { deleteNote(id, note) }
    case .character("m"):
      if let note = selectedNote {
        carrying = Carry(id: note.id, origin: noteCursor, row: noteCursor, isNote: true, item: nil)
        status = Status(
          text: "Moving the note: ↑/↓ carry it, Enter drops it, Esc puts it back", kind: .info)
      }
    default: break
    }
  }

  private func handleSettings(_ key: Key) {
    var cursor = model.current.cursor
    switch key {
    case .up, .character("k"): cursor -= 1
    case .down, .character("j"): cursor += 1
    case .home, .character("g"): cursor = 0
    case .end, .character("G"): cursor = Int64(settingRows.count - 1)
    case .enter, .character("e"), .right, .character("l"): return editSetting()
    case .character("r"): return resetSetting()
    default:
      status = Status(text: "That key does nothing here; ? lists the keys", kind: .info)
      return
    }
    model.current.cursor = min(max(0, cursor), Int64(max(0, settingRows.count - 1)))
  }

  /// A fugitive a key is about to change: its ID# and how it reads now.
  typealias Chosen = (id: Int64, fugitive: Fugitive)

  /// Fugitive `id` as it reads now when its case is open; nil, with the dispatcher's own refusal
  /// on the status line, when it is closed (a key that would change it refuses before any prompt
  /// opens, so nothing typed is lost) or gone.
  func open(_ id: Int64?) -> Chosen? {
    guard let id else {
      status = Status(
        text: "No fugitive here: a adds one, / or Esc changes the filter", kind: .info)
      return nil
    }
    switch client.fugitive(id, in: currency) {
    case .success(let fugitive):
      guard fugitive.caseFile.closedAt != nil else { return (id, fugitive) }
      status = Status(text: CaseFile.closedMessage(id), kind: .error)
    case .failure(let error):
      status = Status(text: error.message, kind: .error)
    }
    return nil
  }

  /// The fugitive under the list's cursor, as drawn: the keys act on this ID#, never on a row.
  var selectedID: Int64? { model.current.selected }

  /// The notes of the card on screen (as last drawn).
  var cardNotes: [Note] { cardFugitive?.notes ?? [] }
  /// The card on screen, as last drawn.
  var cardFugitive: Fugitive?

  var selectedNote: Note? {
    cardNotes.indices.contains(noteCursor) ? cardNotes[noteCursor] : nil
  }

  func switchTab(to tab: TabName) {
    model.active = tab
  }

  private func switchTab(by step: Int) {
    let tabs = TabName.allCases
    let index = tabs.firstIndex(of: model.active) ?? 0
    switchTab(to: tabs[(index + step + tabs.count) % tabs.count])
  }

  private func cycleSort() {
    let keys = SettingKey.sortKeys
    let now =
      model.current.sort ?? client.setting(model.active.sortSetting) ?? "name"
    let next = keys[((keys.firstIndex(of: now) ?? 0) + 1) % keys.count]
    model.current.sort = next
    model.current.reversed = nil
    model.resetList()
    listReshaped = true
    status = Status(text: "Sorted by \(next) (S reverses)", kind: .info)
  }

  /// `A` on a list whose command can list everyone (the Fugitives tab): those at large, or
  /// everyone with the captured marked; kept per tab like the sort.
  private func toggleEveryone() {
    guard client.everyoneFlag(model.active) != nil else {
      status = Status(text: "The \(model.active.title) tab lists only its own", kind: .info)
      return
    }
    model.current.everyone = model.current.everyone == true ? nil : true
    model.resetList()
    listReshaped = true
    status = Status(
      text: model.current.everyone == true
        ? "Everyone, the captured marked (A: only those at large)" : "Only those at large",
      kind: .info)
  }

  private func reverseSort() {
    model.current.reversed = !(model.current.reversed ?? false)
    model.resetList()
    listReshaped = true
    status = Status(
      text: model.current.reversed == true ? "Reversed" : "Natural order", kind: .info)
  }
}
