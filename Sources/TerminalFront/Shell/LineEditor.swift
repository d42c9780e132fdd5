import Glibc

/// Where the shell's lines come from.
protocol LineSource {
  /// The next line without its newline, or nil at end of input. `prompt` is shown on a terminal.
  mutating func readLine(prompt: String) -> String?
  /// Remembers a line for the arrow keys.
  mutating func remember(_ line: String)
}

/// Lines from a pipe or file: no prompt, no editing.
struct PlainLineSource: LineSource {
  mutating func readLine(prompt: String) -> String? { Swift.readLine(strippingNewline: true) }
  mutating func remember(_ line: String) {}
}

/// A small line editor for a terminal: typing, backspace, left and right, home and end (Ctrl-A,
/// Ctrl-E), Ctrl-U to clear, up and down through the history of this session, Ctrl-C to abandon
/// the line, Ctrl-D on an empty line to end. Wide characters move the cursor by their width.
struct TerminalLineEditor: LineSource {
  private var history: [String] = []

  mutating func remember(_ line: String) {
    if !line.isEmpty && history.last != line { history.append(line) }
    if history.count > 500 { history.removeFirst() }
  }

  mutating func readLine(prompt: String) -> String? {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else {
      Output.outRaw(prompt)
      return Swift.readLine(strippingNewline: true)
    }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    defer { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }

    var line: [Character] = []
    var cursor = 0
    var historyIndex = history.count
    var pending: [UInt8] = []
    func redraw() {
      let text = String(line)
      let after = String(line[cursor...])
      var output = "\r" + prompt + text + "\u{1B}[K"
      let back = displayWidth(after)
      if back > 0 { output += "\u{1B}[\(back)D" }
      Output.outRaw(output)
    }
    Output.outRaw(prompt)
    while true {
      guard let byte = readByte() else {
        Output.outRaw("\n")
        return line.isEmpty ? nil : String(line)
      }
      switch byte {
      case 0x0D, 0x0A:
        Output.outRaw("\n")
        return String(line)
      case 0x04:
        if line.isEmpty {
          Output.outRaw("\n")
          return nil
        }
      case 0x03:
        Output.outRaw("^C\n")
        line = []
        cursor = 0
        Output.outRaw(prompt)
      case 0x7F, 0x08:
        if cursor > 0 {
          line.remove(at: cursor - 1)
          cursor -= 1
          redraw()
        }
      case 0x01:
        cursor = 0
        redraw()
      case 0x05:
        cursor = line.count
        redraw()
      case 0x15:
        line.removeSubrange(0..<cursor)
        cursor = 0
        redraw()
      case 0x1B:
        guard readByte() == UInt8(ascii: "["), let code = readByte() else { continue }
        switch code {
        case UInt8(ascii: "A") where historyIndex > 0:
          historyIndex -= 1
          line = Array(history[historyIndex])
          cursor = line.count
        case UInt8(ascii: "B") where historyIndex < history.count:
          historyIndex += 1
          line = historyIndex == history.count ? [] : Array(history[historyIndex])
          cursor = line.count
        case UInt8(ascii: "C") where cursor < line.count: cursor += 1
        case UInt8(ascii: "D") where cursor > 0: cursor -= 1
        case UInt8(ascii: "H"): cursor = 0
        case UInt8(ascii: "F"): cursor = line.count
        case UInt8(ascii: "3"):
          if readByte() == UInt8(ascii: "~"), cursor < line.count { line.remove(at: cursor) }
        default: break
        }
        redraw()
      default:
        guard byte >= 0x20 else { continue }
        pending.append(byte)
        // Wait for the whole UTF-8 sequence before inserting the character.
        let expected = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        if pending.count == 1 && expected > 1 {
          for _ in 1..<expected { if let next = readByte() { pending.append(next) } }
        }
        for character in String(decoding: pending, as: UTF8.self) {
          line.insert(character, at: cursor)
          cursor += 1
        }
        pending = []
        redraw()
      }
    }
  }

  private func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 { return byte }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }
}
