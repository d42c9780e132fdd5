import BountyCore
import BountyTestSupport
import Testing

@testable import BountyStore

/// Each failure only a server has gets a sentence of its own and the exit status it deserves: a
/// lock wait or statement the server stopped is exit 1 naming its setting's actual value, only
/// bounty's own cancel (Ctrl-C) is `interrupted` (exit 130), and a commit cut off is not called
/// a change that failed.
@Suite(.onTestThreads) struct PostgresErrorSentenceTests {
  static func error(
    _ sqlState: String?, _ change: (inout PostgresError) -> Void = { _ in }
  ) -> PostgresError {
    var error = PostgresError(sqlState: sqlState, message: "the server's words")
    change(&error)
    return error
  }

  static func described(_ error: PostgresError, command: String? = nil) -> BountyError {
    Store.describe(error, path: "postgresql:///agency", command: command)
  }

  @Test func aLockWaitSaysItsTimeoutAndHolder() {
    let described = Self.described(
      Self.error("55P03") {
        $0.timeout = "1s"
        $0.lockHolder = "fugitive 7 (Hank Morrow) was locked by carol (psql, pid 42)"
      })
    #expect(
      described
        == .io(
          "the server stopped waiting for a lock after 1s (its lock_timeout): fugitive 7 (Hank "
            + "Morrow) was locked by carol (psql, pid 42); nothing was changed, try again"))
    #expect(described.exitStatus == 1)
  }

  @Test func aServersCancelIsNotCtrlC() {
    let timedOut = Self.described(
      Self.error("57014") {
        $0.cancelledByServer = true
        $0.timeout = "30s"
      })
    #expect(
      timedOut
        == .io(
          "the server stopped the command after 30s (its statement_timeout); nothing was changed"))
    #expect(timedOut.exitStatus == 1)
    let cancelled = Self.described(Self.error("57014") { $0.cancelledByServer = true })
    #expect(
      cancelled
        == .io(
          "the server cancelled the command (another session's pg_cancel_backend); nothing was "
            + "changed"))
    let ours = Self.described(Self.error("57014"))
    #expect(ours == .interrupted)
    #expect(ours.exitStatus == 130)
  }

  @Test func aServerGoingAwayHasItsOwnSentences() {
    let sentences = ["57P01", "57P03", "53300", "53200"].map {
      Self.described(Self.error($0)).message
    }
    #expect(Set(sentences).count == 4)
    #expect(sentences.allSatisfy { $0.contains("nothing was changed") })
    #expect(sentences[0].contains("the next command connects again"))
    let lost = Self.described(Self.error(nil) { $0.connectionLost = true })
    #expect(lost.message.hasPrefix("the connection to the server was lost (the server's words)"))
    let unknown = Self.described(
      Self.error(nil) {
        $0.connectionLost = true
        $0.commitOutcomeUnknown = true
      }, command: "fugitives edit")
    #expect(
      unknown
        == .io(
          "the server went away during the commit; whether the change (fugitives edit) was saved "
            + "is unknown: check with bounty history (your steps) once the server answers again"))
    #expect(!Self.error(nil) { $0.connectionLost = true }.isRetryable)
  }

  @Test func theLockedRowIsReadFromTheContext() {
    let tuple = PostgresConnection.lockedTuple(
      in: "while updating tuple (12,7) in relation \"fugitive\"")
    #expect(tuple?.tid == "(12,7)")
    #expect(tuple?.relation == "fugitive")
    #expect(PostgresConnection.lockedTuple(in: "SQL statement \"SELECT 1\"") == nil)
  }
}
