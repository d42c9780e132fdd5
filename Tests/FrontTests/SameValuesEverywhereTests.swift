import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import TerminalFront

/// A value a person types means the same in every front: the one-shot command, the shell's form
/// and the workspace's form (both of which check a field with `Dispatcher.check`, the check the
/// command itself runs) accept and refuse the same money, dates and ID#s, with the same reason.
@Suite(.onTestThreads) struct SameValuesEverywhereTests {
  /// What is typed for each kind of value: money, a date or time, a Fugitive ID#.
  static func typed(_ type: ParamType) -> [String] {
    switch type {
    case .money:
      return [
        "2000", "$ 2,000", "2,000.50", "12 USD", "USD 12", ".5", "$.50", "1.234,50", "12,5", "-5",
        "10.005", "abc", "EUR 5", "1,23,4",
      ]
    case .timestamp:
      return ["2026-11-01T10:00:00Z", "2026-11-01", "yesterday", "2026-13-01", "soon", ""]
    case .integer(let range) where range == Limits.fugitiveIDs:
      return ["48445", " 48445 ", "0", "-1", "x", "99999999999", "4.5"]
    default:
      return []
    }
  }

  /// A valid value for a parameter the case does not test.
  static func filler(_ param: ParamSpec) -> String {
    switch param.type {
    case .integer(let range): return range == Limits.fugitiveIDs ? "48445" : "1"
    case .money: return "1"
    case .timestamp: return "2026-11-01"
    case .latitude, .longitude: return "1"
    case .choice(let words): return words.first ?? ""
    case .decimal: return "1"
    default: return "x"
    }
  }

  /// The command-line words giving `values` to `spec`'s parameters.
  static func tokens(_ spec: CommandSpec, _ values: [String: String]) -> [String] {
    var positional: [String] = []
    var named: [String] = []
    for param in spec.params where param.fronts.contains(.terminal) {
      guard let value = values[param.name] else { continue }
      if param.positional { positional.append(value) } else { named += [param.optionName, value] }
    }
    return positional + named
  }

  @Test func everyChangeCommandJudgesATypedValueAsItsFormsDo() throws {
    let folder = try TemporaryFolder()
    let dispatcher = try Dispatcher.open(path: folder.file("db.sqlite"))
    _ = dispatcher.call("sample.load")
    let parser = CommandLineParser(registry: dispatcher.registry)
    var compared = 0
    for spec in dispatcher.registry.specs(for: .terminal) {
      guard case .change = spec.effect else { continue }
      let params = spec.params.filter { $0.fronts.contains(.terminal) }
      for param in params {
        let inputs = Self.typed(param.type)
        guard !inputs.isEmpty, !param.repeated else { continue }
        var values: [String: String] = [:]
        for other in params where other.required && other.name != param.name {
          values[other.name] = Self.filler(other)
        }
        for input in inputs {
          values[param.name] = input
          let formSays: String? = {
            do throws(BountyError) {
              try dispatcher.check(input, for: param)
              return nil
            } catch {
              if case .invalid(_, let reason) = error { return reason }
              if case .invalidParameter(_, let reason) = error { return reason }
              return error.message
            }
          }()
          let oneShot: Result<JSON, BountyError>
          do {
            oneShot = dispatcher.run(
              spec, try parser.arguments(for: spec, Self.tokens(spec, values)))
          } catch {
            oneShot = .failure(error)
          }
          let where_ = "\(spec.name) --\(param.name) '\(input)'"
          switch (formSays, oneShot) {
          case (let reason?, .failure(let error)):
            #expect(error.message.hasSuffix(reason), "\(where_): \(error.message) / \(reason)")
          case (let reason?, .success):
            Issue.record("\(where_): the forms refuse (\(reason)); the command accepted it")
          case (nil, .failure(let error)):
            // Accepted by the forms: the command may fail for another reason, never this value.
            #expect(
              !error.message.contains(SafeText.quoted(input)) || input.isEmpty,
              "\(where_): the forms accept it; the command said \(error.message)")
          case (nil, .success): break
          }
          compared += 1
        }
      }
    }
    #expect(compared > 150, "\(compared)")
  }
}
