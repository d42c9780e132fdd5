import BountyApp
import BountyCore
import BountyStore
import Glibc
import RPCFront
import TerminalFront

/// The fuzz targets: each takes arbitrary bytes and must return without crashing, hanging or
/// leaking, whatever they are. Every failure they find is kept in Tests/FuzzCorpus/TARGET.
enum FuzzTargets {
  static let names = [
    "money", "csv", "json-rpc", "argv", "json-import", "timestamp", "shell-words",
  ]

  nonisolated(unsafe) static var selected = "money"
  nonisolated(unsafe) static var rpc: RPCHandler?
  nonisolated(unsafe) static var scratch: Dispatcher?

  static func run(_ bytes: [UInt8]) {
    switch selected {
    case "money": money(bytes)
    case "csv": csv(bytes)
    case "json-rpc": jsonRPC(bytes)
    case "json-import": jsonImport(bytes)
    case "timestamp": timestamp(bytes)
    case "shell-words": shellLine(bytes)
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
    _ = scratchRPC().handle(line: bytes)
  }

  /// The RPC handler over the scratch database, made once.
  static func scratchRPC() -> RPCHandler {
    if let rpc { return rpc }
    let handler = RPCHandler(dispatcher: scratchDispatcher())
    rpc = handler
    return handler
  }

  /// A dispatcher over a scratch database holding the sample roster, opened once.
  static func scratchDispatcher() -> Dispatcher {
    if let scratch { return scratch }
    let path = "/tmp/bounty-fuzz-\(getpid()).sqlite"
    guard let store = try? Store.open(path: path) else { abort() }
    let dispatcher = Dispatcher(store: store)
    _ = dispatcher.call("sample.load")
    scratch = dispatcher
    return dispatcher
  }

  /// The JSON importer: any bytes are imported whole or refused with one error, and the stream
  /// splits them into the same elements however they arrive. A successful import is undone, so
  /// the scratch database stays small.
  static func jsonImport(_ bytes: [UInt8]) {
    var whole = JSONArrayStream()
    let all = try? whole.feed(bytes)
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var chunked = JSONArrayStream()
    let first = try? chunked.feed(Array(bytes[..<split]))
    let rest = first == nil ? nil : try? chunked.feed(Array(bytes[split...]))
    if let all, let first, let rest, all != first + rest { abort() }
    if (all == nil) != (first == nil || rest == nil) { abort() }
    let dispatcher = scratchDispatcher()
    let content = String(decoding: bytes, as: UTF8.self)
    let result = dispatcher.call(
      "data.import", params: ["content": JSON.string(content), "format": JSON.string("json")])
    if case .success(let counts) = result,
      counts["imported"] != .int(0) || counts["replaced"] != .int(0)
    {
      guard case .success = dispatcher.call("history.undo") else { abort() }
    }
  }

  /// The timestamp parser: whatever parses lies in the supported range and reads back as itself.
  static func timestamp(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    for parsed in [Timestamp(parsing: text), Timestamp(parsingLocal: text)] {
      guard let parsed else { continue }
      guard Timestamp.supported.contains(parsed), Timestamp(parsing: parsed.iso8601) == parsed
      else { abort() }
    }
  }

  /// The shell's word splitter: words it returns, quoted again, split back into the same words.
  static func shellLine(_ bytes: [UInt8]) {
    let line = String(decoding: bytes, as: UTF8.self)
    guard let words = shellWords(line, home: nil)?.map(\.text) else { return }
    // Escaped scalar by scalar: a quote followed by a combining mark is still a quote.
    let quoted = words.map { word in
      var text = String.UnicodeScalarView(["\""])
      for scalar in word.unicodeScalars {
        if scalar == "\\" || scalar == "\"" { text.append("\\") }
        text.append(scalar)
      }
      text.append("\"")
      return String(text)
    }
    guard shellWords(quoted.joined(separator: " "), home: nil)?.map(\.text) == words else {
      abort()
    }
  }

  /// The command line: NUL-separated words through the global options and the command parser.
  static func argv(_ bytes: [UInt8]) {
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    guard let options = try? GlobalOptions.parse(words) else { return }
    let parser = CommandLineParser(registry: .standard)
    guard let (command, rest) = try? parser.command(for: options.rest) else { return }
    _ = try? parser.arguments(for: command, rest)
    _ = Help(registry: .standard).text(for: options.rest)
  }
}
