import BountyCore

/// How many terminal columns `text` takes: East Asian wide and fullwidth characters and emoji take
/// two, combining marks ride on their base character, control characters take none.
public func displayWidth(_ text: String) -> Int {
  if SafeText.isPrintableASCII(text) { return text.utf8.count }
  var width = 0
  for character in text { width += displayWidth(character) }
  return width
}

func displayWidth(_ character: Character) -> Int {
  guard let first = character.unicodeScalars.first else { return 0 }
  if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
  if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
  if first.properties.isEmojiPresentation { return 2 }
  switch first.value {
  case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
    return 2
  default:
    return 1
  }
}

/// `text` made safe to print on a terminal: control and bidi characters become visible `\u{…}`
/// escapes (`SafeText.escaped`); newlines and tabs become spaces unless `keepNewlines`.
public func terminalSafe(_ text: String, keepNewlines: Bool = false) -> String {
  SafeText.escaped(text, keepNewlines: keepNewlines)
}

/// `text` cut to at most `width` columns, ending in `…` when something was cut.
public func truncated(_ text: String, toWidth width: Int) -> String {
  guard displayWidth(text) > width else { return text }
  guard width > 1 else { return width == 1 ? "…" : "" }
  if SafeText.isPrintableASCII(text) {
    return String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…"
  }
  var result = ""
  var used = 0
  for character in text {
    let next = displayWidth(character)
    if used + next > width - 1 { break }
    result.append(character)
    used += next
  }
  return result + "…"
}

/// `text` padded with spaces to `width` columns, on the right (or the left for numbers).
func padded(_ text: String, toWidth width: Int, alignRight: Bool = false) -> String {
  let padding = String(repeating: " ", count: max(0, width - displayWidth(text)))
  return alignRight ? padding + text : text + padding
}

/// `text` broken into lines of at most `width` columns, between words where it can (a word longer
/// than a line is cut).
func wrappedLines(_ text: String, toWidth width: Int) -> [String] {
  guard width > 0 else { return [] }
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ") {
    let candidate = line.isEmpty ? String(word) : line + " " + word
    if displayWidth(candidate) <= width {
      line = candidate
      continue
    }
    if !line.isEmpty { lines.append(line) }
    line = String(word)
    while displayWidth(line) > width {
      var head = ""
      for character in line {
        if displayWidth(head) + displayWidth(character) > width { break }
        head.append(character)
      }
      // A character wider than the whole line still goes on a line of its own.
      if head.isEmpty { head = String(line.prefix(1)) }
      lines.append(head)
      line = String(line.dropFirst(head.count))
    }
  }
  if !line.isEmpty { lines.append(line) }
  return lines
}
