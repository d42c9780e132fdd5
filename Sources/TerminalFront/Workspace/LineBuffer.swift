/// The text being typed in a form field or on the bottom line, and the cursor in it: typing,
/// Backspace/Delete, ←/→, Home/End (Ctrl-A/E), Ctrl-U (clear), Ctrl-W (word), Ctrl-K (to end).
struct LineBuffer: Equatable {
  private(set) var characters: [Character]
  private(set) var cursor: Int

  init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  var text: String { String(characters) }

  /// The cursor's column from the start of the text.
  var cursorColumn: Int { displayWidth(String(characters[..<cursor])) }

  /// Applies an editing key; false when the key is not an editing key.
  mutating func apply(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      characters.insert(character, at: cursor)
      cursor += 1
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete, .control("d"):
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left, .control("b"): cursor = max(0, cursor - 1)
    case .right, .control("f"): cursor = min(characters.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .control("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .control("k"):
      characters.removeSubrange(cursor...)
    case .control("w"):
      var start = cursor
      while start > 0 && characters[start - 1] == " " { start -= 1 }
      while start > 0 && characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    default:
      return false
    }
    return true
  }

  /// Replaces the text before the cursor's word with `completed` (Tab completion).
  mutating func complete(word: String, with completed: String) {
    let start = max(0, cursor - word.count)
    characters.replaceSubrange(start..<cursor, with: Array(completed))
    cursor = start + completed.count
  }
}
