/// A Swift raw string literal whose value is exactly `text`, byte for byte.
///
/// Multi-line and raw, so the generated file stays readable; its `#` delimiter is one longer than any
/// run of `#` in the text, so nothing in the text can end it or start an escape. Carriage returns and
/// other control characters are written as escapes: a literal would turn `\r\n` into `\n`.
func swiftLiteral(_ text: String) -> String {
  let hashes = String(repeating: "#", count: delimiterWidth(for: text))
  var body = ""
  for scalar in text.unicodeScalars {
    if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || scalar.value == 0x7F {
      body += "\\\(hashes)u{\(String(scalar.value, radix: 16))}"
    } else {
      body.unicodeScalars.append(scalar)
    }
  }
  return "\(hashes)\"\"\"\n\(body)\n\"\"\"\(hashes)"
}

/// The number of `#` that make a raw-string delimiter no run inside `text` can close early.
func delimiterWidth(for text: String) -> Int {
  var longest = 0
  var run = 0
  for character in text.unicodeScalars {
    if character == "#" {
      run += 1
      longest = max(longest, run)
    } else {
      run = 0
    }
  }
  return longest + 1
}
