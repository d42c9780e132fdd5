import BountyCore
import BountyStore
import BountyTestSupport
import Foundation
import Testing

@testable import BountyApp

/// An amount typed as text becomes money in the database currency, read in the transaction that
/// writes it: a `settings set currency` from another connection comes before the command or after
/// it, never between the look-up and the write (where it would store $12,500.50 at the wrong scale).
@Suite(.onTestThreads) struct CurrencyRaceTests {
  /// A value shared with the thread that changes the currency.
  final class Shared<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
      get { lock.withLock { stored } }
      set { lock.withLock { stored = newValue } }
    }
  }

  /// The face value of a plain amount (`12500.00`, `12500`): its digits without trailing zero decimals.
  static func face(_ json: JSON?) -> String? {
    guard case .string(let text)? = json else { return nil }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, parts.dropFirst().allSatisfy({ $0.allSatisfy { $0 == "0" } }) else {
      return text
    }
    return String(parts[0])
  }

  /// Changes the currency of the database at `path` through a dispatcher of its own (its own
  /// connection), on a thread of its own; `done` becomes true when it returns.
  static func changeCurrency(
    at path: String, to codes: [String], done: Shared<Bool>, failures: Shared<[String]>
  ) {
    let thread = Thread {
      do {
        let other = try Dispatcher.open(path: path)
        for code in codes {
          if case .failure(let error) = other.call(
            "settings.set", params: ["key": "currency", "value": .string(code)])
          {
            failures.value.append("\(code): \(error)")
          }
        }
      } catch {
        failures.value.append("open: \(error)")
      }
      done.value = true
    }
    thread.start()
  }

  /// By construction: at the moment the amount has become money, the command already holds the
  /// write transaction it writes in, so a currency change started then waits for it to end and
  /// then keeps the face value of what it wrote.
  @Test func aCurrencyChangeAfterTheLookUpWaitsForTheWrite() throws {
    let app = try TestApp()
    let path = app.folder.file("bounty.sqlite")
    let done = Shared(false)
    let failures = Shared<[String]>([])
    let seen = Shared<(inTransaction: Bool, serial: Int)?>(nil)
    app.dispatcher.amountsResolved = { store in
      seen.value = (store.database.inTransaction, store.database.transactionSerial)
      Self.changeCurrency(at: path, to: ["JPY"], done: done, failures: failures)
      // Long enough for the change to finish if nothing held it back.
      let until = Date().addingTimeInterval(0.5)
      while !done.value, Date() < until { usleep(10_000) }
      #expect(!done.value, "the currency changed between the look-up and the write")
    }
    let added = try app.call("fugitives.add", ["name": "Vera Lusk", "bounty": "12500"])
    #expect(seen.value?.inTransaction == true)
    #expect(Self.face(added["bounty"]) == "12500")
    app.dispatcher.amountsResolved = nil
    let until = Date().addingTimeInterval(60)
    while !done.value, Date() < until { usleep(10_000) }
    #expect(done.value)
    #expect(failures.value == [])
    #expect(try app.call("settings.get", ["key": "currency"])["value"] == .string("JPY"))
    let stored = try app.call("fugitives.get", ["id": added["id"] ?? .null])
    #expect(stored["bounty"] == .string("12500"))
  }

  /// The same, left to chance: another connection flips the currency between USD and JPY while
  /// fugitives are added and edited with whole amounts; every amount keeps its face value.
  @Test func aConcurrentCurrencyLoopKeepsEveryFaceValue() throws {
    let app = try TestApp()
    let path = app.folder.file("bounty.sqlite")
    let done = Shared(false)
    let failures = Shared<[String]>([])
    Self.changeCurrency(
      at: path, to: Array(repeating: ["JPY", "USD"], count: 30).flatMap { $0 }, done: done,
      failures: failures)
    var ids: [Int64] = []
    for round in 0..<40 {
      let id = try app.add("Fugitive \(round)", bounty: "12500")
      ids.append(id)
      if round.isMultiple(of: 2) {
        try app.call("fugitives.update", ["id": .int(id), "bounty": "7000"])
      }
    }
    let until = Date().addingTimeInterval(60)
    while !done.value, Date() < until { usleep(10_000) }
    #expect(done.value)
    #expect(failures.value == [])
    for (round, id) in ids.enumerated() {
      let fugitive = try app.call("fugitives.get", ["id": .int(id)])
      #expect(Self.face(fugitive["bounty"]) == (round.isMultiple(of: 2) ? "7000" : "12500"))
    }
  }
}
