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
final class JQFilter {
  private let jq: LibJQ
  private var state: OpaquePointer?

  /// Compiles `expression`; a usage error carries jq's messages.
  init(_ expression: String) throws(BountyError) {
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
    let compiled = jq.compile(state, expression)
    jq.setErrorCallback(state, nil, nil)
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
  /// error of jq (`.name` of an array, say) ends it as an `invalid` error naming `--jq`.
  func run(on json: String, emit: (String) -> Void) throws(BountyError) {
    let input = json.withCString { jq.parse($0, Int32(strlen($0))) }
    guard jq.kind(input) != JV_KIND_INVALID else {
      jq.free(input)
      throw BountyError.io("--jq: the answer is not JSON jq can read")
    }
    jq.start(state, input, 0)
    while true {
      let value = jq.next(state)
      let kind = jq.kind(value)
      if kind == JV_KIND_INVALID {
        guard jq.invalidHasMessage(jq.copy(value)) != 0 else {
          jq.free(value)
          return
        }
        throw BountyError.invalid(field: "--jq", reason: jq.display(jq.invalidMessage(value)))
      }
      emit(jq.display(value))
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

/// The libjq functions `JQFilter` calls, found in `libjq.so.1` at run time.
final class LibJQ: @unchecked Sendable {
  // @unchecked: only immutable C function pointers, set once when the library is loaded.
  let initialize: @convention(c) () -> OpaquePointer?
  let setErrorCallback:
    @convention(c) (OpaquePointer?, jq_msg_cb?, UnsafeMutableRawPointer?) -> Void
  let compile: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
  let start: @convention(c) (OpaquePointer?, jv, Int32) -> Void
  let next: @convention(c) (OpaquePointer?) -> jv
  let teardown: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void
  let parse: @convention(c) (UnsafePointer<CChar>?, Int32) -> jv
  let kind: @convention(c) (jv) -> jv_kind
  let copy: @convention(c) (jv) -> jv
  let free: @convention(c) (jv) -> Void
  let invalidHasMessage: @convention(c) (jv) -> Int32
  let invalidMessage: @convention(c) (jv) -> jv
  let dump: @convention(c) (jv, Int32) -> jv
  let stringValue: @convention(c) (jv) -> UnsafePointer<CChar>?
  let stringLength: @convention(c) (jv) -> Int32

  /// The file name asked of the dynamic loader (the soname of libjq since jq 1.5).
  static let libraryName = "libjq.so.1"

  static let shared: Result<LibJQ, BountyError> = Result { () throws(BountyError) in try LibJQ() }

  /// The loaded library, or the one-line error saying why it cannot be.
  static func load() throws(BountyError) -> LibJQ { try shared.get() }

  private init() throws(BountyError) {
    // A statically linked bounty (scripts/install) has no dynamic loader of its own (AT_BASE is
    // 0): glibc's dlopen there gives a library no thread-local storage, and libjq 1.6 keeps its
    // out-of-memory handler in one, so it would crash on the first expression.
    guard getauxval(UInt(AT_BASE)) != 0 else {
      throw BountyError.io(
        "--jq needs libjq, which this statically linked bounty cannot load; "
          + "pipe --json to jq instead (a dynamically linked bounty, as swift build makes, loads it)"
      )
    }
    guard let handle = dlopen(Self.libraryName, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "not found"
      throw BountyError.io(
        "--jq needs the jq library \(Self.libraryName) (Debian package libjq1): \(reason)")
    }
    // Never closed: the functions are used until the process ends.
    func symbol<T>(_ name: String) throws(BountyError) -> T {
      guard let address = dlsym(handle, name) else {
        throw BountyError.io(
          "the jq library \(Self.libraryName) lacks \(name); install libjq1 1.6 or newer")
      }
      return unsafeBitCast(address, to: T.self)
    }
    initialize = try symbol("jq_init")
    setErrorCallback = try symbol("jq_set_error_cb")
    compile = try symbol("jq_compile")
    start = try symbol("jq_start")
    next = try symbol("jq_next")
    teardown = try symbol("jq_teardown")
    parse = try symbol("jv_parse_sized")
    kind = try symbol("jv_get_kind")
    copy = try symbol("jv_copy")
    free = try symbol("jv_free")
    invalidHasMessage = try symbol("jv_invalid_has_msg")
    invalidMessage = try symbol("jv_invalid_get_msg")
    dump = try symbol("jv_dump_string")
    stringValue = try symbol("jv_string_value")
    stringLength = try symbol("jv_string_length_bytes")
  }

  /// `value` (freed) as `jq -r` prints it: a string as its text, anything else as compact JSON.
  func display(_ value: jv) -> String {
    kind(value) == JV_KIND_STRING ? text(of: value) : text(of: dump(value, 0))
  }

  /// The text of a string `value` (freed); a string may hold NUL, so its length is asked.
  /// (`jv_get_kind` and `jv_string_value` read their argument without consuming it.)
  private func text(of value: jv) -> String {
    let length = Int(stringLength(copy(value)))
    defer { free(value) }
    guard let bytes = stringValue(value) else { return "" }
    return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }
}
