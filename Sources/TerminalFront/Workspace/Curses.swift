import CNcurses
import Glibc

/// The full screen, through ncursesw: the alternate screen, raw keys, colour pairs, and text drawn
/// cell by cell at the column each cell starts at, so a wide character (CJK, emoji) can never push
/// the columns after it out of line. Restored on exit, and on a crash or a signal that ends us.
final class Curses: Screen {
  /// Attributes a view draws with.
  struct Look: Equatable {
    var attributes: attr_t

    static var normal: Look { Look(attributes: bounty_a_normal()) }
    static var bold: Look { Look(attributes: bounty_a_bold()) }
    static var dim: Look { Look(attributes: bounty_a_dim()) }
    static var reverse: Look { Look(attributes: bounty_a_reverse()) }
    static var underline: Look { Look(attributes: bounty_a_underline()) }

    static func + (lhs: Look, rhs: Look) -> Look {
      Look(attributes: lhs.attributes | rhs.attributes)
    }
  }

  /// The colour pairs (foreground on the terminal's background).
  enum Pair: Int16 {
    case accent = 1, error, success, muted
  }

  let colour: Bool
  /// The colour pairs made for pictures' cells, by foreground × 512 + background.
  var picturePairs: [Int32: Int32] = [:]

  /// True when terminfo describes terminal `name`: for one it does not, curses would print its own
  /// error and end the process, so the line shell runs instead.
  static func knows(terminal name: String) -> Bool {
    bounty_terminal_known(name) == 1
  }

  /// Starts full-screen mode; nil when the terminal cannot do it (then the shell runs instead).
  init?(colour: Bool) {
    CrashRestore.remember()
    guard initscr() != nil else { return nil }
    raw()
    noecho()
    nonl()
    bounty_keypad(1)
    set_escdelay(25)
    bounty_curs_set(0)
    var useColour = colour && has_colors()
    if useColour {
      useColour = start_color() == OK
      use_default_colors()
      init_pair(Pair.accent.rawValue, Int16(COLOR_CYAN), -1)
      init_pair(Pair.error.rawValue, Int16(COLOR_RED), -1)
      init_pair(Pair.success.rawValue, Int16(COLOR_GREEN), -1)
      init_pair(Pair.muted.rawValue, Int16(COLOR_YELLOW), -1)
    }
    self.colour = useColour
    CrashRestore.install()
  }

  /// Leaves full-screen mode: the terminal is as it was before.
  func stop() {
    endwin()
    CrashRestore.uninstall()
  }

  /// Ctrl-Z: hands the terminal back and stops, as a shell job does; redraws when continued.
  func suspend() {
    endwin()
    raise(SIGTSTP)
    bounty_refresh()
  }

  var rows: Int { Int(bounty_lines()) }
  var columns: Int { Int(bounty_cols()) }

  func styled(_ pair: Pair, _ extra: Look, fallback: Look) -> Look {
    colour
      ? Look(attributes: bounty_color_pair(pair.rawValue) | extra.attributes) : fallback + extra
  }

  func erase() { bounty_erase() }
  func refresh() { bounty_refresh() }

  func draw(
    _ text: String, row: Int, column: Int, width: Int?, look: Look, pad: Bool, alignRight: Bool
  ) -> Int {
    guard
      let shown = fitted(
        text, row: row, column: column, width: width, pad: pad, alignRight: alignRight)
    else { return 0 }
    var wide = shown.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
    wide.append(0)
    bounty_put(Int32(row), Int32(column), wide, Int32(wide.count - 1), look.attributes)
    return displayWidth(shown)
  }

  func clear(row: Int, from column: Int) {
    bounty_clear_to_eol(Int32(row), Int32(column))
  }

  /// Shows the text cursor at `row`, `column` (for typing), or hides it with nil.
  func cursor(at position: (row: Int, column: Int)?) {
    if let position {
      bounty_curs_set(1)
      bounty_move(Int32(position.row), Int32(position.column))
    } else {
      bounty_curs_set(0)
    }
  }

  func readKey(timeout: Int32) -> Key? {
    bounty_timeout(timeout)
    var code: wint_t = 0
    let kind = bounty_get_key(&code)
    if kind == ERR { return nil }
    if kind == KEY_CODE_YES { return Key(function: Int32(code)) }
    // Escape is always Escape: read as Alt-key, an Escape followed by a key typed ahead during a
    // slow redraw would be lost.
    return code == 0x1B ? .escape : Key(character: UInt32(code))
  }
}

/// One key press, as the views read it.
enum Key: Hashable {
  case character(Character)
  case control(Character)
  case up, down, left, right, pageUp, pageDown, home, end
  case enter, escape, backspace, delete, tab, backTab
  case resize

  init?(function code: Int32) {
    switch code {
    case KEY_UP: self = .up
    case KEY_DOWN: self = .down
    case KEY_LEFT: self = .left
    case KEY_RIGHT: self = .right
    case KEY_PPAGE: self = .pageUp
    case KEY_NPAGE: self = .pageDown
    case KEY_HOME, KEY_A1: self = .home
    case KEY_END, KEY_C1: self = .end
    case KEY_ENTER: self = .enter
    case KEY_BACKSPACE: self = .backspace
    case KEY_DC: self = .delete
    case KEY_BTAB: self = .backTab
    case KEY_RESIZE: self = .resize
    default: return nil
    }
  }

  init?(character code: UInt32) {
    switch code {
    case 0x0D, 0x0A: self = .enter
    case 0x09: self = .tab
    case 0x7F, 0x08: self = .backspace
    case 0x01...0x1A: self = .control(Character(Unicode.Scalar(code + 0x60) ?? "?"))
    default:
      guard code >= 0x20, let scalar = Unicode.Scalar(code) else { return nil }
      self = .character(Character(scalar))
    }
  }
}

/// Puts the terminal back (normal screen, cooked mode, cursor shown) if we die on a signal, so a
/// crash never leaves the hunter's terminal in raw mode on the alternate screen.
enum CrashRestore {
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var haveSaved = false
  /// Leave the alternate screen, show the cursor, reset attributes: made before any signal, so
  /// the handler allocates nothing.
  nonisolated(unsafe) private static var reset: [UInt8] = Array(
    "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\r\n".utf8)
  private static let fatal = [
    SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGTERM, SIGHUP, SIGQUIT,
  ]

  static func remember() {
    haveSaved = tcgetattr(STDIN_FILENO, &saved) == 0
  }

  static func install() {
    for signal in fatal {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        // Only async-signal-safe calls: write the escapes, restore the modes, die as before.
        CrashRestore.reset.withUnsafeBufferPointer { buffer in
          _ = write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
        }
        if CrashRestore.haveSaved { tcsetattr(STDIN_FILENO, TCSANOW, &CrashRestore.saved) }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
      sigaction(signal, &action, nil)
    }
  }

  static func uninstall() {
    for signal in fatal { Glibc.signal(signal, SIG_DFL) }
  }
}
