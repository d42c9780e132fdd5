import BountyApp
import BountyCore
import BountyStore
import Glibc
import RPCFront
import TerminalFront

/// The fuzz targets: each takes arbitrary bytes and must return without crashing, hanging or
/// leaking, whatever they are. Every failure they find is kept in Tests/FuzzCorpus/TARGET.
enum FuzzTargets {
  static let names = ["money", "csv", "json-rpc", "argv"]

  nonisolated(unsafe) static var selected = "money"
  nonisolated(unsafe) static var rpc: RPCHandler?

  static func run(_ bytes: [UInt8]) {
    switch selected {
    case "money": money(bytes)
    case "csv": csv(bytes)
    case "json-rpc": jsonRPC(bytes)
    default: argv(bytes)
    }
  }

  /// The money parser: any text gives an amount or an error, and an amount formats back to itself.
  static func money(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    for currency in [Currency.usd, Currency.named("JPY"), Currency.named("BHD")].compactMap({ $0 })
    {
      if case .success(let amount) = Money.parse(text, currency: currency, allowNegative: true) {
        guard
          case .success(let again) = Money.parse(
            amount.plain, currency: currency, allowNegative: true),
          again == amount
        else { abort() }
      }
    }
  }

  /// The CSV reader, fed in two chunks split at the first byte's value.
  static func csv(_ bytes: [UInt8]) {
    var reader = CSVReader()
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    _ = try? reader.feed(Array(bytes[..<split]))
    _ = try? reader.feed(Array(bytes[split...]))
    _ = try? reader.finish()
  }

  /// One line of JSON-RPC against a scratch database.
  static func jsonRPC(_ bytes: [UInt8]) {
    if rpc == nil {
      let path = "/tmp/bounty-fuzz-\(getpid()).sqlite"
      guard let store = try? Store.open(path: path) else { abort() }
      _ = Dispatcher(store: store).call("sample.load")
      rpc = RPCHandler(dispatcher: Dispatcher(store: store))
    }
    _ = rpc?.handle(line: bytes)
  }

  /// The command line: NUL-separated words through the global options and the command parser.
  static func argv(_ bytes: [UInt8]) {
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    guard let options = try? GlobalOptions.parse(words) else { return }
    let parser = CommandLineParser(registry: .standard)
    guard let (command, rest) = try? parser.command(for: options.rest) else { return }
    _ = try? parser.arguments(for: command.spec, rest)
    _ = Help(registry: .standard).text(for: options.rest)
  }
}
