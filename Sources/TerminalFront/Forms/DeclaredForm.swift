import BountyApp
import BountyCore

/// A command's form as its declaration gives it (`CommandSpec.form`): each field's parameter, its
/// label and hint (`ParamSpec.label`, `.hint`), and, for a form that changes a fugitive, the value
/// it has now. The workspace's form and the shell's field-by-field one are both built from it and
/// check a field with the dispatcher's own check, so every front accepts the same values.
struct DeclaredForm {
  struct Field {
    let param: ParamSpec
    /// The value now (`$50,000.00` as the fugitive's JSON holds it: `50000.00`); nil when none.
    let current: String?

    var name: String { param.name }
    var label: String { param.label }
    var required: Bool { param.required }

    /// What an empty field shows: how to type it, and whether it may stay empty.
    var hint: String {
      if required { return param.hint }
      return param.hint.isEmpty ? "optional" : "optional; \(param.hint)"
    }
  }

  let spec: CommandSpec
  let fields: [Field]

  /// The form of `spec` (nil when it declares none); `fugitive` gives the values now.
  init?(_ spec: CommandSpec, fugitive: JSON? = nil) {
    guard !spec.form.isEmpty else { return nil }
    self.spec = spec
    fields = spec.form.compactMap { declared in
      guard let param = spec.param(named: declared.param) else { return nil }
      let current = declared.current.flatMap { path in
        fugitive.flatMap { Self.text(at: path, in: $0) }
      }
      return Field(param: param, current: current)
    }
  }

  /// The text at `path` (member names joined with `.`) in `json`: a string, or a number's digits.
  static func text(at path: String, in json: JSON) -> String? {
    var value: JSON? = json
    for member in path.split(separator: ".") { value = value?[String(member)] }
    switch value {
    case .string(let text)?: return text
    case .number(let digits)?: return digits
    default: return nil
    }
  }

  /// Why `text` will not do for `field`, or nil when it will: the dispatcher's own check of the
  /// parameter (its type, money in the database currency), and an empty required field.
  static func problem(with text: String, for field: Field, dispatcher: Dispatcher) -> String? {
    if text.trimmingASCIIWhitespace().isEmpty { return field.required ? "is required" : nil }
    do throws(BountyError) {
      try dispatcher.check(text, for: field.param)
      return nil
    } catch {
      return error.reason() ?? error.message
    }
  }
}
