/// Splits a shell line into words: spaces separate, "double" and 'single' quotes group, a backslash
/// escapes the next character. Returns nil for an unterminated quote.
public func shellWords(_ line: String) -> [String]? {
  var words: [String] = []
  var current = ""
  var inWord = false
  var quote: Character?
  var escaped = false
  for character in line {
    if escaped {
      current.append(character)
      escaped = false
      continue
    }
    if character == "\\" && quote != "'" {
      escaped = true
      inWord = true
      continue
    }
    if let open = quote {
      if character == open { quote = nil } else { current.append(character) }
      continue
    }
    if character == "\"" || character == "'" {
      quote = character
      inWord = true
    } else if character == " " || character == "\t" {
      if inWord { words.append(current) }
      current = ""
      inWord = false
    } else {
      current.append(character)
      inWord = true
    }
  }
  if quote != nil { return nil }
  if inWord { words.append(current) }
  return words
}
