import BountyCore
import CEdit
import Glibc

/// Lines from a terminal, edited with libedit: the emacs keys (Ctrl-A/E/B/F/K/W/U/L/T/Y, Alt-b/f/d),
/// Home/End/Delete and Ctrl-or-Alt arrows as xterm, tmux and screen send them, Ctrl-R reverse search,
/// Tab completion, and a history kept in `historyPath` (mode 0600, the last 1000 lines). libedit
/// reads a byte at a time and switches modes without flushing, so typed-ahead and pasted lines wait
/// their turn; it wraps lines longer than the terminal itself.
final class EditLineSource: LineSource {
  private let editor: OpaquePointer
  /// The commands typed (recalled with Up and Ctrl-R).
  private let commands: OpaquePointer
  /// Form answers: an empty history, so Up in a form recalls nothing.
  private let answers: OpaquePointer
  private let historyPath: String?
  private var prompt: UnsafeMutablePointer<CChar>?
  /// What Tab offers for the text before the cursor.
  var completer: ((String) -> ShellCompletion)?

  /// Nil when libedit cannot drive this terminal (the shell then reads plain lines).
  init?(historyPath: String?) {
    guard let editor = bounty_el_init("bounty"),
      let commands = history_init(), let answers = history_init()
    else { return nil }
    self.editor = editor
    self.commands = commands
    self.answers = answers
    self.historyPath = historyPath
    bounty_el_set_editor(editor, "emacs")
    bounty_el_set_signal(editor, 1)
    bounty_el_set_client_data(editor, Unmanaged.passUnretained(self).toOpaque())
    bounty_el_set_prompt(editor) { editor in
      guard let editor, let data = bounty_el_client_data(editor) else { return nil }
      return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue().prompt
    }
    bounty_el_add_function(editor, "bounty-complete", "Complete the word before the cursor") {
      editor, _ in
      guard let editor, let data = bounty_el_client_data(editor) else { return UInt8(CC_ERROR) }
      return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue().complete()
    }
    for (key, function) in Self.bindings { bounty_el_bind(editor, key, function) }
    bounty_history_set_size(commands, 1000)
    bounty_history_set_unique(commands, 1)
    if let historyPath { bounty_history_load(commands, historyPath) }
  }

  deinit {
    el_end(editor)
    history_end(commands)
    history_end(answers)
    free(prompt)
  }

  /// Keys beyond libedit's emacs defaults: what readline users expect, and the sequences terminals
  /// and multiplexers send for Home, End, Delete and word motion.
  static let bindings: [(String, String)] = [
    ("^I", "bounty-complete"),
    ("^W", "ed-delete-prev-word"),
    ("^U", "vi-kill-line-prev"),
    ("^R", "em-inc-search-prev"),
    ("\\e[1~", "ed-move-to-beg"), ("\\e[7~", "ed-move-to-beg"), ("\\e[H", "ed-move-to-beg"),
    ("\\eOH", "ed-move-to-beg"),
    ("\\e[4~", "ed-move-to-end"), ("\\e[8~", "ed-move-to-end"), ("\\e[F", "ed-move-to-end"),
    ("\\eOF", "ed-move-to-end"),
    ("\\e[3~", "ed-delete-next-char"),
    ("\\e[1;5D", "ed-prev-word"), ("\\e[1;3D", "ed-prev-word"), ("\\e\\e[D", "ed-prev-word"),
    ("\\e[1;5C", "em-next-word"), ("\\e[1;3C", "em-next-word"), ("\\e\\e[C", "em-next-word"),
    ("\\e[5~", "ed-ignore"), ("\\e[6~", "ed-ignore"), ("\\e[2~", "ed-ignore"),
  ]

  func readLine(prompt: String) -> LineInput {
    let input = read(prompt: prompt, history: commands)
    if case .line(let line) = input, !line.trimmingASCIIWhitespace().isEmpty,
      !Self.holdsPassword(line)
    {
      bounty_history_enter(commands, line)
      saveHistory()
    }
    return input
  }

