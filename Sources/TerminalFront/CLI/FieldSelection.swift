import BountyCore

/// `--json id,name`: the fields a caller keeps of a result, checked against the command's declared
/// result schema before anything runs (an unknown field is a usage error naming the valid ones).
struct FieldSelection {
  let fields: [String]
  let choice: FieldChoice

  /// The selection for `spec`, or a usage error.
  init(_ fields: [String], for spec: CommandSpec) throws(BountyError) {
    guard let choice = spec.schema.fieldChoice else {
      throw BountyError.usage("'\(spec.words.joined(separator: " "))' has no fields to choose")
    }
    for field in fields where !choice.fields.contains(field) {
      throw BountyError.usage(
        "unknown field \(SafeText.quoted(field))\(Suggestion.hint(for: field, among: choice.fields)); "
          + "the fields are: \(choice.fields.joined(separator: ", "))")
    }
    self.fields = fields
    self.choice = choice
  }

  /// `object` with only the chosen fields, in the order asked.
  func pick(_ object: JSON) -> JSON {
    var picked = JSONObject()
    for field in fields { picked[field] = object[field] ?? .null }
    return .object(picked)
  }

  /// The result reduced to the chosen fields: a list keeps its shape (`{"items": […], "total":
  /// N}`), each item reduced, so `--json`, `--format json` and `--json FIELD,…` print one shape.
  func apply(to result: JSON) -> JSON {
    guard let listKey = choice.listKey, case .object(var object) = result else {
      return pick(result)
    }
    object[listKey] = .array((result[listKey]?.arrayValue ?? []).map(pick))
    return .object(object)
  }
}
