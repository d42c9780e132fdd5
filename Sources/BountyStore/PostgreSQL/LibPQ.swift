import BountyCore
import CLibPQ
import Glibc

/// The libpq functions bounty calls, found in `libpq.so.5` at run time. bounty does not link libpq:
/// a solo user with a SQLite file needs no PostgreSQL library, and the library is loaded (once per
/// process) only when a PostgreSQL URL is opened. The types come from libpq's own header (CLibPQ).
final class LibPQ: @unchecked Sendable {
  // @unchecked: only immutable C function pointers, set once when the library is loaded.

  let connectdbParams:
    @convention(c) (
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32
    ) -> OpaquePointer?
  let status: @convention(c) (OpaquePointer?) -> ConnStatusType
  let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
  let finish: @convention(c) (OpaquePointer?) -> Void
  let setNoticeProcessor:
    @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?) ->
      PQnoticeProcessor?
  let transactionStatus: @convention(c) (OpaquePointer?) -> PGTransactionStatusType
  let exec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
  let sendQuery: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
  let execParams:
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
    ) -> OpaquePointer?
  let prepare:
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?
    ) -> OpaquePointer?
  let execPrepared:
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?,
      UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
    ) -> OpaquePointer?
  let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
  let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
  let resultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
  let clear: @convention(c) (OpaquePointer?) -> Void
  let ntuples: @convention(c) (OpaquePointer?) -> Int32
  let nfields: @convention(c) (OpaquePointer?) -> Int32
  let fname: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
  let cmdStatus: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
  let cmdTuples: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
  let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
  let getlength: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  let unescapeBytea:
    @convention(c) (UnsafePointer<UInt8>?, UnsafeMutablePointer<Int>?) ->
      UnsafeMutablePointer<UInt8>?
  let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
  let putCopyData: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
  let putCopyEnd: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
  let getResult: @convention(c) (OpaquePointer?) -> OpaquePointer?
  let getCancel: @convention(c) (OpaquePointer?) -> OpaquePointer?
  let freeCancel: @convention(c) (OpaquePointer?) -> Void
  let cancel: @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32
  let reset: @convention(c) (OpaquePointer?) -> Void
  let socket: @convention(c) (OpaquePointer?) -> Int32
  let backendPID: @convention(c) (OpaquePointer?) -> Int32
  let consumeInput: @convention(c) (OpaquePointer?) -> Int32
  let isBusy: @convention(c) (OpaquePointer?) -> Int32

  /// The file name asked of the dynamic loader (the soname of every libpq since PostgreSQL 8.0).
  static let libraryName = "libpq.so.5"

  /// The library, loaded on first use; the error names the Debian package when it is missing.
  static let shared: Result<LibPQ, BountyError> = Result { () throws(BountyError) in
    try LibPQ()
  }

  /// `dlopen`s libpq. GnuTLS comes in with it (libldap needs it; libpq itself speaks TLS through
  /// OpenSSL) and would set itself up as it loads, reading its configuration and seeding its
  /// generator, a few tenths of a millisecond of every agency command. `GNUTLS_NO_EXPLICIT_INIT`
  /// (GnuTLS's documented switch) leaves that to whoever uses it: libldap calls
  /// `gnutls_global_init` itself before any TLS. The variable is set for the load only.
  private static func openLibrary() -> UnsafeMutableRawPointer? {
    let switchName = "GNUTLS_NO_EXPLICIT_INIT"
    let alreadySet = getenv(switchName) != nil
    if !alreadySet { setenv(switchName, "1", 1) }
    defer { if !alreadySet { unsetenv(switchName) } }
    return dlopen(libraryName, RTLD_NOW | RTLD_LOCAL)
  }

  /// The loaded library, or the one-line error saying why it cannot be.
  static func load() throws(BountyError) -> LibPQ {
    try shared.get()
  }

  private init() throws(BountyError) {
    guard let handle = Self.openLibrary() else {
      let reason = dlerror().map { String(cString: $0) } ?? "not found"
      throw BountyError.io(
        "agency mode needs the PostgreSQL client library \(Self.libraryName) "
          + "(Debian package libpq5): \(reason)")
    }
    // Never closed: the functions are used until the process ends.
    func symbol<T>(_ name: String) throws(BountyError) -> T {
      guard let address = dlsym(handle, name) else {
        throw BountyError.io(
          "the PostgreSQL client library \(Self.libraryName) lacks \(name); "
            + "install a newer libpq5 (Debian package libpq5)")
      }
      return unsafeBitCast(address, to: T.self)
    }
    connectdbParams = try symbol("PQconnectdbParams")
    status = try symbol("PQstatus")
    errorMessage = try symbol("PQerrorMessage")
    finish = try symbol("PQfinish")
    setNoticeProcessor = try symbol("PQsetNoticeProcessor")
    transactionStatus = try symbol("PQtransactionStatus")
    exec = try symbol("PQexec")
    sendQuery = try symbol("PQsendQuery")
    execParams = try symbol("PQexecParams")
    prepare = try symbol("PQprepare")
    execPrepared = try symbol("PQexecPrepared")
    resultStatus = try symbol("PQresultStatus")
    resultErrorField = try symbol("PQresultErrorField")
    resultErrorMessage = try symbol("PQresultErrorMessage")
    clear = try symbol("PQclear")
    ntuples = try symbol("PQntuples")
    nfields = try symbol("PQnfields")
    fname = try symbol("PQfname")
    cmdStatus = try symbol("PQcmdStatus")
    cmdTuples = try symbol("PQcmdTuples")
    getvalue = try symbol("PQgetvalue")
    getlength = try symbol("PQgetlength")
    getisnull = try symbol("PQgetisnull")
    unescapeBytea = try symbol("PQunescapeBytea")
    freemem = try symbol("PQfreemem")
    putCopyData = try symbol("PQputCopyData")
    putCopyEnd = try symbol("PQputCopyEnd")
    getResult = try symbol("PQgetResult")
    getCancel = try symbol("PQgetCancel")
    freeCancel = try symbol("PQfreeCancel")
    cancel = try symbol("PQcancel")
    reset = try symbol("PQreset")
    socket = try symbol("PQsocket")
    backendPID = try symbol("PQbackendPID")
    consumeInput = try symbol("PQconsumeInput")
    isBusy = try symbol("PQisBusy")
  }
}
