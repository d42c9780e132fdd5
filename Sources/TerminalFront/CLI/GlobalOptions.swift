import BountyCore

/// The options every command takes, pulled out of the arguments wherever they stand (before `--`).
public struct GlobalOptions: Sendable {
  public var database: String?
  public var json = false
  public var noColor = false
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
      case "--json": options.json = true
      case "--no-color", "--no-colour": options.noColor = true
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
}
