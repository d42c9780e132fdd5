import BountyCore
import CLibJQ
import Glibc

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
  let numberValue: @convention(c) (jv) -> Double
  let invalid: @convention(c) () -> jv
  let setInputCallback:
    @convention(c) (OpaquePointer?, jq_input_cb?, UnsafeMutableRawPointer?) -> Void
  let setDebugCallback:
    @convention(c) (OpaquePointer?, jq_msg_cb?, UnsafeMutableRawPointer?) -> Void
  let halted: @convention(c) (OpaquePointer?) -> Int32
  let exitCode: @convention(c) (OpaquePointer?) -> jv
  let errorMessage: @convention(c) (OpaquePointer?) -> jv

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
    numberValue = try symbol("jv_number_value")
    invalid = try symbol("jv_invalid")
    setInputCallback = try symbol("jq_set_input_cb")
    setDebugCallback = try symbol("jq_set_debug_cb")
    halted = try symbol("jq_halted")
    exitCode = try symbol("jq_get_exit_code")
    errorMessage = try symbol("jq_get_error_message")
  }

  /// What jq's `input` reads here: nothing, as at the end of jq's own input (libjq 1.6 then
  /// raises "break", which its `inputs` takes for the end). A C callback, so it finds the library
  /// itself.
  static func noMoreInput() -> jv {
    guard case .success(let jq) = shared else { return jv() }
    return jq.invalid()
  }

  /// Writes what jq's `debug` was given (freed) to standard error as jq does: `["DEBUG:",VALUE]`.
  static func writeDebug(_ value: jv) {
    guard case .success(let jq) = shared else { return }
    Output.err("[\"DEBUG:\",\(jq.text(of: jq.dump(value, 0)))]")
  }

  /// Frees `value` unwritten (a `debug` line of a run that was left).
  static func discard(_ value: jv) {
    guard case .success(let jq) = shared else { return }
    jq.free(value)
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
