/// Splits a shell line into words: spaces separate, "double" and 'single' quotes group, a backslash
/// escapes the next character. Returns nil for an unterminated quote. It reads Unicode scalars, not
/// characters: a quote or space followed by a combining mark is still a quote or a space.
public func shellWords(_ line: String) -> [String]? {
  var words: [String] = []
  var current = String.UnicodeScalarView()
  var inWord = false
  var quote: Unicode.Scalar?
  var escaped = false
  for character in line.unicodeScalars {
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
      if inWord { words.append(String(current)) }
      current = String.UnicodeScalarView()
      inWord = false
    } else {
      current.append(character)
      inWord = true
    }
  }
  if quote != nil { return nil }
  if inWord { words.append(String(current)) }
  return words
}
