import BountyApp
import BountyCore

/// A form of the workspace (add, edit, capture, a note): every field on one screen, each checked
/// as it is left and all of them on Save, the reason shown under the field.
struct Form {
  struct Field {
    /// The param the field fills (`name`, `bounty`), which an `invalid` error names.
    let name: String
    let label: String
    var buffer: LineBuffer
    /// Shown dim beside an empty field: `now`, `optional`.
    var hint = ""
    var error: String?
    /// Nil when the text is acceptable, else the reason.
    var check: (String) -> String? = { _ in nil }

    init(
      _ name: String, _ label: String, value: String = "", hint: String = "",
      check: @escaping (String) -> String? = { _ in nil }
    ) {
      self.name = name
      self.label = label
      self.buffer = LineBuffer(value)
      self.hint = hint
      self.check = check
    }
  }

  var title: String
  var fields: [Field]
  /// The field with the cursor; `fields.count` is Save, `fields.count + 1` is Cancel.
  var focus = 0
  /// An error that names no field.
  var message: String?
  /// Enter on any field saves (a form whose empty fields mean "now" and "nowhere").
  var enterSaves = false

  init(_ title: String, _ fields: [Field]) {
    self.title = title
    self.fields = fields
  }

  /// The workspace's face of a command's declared form: a field per declared field, with its
  /// label and hint, checked by the dispatcher's own check; `filled` puts each field's value now
  /// in it (a form that edits) and an emptied field shows how to type it (an edit's empty
  /// description clears it, so "now …" would mislead), else a value now is the hint (a form whose
  /// empty field keeps it). An empty value now is no hint: it showed a bare "now".
  init(_ title: String, declared: DeclaredForm, dispatcher: Dispatcher, filled: Bool) {
    self.init(
      title,
      declared.fields.map { field in
        Field(
          field.name, field.label, value: filled ? field.current ?? "" : "",
          hint: filled
            ? field.hint : field.current.flatMap { $0.isEmpty ? nil : "now \($0)" } ?? field.hint,
          check: { DeclaredForm.problem(with: $0, for: field, dispatcher: dispatcher) })
      })
  }

  var saveIndex: Int { fields.count }
  var cancelIndex: Int { fields.count + 1 }

  /// The text of field `name`.
  func value(_ name: String) -> String {
    fields.first { $0.name == name }?.buffer.text ?? ""
  }

  mutating func moveFocus(by step: Int) {
    if focus < fields.count { validate(focus) }
    focus = (focus + step + fields.count + 2) % (fields.count + 2)
  }

  /// Checks one field, keeping its reason.
  mutating func validate(_ index: Int) {
    fields[index].error = fields[index].check(fields[index].buffer.text)
  }

  /// Checks every field; the focus goes to the first one that is wrong. True when all are right.
  mutating func validateAll() -> Bool {
    for index in fields.indices { validate(index) }
    if let wrong = fields.firstIndex(where: { $0.error != nil }) {
      focus = wrong
      return false
    }
    return true
  }

  /// Shows an error the app gave on saving: under its field when it names one.
  mutating func show(_ error: BountyError) {
    if case .invalid(let field, _) = error, let reason = error.reason(),
      let index = fields.firstIndex(where: { $0.name == field })
    {
      fields[index].error = reason
      focus = index
    } else {
      message = error.message
    }
  }
}