  /// True when a word of `line` is a URL holding a password (`db copy --to
  /// 'postgresql://ana:secret@…'`): bounty refuses the command, and the line is never kept in the
  /// history. Words are read as the shell splits them and, should a quote be left open, as the
  /// spaces split them with their quotes trimmed.
  static func holdsPassword(_ line: String) -> Bool {
    let words = (shellWords(line, home: nil) ?? []).map(\.text)
    let rough = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map {
      String($0.filter { $0 != "'" && $0 != "\"" })
    }
    return DatabaseURL.anyHoldsPassword(words + rough)
  }

  func readAnswer(prompt: String) -> LineInput {
    read(prompt: prompt, history: answers)
  }

  private func read(prompt text: String, history: OpaquePointer) -> LineInput {
    free(prompt)
    prompt = strdup(text)
    bounty_el_set_history(editor, history)
    Interrupt.reset()
    var count: Int32 = 0
    let read = el_gets(editor, &count)
    // A Ctrl-C typed at the prompt belongs to the prompt: the work that follows starts afresh.
    Interruption.flag.pointee = 0
    guard let line = read, count > 0 else {
      if Interrupt.happened {
        Output.outRaw("^C\n")
        return .interrupted
      }
      Output.outRaw("\n")
      return .end
    }
    var result = String(cString: line)
    if result.hasSuffix("\n") { result.removeLast() }
    return .line(result)
  }

  /// Writes the history file: its folder made (0700) if missing, the file kept at 0600.
  private func saveHistory() {
    guard let historyPath else { return }
    let folder = String(historyPath[..<(historyPath.lastIndex(of: "/") ?? historyPath.startIndex)])
    if !folder.isEmpty { makeFolders(folder) }
    let descriptor = open(historyPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    fchmod(descriptor, 0o600)
    close(descriptor)
    bounty_history_save(commands, historyPath)
  }

  private func makeFolders(_ path: String) {
    var prefix = ""
    for part in path.split(separator: "/") {
      prefix += "/" + part
      mkdir(prefix, 0o700)
    }
  }

  /// Tab: completes the word before the cursor as far as every candidate agrees; with several
  /// candidates and nothing to add, lists them under the line.
  private func complete() -> UInt8 {
    guard let completer, let info = el_line(editor)?.pointee, let start = info.buffer else {
      return UInt8(CC_ERROR)
    }
    let length = info.cursor - start
    let before = String(
      decoding: UnsafeRawBufferPointer(start: start, count: max(0, length)), as: UTF8.self)
    let completion = completer(before)
    guard !completion.candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    let common = completion.commonPrefix
    if common.count > completion.word.count {
      var addition = String(common.dropFirst(completion.word.count))
      if completion.candidates.count == 1 && !common.hasSuffix("/") { addition += " " }
      el_insertstr(editor, addition)
      return UInt8(CC_REFRESH)
    }
    if completion.candidates.count == 1 { return UInt8(CC_REFRESH) }
    Output.outRaw("\n" + completion.listing(width: Interrupt.terminalWidth()) + "\n")
    return UInt8(CC_REDISPLAY)
  }
}

/// Ctrl-C in the interactive shell. While a line is read, libedit restores the terminal and hands
/// the signal on, its read is interrupted, and this flag tells that apart from end of input. While
/// a command runs, it stops the command as in a one-shot import (`Interruption`), and the shell goes
/// on.
enum Interrupt {
  nonisolated(unsafe) private static var flag: sig_atomic_t = 0

  /// Catches SIGINT from now on (without SA_RESTART, so a read is interrupted).
  static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      Interrupt.flag = 1
      Interruption.flag.pointee = 1
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }

  static func reset() { flag = 0 }
  static var happened: Bool { flag != 0 }

  /// The terminal's columns (80 when unknown).
  static func terminalWidth() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
