/// One word of a shell line, and where it starts in the line (so a verb's free text can take the
/// rest of the line exactly as typed).
public struct ShellWord: Equatable {
  public var text: String
  public var start: String.Index
  /// The word was quoted, so it is never expanded and is taken as written.
  public var quoted: Bool
}

/// Splits a shell line into words, as a hunter expects: spaces separate; a word that starts with
/// "double" or 'single' quotes runs to the closing quote (so an apostrophe inside a word, as in
/// `Sister's`, is a letter); a backslash escapes the next character outside single quotes; an
/// unquoted `~` or `~/…` at the start of a word is the home folder. Nil for an unterminated quote.
/// It reads Unicode scalars, not characters: a quote or space followed by a combining mark is still
/// a quote or a space (the shell-words fuzz target found that one).
public func shellWords(_ line: String, home: String?) -> [ShellWord]? {
  var words: [ShellWord] = []
  var current: ShellWord?
  var quote: Unicode.Scalar?
  var escaped = false
  func finish() {
    guard var word = current else { return }
    if !word.quoted, let home, word.text == "~" || word.text.hasPrefix("~/") {
      word.text = home + word.text.dropFirst()
    }
    words.append(word)
    current = nil
  }
  let scalars = line.unicodeScalars
  var index = scalars.startIndex
  while index < scalars.endIndex {
    let character = scalars[index]
    defer { index = scalars.index(after: index) }
    if escaped {
      current?.text.unicodeScalars.append(character)
      escaped = false
      continue
    }
    if let open = quote {
      if character == open {
        quote = nil
      } else if character == "\\" && open == "\"" {
        escaped = true
      } else {
        current?.text.unicodeScalars.append(character)
      }
      continue
    }
    switch character {
    case " ", "\t":
      finish()
    case "\"",
      "'" where current == nil:
      current = ShellWord(text: "", start: index, quoted: true)
      quote = character
    case "\\":
      if current == nil { current = ShellWord(text: "", start: index, quoted: false) }
      escaped = true
    default:
      if current == nil { current = ShellWord(text: "", start: index, quoted: false) }
      current?.text.unicodeScalars.append(character)
    }
  }
  if quote != nil { return nil }
  finish()
  return words
}
