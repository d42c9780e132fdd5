import BountyCore
import CLibJQ
import Glibc

/// `--jq EXPR`: a command's JSON result filtered through libjq, as `gh --jq` does (and `jq -r`
/// prints): each output a line, a string as its text, anything else as compact JSON.
///
/// libjq is loaded with `dlopen` (`libjq.so.1`, Debian's libjq1) the first time `--jq` is given,
/// as libpq is for agency mode: a hunter who never filters needs no jq library, and Debian ships
/// no static libjq to link into the static release binary (which therefore refuses `--jq`,
/// `LibJQ.init`). The expression is compiled before the command runs, so a bad one is a usage
/// error with jq's own message and changes nothing.
///
/// The filter reads nothing but the answer and never crashes the process: `input` and `inputs`
/// find no more inputs (as jq does at the end of its input: an error, and nothing), `debug`
/// writes `["DEBUG:",VALUE]` to standard error, module directives are refused (`JQModules`) and
/// `~/.jq` is not read, `halt` and `halt_error` end with jq's exit status and message, and the
/// filter's memory is bounded (`JQRun`, which runs it on a thread of its own).
final class JQFilter {
  private let jq: LibJQ
  private var state: OpaquePointer?

  /// Compiles `expression`; a usage error carries jq's messages.
  init(_ expression: String) throws(BountyError) {
    if let word = JQModules.directive(in: expression) {
      // A parameter's error: one line, exit 64, no usage hint after it.
      throw BountyError.invalidParameter(
        field: "--jq", reason: "cannot load modules (\(word) \"…\"): the filter reads no file")
    }
    jq = try LibJQ.load()
    state = jq.initialize()
    guard state != nil else { throw BountyError.io("--jq: libjq could not start") }
    let messages = JQMessages()
    let context = Unmanaged.passUnretained(messages).toOpaque()
    jq.setErrorCallback(
      state,
      { context, message in
        guard let context else { return }
        Unmanaged<JQMessages>.fromOpaque(context).takeUnretainedValue().add(message)
      }, context)
    // libjq 1.6 itself imports `$HOME/.jq` when it compiles (as jq's own main wants); without
    // HOME it reads nothing. Put back at once: compiling runs before the command, on this thread.
    let home = getenv("HOME").map { String(cString: $0) }
    unsetenv("HOME")
    let compiled = jq.compile(state, expression)
    if let home { setenv("HOME", home, 1) }
    jq.setErrorCallback(state, nil, nil)
    // Without these libjq 1.6 calls through a null pointer (SIGSEGV).
    jq.setInputCallback(state, { _, _ in LibJQ.noMoreInput() }, nil)
    jq.setDebugCallback(state, { _, value in LibJQ.writeDebug(value) }, nil)
    guard compiled != 0 else {
      // jq's messages, each on one line without its "jq: error: " prefix.
      let text = messages.texts(with: jq).filter { !$0.hasSuffix("compile error") }.map {
        ($0.hasPrefix("jq: error: ") ? String($0.dropFirst(11)) : $0)
          .split(whereSeparator: \.isNewline).map { $0.trimmingASCIIWhitespace() }
          .joined(separator: " ")
      }
      throw BountyError.usage(
        "--jq: \(text.isEmpty ? "not a jq expression" : text.joined(separator: "; "))")
    }
  }

  deinit { jq.teardown(&state) }

  /// Runs the expression on `json` (one JSON text) and hands each output line to `emit`; a run-time
  /// error of jq (`.name` of an array, say) ends it as an `invalid` error naming `--jq`, and a
  /// filter past the memory bound (`JQRun`) as an `io` error, after which `emit` is never called
  /// again. Returns the exit status `halt` or `halt_error` asked for (its message written to standard
  /// error as jq writes it), or nil when the filter ran to its end.
  func run(on json: String, emit: @escaping (String) -> Void) throws(BountyError) -> Int32? {
    switch try JQRun(self, on: json, output: emit).wait() {
    case .finished: return nil
    case .halted(let status, let message):
      if let message { Output.err(message) }
      return status
    case .failed(let error): throw error
    }
  }

  /// The expression on `json`, on the calling thread (`run`'s own): each output handed to `run`,
  /// which says whether to go on, and `debug` written through it.
  func evaluate(_ json: String, for run: JQRun) -> JQRun.Ending {
    jq.setDebugCallback(
      state, { context, value in JQRun.debug(context, value) },
      Unmanaged.passUnretained(run).toOpaque())
    defer { jq.setDebugCallback(state, { _, value in LibJQ.writeDebug(value) }, nil) }
    let input = json.withCString { jq.parse($0, Int32(strlen($0))) }
    guard jq.kind(input) != JV_KIND_INVALID else {
      jq.free(input)
      return .failed(.io("--jq: the answer is not JSON jq can read"))
    }
    jq.start(state, input, 0)
    while true {
      let value = jq.next(state)
      let kind = jq.kind(value)
      if kind == JV_KIND_INVALID {
        guard jq.invalidHasMessage(jq.copy(value)) != 0 else {
          jq.free(value)
          return jq.halted(state) != 0 ? halt() : .finished
        }
        let message = jq.display(jq.invalidMessage(value))
        // What libjq 1.6's `input` raises at the end of the input (jq's own main shows "break").
        return .failed(
          .invalid(field: "--jq", reason: message == "break" ? "No more inputs" : message))
      }
      // False once the run was left (past the memory bound): the filter stops here.
      guard run.emit(jq.display(value)) else { return .finished }
    }
  }

  /// What jq's own main does when a filter halts: the status asked for (0 for `halt`, modulo 256
  /// as `exit` takes it; 5 for one that is not a number), and the message for standard error, a
  /// string as its text and anything else as compact JSON, on one line.
  private func halt() -> JQRun.Ending {
    let code = jq.exitCode(state)
    let status: Int32
    switch jq.kind(code) {
    case JV_KIND_INVALID: status = 0
    case JV_KIND_NUMBER:
      let number = jq.numberValue(code)
      status = number.isFinite && abs(number) < 1e9 ? Int32(Int(number) & 0xFF) : 5
    default: status = 5
    }
    jq.free(code)
    let message = jq.errorMessage(state)
    switch jq.kind(message) {
    case JV_KIND_INVALID, JV_KIND_NULL:
      jq.free(message)
      return .halted(status: status, message: nil)
    default:
      let text = jq.display(message)
      return .halted(status: status, message: text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }
  }
}

/// The messages jq reports while compiling.
private final class JQMessages {
  var values: [jv] = []
  func add(_ message: jv) { values.append(message) }

  /// The messages as text (each freed).
  func texts(with jq: LibJQ) -> [String] {
    defer { values = [] }
    return values.map { jq.display($0) }
  }
}
