import BountyCore
import Glibc

/// A long text written in the person's editor, as `git commit` does: `$VISUAL`, else `$EDITOR`,
/// else `vi`. Only where someone can type (standard input and output are terminals); the file is
/// a temporary one under `$TMPDIR` (else /tmp), removed afterwards. Lines starting with `#` are
/// left out; an empty text cancels.
public struct TextEditor {
  let command: String
  let folder: String

  /// The editor, or nil when there is no terminal to edit on.
  static func choose(environment: [String: String]) -> TextEditor? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
      environment["TERM"] != "dumb"
    else { return nil }
    let command =
      [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
      .map { $0.trimmingASCIIWhitespace() }.first { !$0.isEmpty } ?? "vi"
    let folder = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    return TextEditor(command: command, folder: folder)
  }

  /// The text written for `param` of `spec`; `refused` (nothing changed) when it is empty or the
  /// editor fails.
  func write(_ param: ParamSpec, for spec: CommandSpec) throws(BountyError) -> String {
    var template = Array(
      ("\n# \(spec.summary) (bounty \(spec.words.joined(separator: " "))): write the "
        + "\(param.name) above. Lines starting with # are left out; an empty \(param.name) "
        + "cancels.\n").utf8CString.map { UInt8(bitPattern: $0) }.dropLast())
    var path = Array("\(folder)/bounty-\(param.name)-XXXXXX.txt".utf8CString)
    let descriptor = mkstemps(&path, 4)
    guard descriptor >= 0 else {
      throw BountyError.io("cannot make a file for the editor in \(folder): \(errorText())")
    }
    let file = String(decoding: path.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(file) }
    let written = template.withUnsafeMutableBytes {
      Glibc.write(descriptor, $0.baseAddress, $0.count)
    }
    close(descriptor)
    guard written == template.count else {
      throw BountyError.io("cannot write \(file): \(errorText())")
    }
    template = []
    guard let child = ChildProcess.start(command, arguments: [file]) else {
      throw BountyError.io("cannot start the editor \(SafeText.quoted(command)): \(errorText())")
    }
    let status = ChildProcess.whileChildRuns { ChildProcess.wait(child) }
    guard status == 0 else {
      throw BountyError.refused(
        "the editor \(SafeText.quoted(command)) failed (exit status \(status)); nothing was changed"
      )
    }
    let bytes = try CommandLineParser.readFile(file, field: param.name)
    let text = String(decoding: bytes, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("#") }.joined(separator: "\n").trimmingASCIIWhitespace()
    guard !text.isEmpty else {
      throw BountyError.refused("the \(param.name) was empty; nothing was changed")
    }
    return text
  }

  private func errorText() -> String { String(cString: strerror(errno)) }
}
