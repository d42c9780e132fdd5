import BountyCore
internal import BountyStore

/// `docs/commands.md`, generated from the registry so it cannot drift (a test compares the file).
public enum CommandReference {
  public static func markdown(_ registry: Registry) -> String {
    var lines = [
      "# Commands",
      "",
      "Generated from the command registry (`Sources/BountyApp/Registry.swift`); do not edit by hand.",
      "Run `scripts/update-generated` after changing a command. Each command is a terminal command",
      "(`bounty …`), a JSON-RPC method (params by name, in camelCase), or both.",
      "",
      "Types: `integer`, `text`, `money` (a string like `\"12500.50\"`, or a JSON number read from its",
      "digits; never rounded), `boolean`, `decimal` (exact, like `12.5`), `date` (ISO 8601: `2026-11-30`",
      "or `2026-11-30T10:00:00Z`), `degrees`, `file` (a path on the command line, base64 in JSON-RPC),",
      "`value` (any JSON value; the command checks it).",
    ]
    for (tab, title) in tabTitles {
      let commands = registry.commands.filter {
        $0.spec.tab == tab && !$0.spec.fronts.isDisjoint(with: .both)
      }
      if commands.isEmpty { continue }
      lines += ["", "## \(title)"]
      for command in commands {
        let spec = command.spec
        lines += ["", "### `\(spec.name)`", "", spec.summary + ".", ""]
        if spec.fronts.contains(.terminal) { lines.append("- Terminal: `\(spec.usage)`") }
        if spec.fronts.contains(.rpc) { lines.append("- JSON-RPC: `\(spec.name)`") }
        lines.append("- Result: \(spec.result)")
        switch spec.effect {
        case .change(let undoable):
          lines.append(undoable ? "- Changes data; one undo step." : "- Changes data.")
        case .outsideTransaction(let changes): if changes { lines.append("- Changes data.") }
        case .read: break
        }
        if !spec.locksOnClosedCase.isEmpty {
          lines.append(
            "- Refused while the case is closed (-32004); `fugitives reopen` unlocks it.")
        }
        if !spec.params.isEmpty {
          lines += ["", "| param | option | type | required | meaning |", "|---|---|---|---|---|"]
          for param in spec.params {
            let option = param.positional ? param.name.uppercased() : "`\(param.optionName)`"
            let fronts =
              param.fronts == .both
              ? "" : param.fronts.contains(.terminal) ? " (terminal only)" : " (JSON-RPC only)"
            lines.append(
              "| `\(param.name)` | \(option) | \(typeName(param.type)) | \(param.required ? "yes" : "no") | "
                + "\(param.help.replacing("|", with: "\\|"))\(fronts) |")
          }
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The headings commands are grouped under, in order.
  public static let tabTitles: [(Tab, String)] = [
    (.fugitives, "Fugitives tab"), (.captured, "Captured tab"), (.settings, "Settings tab"),
    (.reports, "Reports"), (.data, "Data"), (.history, "History"), (.database, "Database"),
  ]

  static func typeName(_ type: ParamType) -> String {
    switch type {
    case .integer(let range):
      return range.upperBound == Int64.max
        ? "integer ≥ \(range.lowerBound)" : "integer \(range.lowerBound)…\(range.upperBound)"
    case .text(let maxLength, _): return "text (≤ \(maxLength))"
    case .money: return "money"
    case .boolean: return "boolean"
    case .decimal: return "decimal"
    case .timestamp: return "date"
    case .latitude: return "degrees (-90…90)"
    case .longitude: return "degrees (-180…180)"
    case .choice(let words): return words.map { "`\($0)`" }.joined(separator: " \\| ")
    case .file: return "file"
    case .path: return "path"
    case .any: return "value"
    }
  }
}
