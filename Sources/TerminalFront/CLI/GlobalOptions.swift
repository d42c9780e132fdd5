import BountyApp
import BountyCore

/// The options every command takes, pulled out of the arguments wherever they stand (before `--`).
public struct GlobalOptions: Sendable {
  public var database: String?
  public var json = false
  /// `--json id,name`: the fields to keep, as gh does; nil keeps the whole result.
  public var jsonFields: [String]?
  /// `--color=WHEN` (`--color` alone: always; `--no-color`: never); nil when not given.
  public var colour: ColourOption?
  /// `--jq EXPR`: the jq expression the JSON result goes through (implies `--json`).
  public var jq: String?
  /// `--no-pager`: long tables straight to the terminal, never through `$PAGER`.
  public var noPager = false
  /// `--no-photo`: cards on a terminal leave the photo out.
  public var noPhoto = false
  public var help = false
  public var version = false
  /// What is left: the command words and the command's own arguments.
  public var rest: [String] = []

  public init() {}

  public static func parse(_ arguments: [String]) throws(BountyError) -> GlobalOptions {
    var options = GlobalOptions()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "--":
        options.rest += [argument] + arguments[index...]
        return options
      case "--json":
        options.json = true
        if index < arguments.count, let fields = fieldList(arguments[index]) {
          options.jsonFields = fields
          index += 1
        }
      case _ where argument.hasPrefix("--json="):
        options.json = true
        guard let fields = fieldList(String(argument.dropFirst(7))) else {
          throw BountyError.usage("--json= needs field names, e.g. --json=id,name")
        }
        options.jsonFields = fields
      case "--no-color", "--no-colour": options.colour = .never
      case "--color", "--colour": options.colour = .always
      case _ where argument.hasPrefix("--color=") || argument.hasPrefix("--colour="):
        let when = String(argument.drop { $0 != "=" }.dropFirst())
        guard let colour = ColourOption(rawValue: when) else {
          throw BountyError.usage(
            "--color takes always, never or auto, not \(SafeText.quoted(when))")
        }
        options.colour = colour
      case "--jq",
        _ where argument.hasPrefix("--jq="):
        let expression: String
        if argument == "--jq" {
          expression = index < arguments.count ? arguments[index] : ""
          index += 1
        } else {
          expression = String(argument.dropFirst(5))
        }
        guard !expression.trimmingASCIIWhitespace().isEmpty else {
          throw BountyError.usage("--jq needs a jq expression, e.g. --jq '.items[].name'")
        }
        options.jq = expression
        options.json = true
      case "--no-pager": options.noPager = true
      case "--no-photo": options.noPhoto = true
      case "-h", "--help": options.help = true
      case "--version": options.version = true
      case "--db":
        guard index < arguments.count, !arguments[index].isEmpty else {
          throw BountyError.usage("--db needs a PATH")
        }
        options.database = arguments[index]
        index += 1
      case _ where argument.hasPrefix("--db="):
        guard argument.count > 5 else { throw BountyError.usage("--db needs a PATH") }
        options.database = String(argument.dropFirst(5))
      default:
        options.rest.append(argument)
      }
    }
    return options
  }

  /// The fields of `--json id,name`, or nil when `token` is not a field list: a command word
  /// (`bounty --json fugitives list`), an option, a number, or anything but camelCase names.
  static func fieldList(_ token: String) -> [String]? {
    let names = token.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard
      names.allSatisfy({ name in
        name.first?.isLetter == true
          && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      }),
      !["help", "shell"].contains(token),
      !Registry.standard.specs.contains(where: { $0.words.contains(token) })
    else { return nil }
    return names
  }
}
