import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// One failure rule for both fronts, over every command of the registry: a missing or malformed
/// parameter is a usage error (exit 64 on the terminal, -32602 with `data.field` in JSON-RPC),
/// found before anything runs.
@Suite(.onTestThreads) struct ParameterRuleTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    // An empty roster, so that a read's parameters are checked (no roster would stop it first).
    try #require(try bounty.run(["db", "migrate"]).status == 0)
  }

  /// A well-formed command-line value for `param`, so that only the parameter under test is wrong.
  static func validText(_ param: ParamSpec) -> String? {
    switch param.type {
    case .integer(let range): return String(max(range.lowerBound, 1))
    case .text, .any: return "x"
    case .money: return "1"
    case .boolean: return "true"
    case .decimal: return "5"
    case .timestamp: return "2026-01-01"
    case .latitude, .longitude: return "1"
    case .choice(let words): return words.first
    case .path: return "/tmp/bounty-parameter-rule-test"
    case .file: return nil
    }
  }

  /// A malformed command-line value for `param`, or nil when no text can be malformed for it.
  static func malformedText(_ param: ParamSpec) -> String? {
    switch param.type {
    case .integer: return "seven"
    case .text(let maxLength, _):
      return maxLength < 100_000 ? String(repeating: "x", count: maxLength + 1) : nil
    case .money: return "1.5abc"
    case .boolean: return "maybe"
    case .decimal: return "lots"
    case .timestamp: return "the day after never"
    case .latitude: return "91"
    case .longitude: return "181"
    case .choice: return "nonsense"
    case .path: return ""
    case .file, .any: return nil
    }
  }

  /// A value of the wrong JSON type (or out of range) for `param`, or nil when any value fits.
  static func malformedJSON(_ param: ParamSpec) -> JSON? {
    switch param.type {
    case .integer: return "seven"
    case .text, .path, .timestamp, .choice: return .int(5)
    case .money, .decimal: return .bool(true)
    case .boolean: return "yes"
    case .latitude, .longitude: return "north"
    case .file: return "%%% not base64 %%%"
    case .any: return nil
    }
  }

  /// The command line for `spec` with every required parameter well formed, `param` set to
  /// `value` (nil leaves it out, and the positional ones after it, which would take its place).
  static func words(_ spec: CommandSpec, setting param: ParamSpec?, to value: String?) -> [String]?
  {
    var positionals: [String] = []
    var options: [String] = []
    var positionalsEnded = false
    for other in spec.params where other.fronts.contains(.terminal) {
      let text: String?
      if other.positional && positionalsEnded {
        continue
      } else if other.name == param?.name {
        positionalsEnded = other.positional && value == nil
        text = value
      } else if other.required {
        guard let valid = validText(other) else { return nil }
        text = valid
      } else {
        text = nil
      }
      guard let text else { continue }
      if other.positional {
        positionals.append(text)
      } else {
        options.append("\(other.optionName)=\(text)")
      }
    }
    return spec.words + positionals + options
  }

  @Test func aMissingParameterIsAUsageErrorOnTheTerminal() throws {
    var checked = 0
    for command in Registry.standard.specs(for: .terminal) {
      let spec = command
      for param in spec.params where param.required && param.fronts.contains(.terminal) {
        guard let words = Self.words(spec, setting: param, to: nil) else { continue }
        let outcome = try bounty.run(words)
        #expect(outcome.status == 64, "\(words): \(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("Error: missing"), "\(words): \(outcome.stderr)")
        checked += 1
      }
    }
    #expect(checked >= 20)
  }

  @Test func aMalformedParameterIsAUsageErrorOnTheTerminal() throws {
    var checked = 0
    for command in Registry.standard.specs(for: .terminal) {
      let spec = command
      for param in spec.params where param.fronts.contains(.terminal) {
        guard let bad = Self.malformedText(param),
          let words = Self.words(spec, setting: param, to: bad)
        else { continue }
        let outcome = try bounty.run(words)
        #expect(outcome.status == 64, "\(words.prefix(4)): \(outcome.stderr)")
        // Named as it is typed (`--min-bounty`, `ID`), not by its JSON-RPC name.
        let name = CommandLineLabel.name(param)
        #expect(
          outcome.stderr.hasPrefix("Error: invalid \(name):")
            || outcome.stderr.hasPrefix("Error: \(name) "),
          "\(words.prefix(4)): \(outcome.stderr)")
        checked += 1
      }
    }
    #expect(checked >= 60)
  }

  @Test func missingAndMalformedParamsAre32602NamingTheFieldInJSONRPC() throws {
    var requests: [String] = []
    var expected: [(method: String, field: String)] = []
    for command in Registry.standard.specs(for: .rpc) {
      let spec = command
      let params = spec.params.filter { $0.fronts.contains(.rpc) }
      var valid = JSONObject()
      for param in params where param.required {
        switch param.type {
        case .integer: valid[param.name] = 1
        case .money, .text, .any, .path: valid[param.name] = "x"
        case .choice(let words): valid[param.name] = .string(words[0])
        default: valid[param.name] = "x"
        }
      }
      for param in params {
        if param.required {
          var missing = valid
          missing[param.name] = nil
          requests.append(request(spec.name, missing, id: requests.count))
          expected.append((spec.name, param.name))
        }
        guard let bad = Self.malformedJSON(param) else { continue }
        var malformed = valid
        malformed[param.name] = bad
        requests.append(request(spec.name, malformed, id: requests.count))
        expected.append((spec.name, param.name))
      }
    }
    let responses = try bounty.rpc(requests)
    #expect(responses.count == requests.count)
    for (response, wanted) in zip(responses, expected) {
      let parsed = try JSONParser.parse(response)
      #expect(parsed["error"]?["code"] == -32602, "\(wanted): \(response)")
      #expect(parsed["error"]?["data"]?["field"] == .string(wanted.field), "\(wanted): \(response)")
    }
    #expect(requests.count >= 80)
  }

  private func request(_ method: String, _ params: JSONObject, id: Int) -> String {
    JSON.object([
      "jsonrpc": "2.0", "method": .string(method), "params": .object(params), "id": .int(id),
    ]).serialized
  }
}
