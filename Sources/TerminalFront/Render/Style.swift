/// Terminal styling: ANSI colours when the output is a terminal and colour is allowed (`--no-color`,
/// `NO_COLOR`, and the `color` setting are obeyed); plain text otherwise.
public struct Style: Sendable {
  public let enabled: Bool

  public init(enabled: Bool) {
    self.enabled = enabled
  }

  func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func green(_ text: String) -> String { wrap(text, "32") }
  func yellow(_ text: String) -> String { wrap(text, "33") }
  func red(_ text: String) -> String { wrap(text, "31") }
  func inverse(_ text: String) -> String { wrap(text, "7") }
}
