/// Where the shell's lines come from.
protocol LineSource: AnyObject {
  /// The next line without its newline, or nil at end of input. `prompt` is shown on a terminal.
  func readLine(prompt: String) -> LineInput
  /// Asks for a form field or an answer: no command history, and Ctrl-C answers `.interrupted`.
  func readAnswer(prompt: String) -> LineInput
}

/// What reading a line gave.
enum LineInput: Equatable {
  case line(String)
  /// Ctrl-C: the line (or the form) is abandoned.
  case interrupted
  case end
}

/// Lines from a pipe or file: no prompt, no editing.
final class PlainLineSource: LineSource {
  /// How many lines have been read so far: the number of the line read last, which a script's
  /// errors name.
  private(set) var linesRead = 0

  func readLine(prompt: String) -> LineInput {
    guard let line = Swift.readLine(strippingNewline: true) else { return .end }
    linesRead += 1
    return .line(line)
  }
  func readAnswer(prompt: String) -> LineInput { readLine(prompt: prompt) }
}
