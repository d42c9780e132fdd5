extension ParamSpec {
  /// Checks a JSON-RPC value against this parameter's type. A JSON `null` for an optional parameter
  /// counts as absent (returns nil).
  public func value(fromJSON json: JSON) throws(BountyError) -> ArgumentValue? {
    if json == .null {
      if required { throw invalid("is required") }
      return nil
    }
    switch (type, json) {
    case (.integer, .number(let digits)):
      guard let value = Int64(digits) else { throw invalid("must be a whole number") }
      return try checkedInteger(value)
    case (.text, .string(let text)):
      return .text(try checkedText(text))
    case (.money, .string(let text)), (.money, .number(let text)):
      return .moneyText(text)
    case (.boolean, .bool(let value)):
      return .boolean(value)
    case (.decimal, .string(let text)), (.decimal, .number(let text)):
      guard let value = ExactDecimal(text) else {
        throw invalid("must be a decimal number like 12.5")
      }
      return .decimal(value)
    case (.timestamp, .string(let text)):
      return try timestamp(text)
    case (.latitude, .number(let digits)), (.longitude, .number(let digits)):
      return try degrees(digits)
    case (.choice, .string(let word)):
      return .text(try checkedChoice(word))
    case (.file, .string(let base64)):
      guard let bytes = Base64.decode(base64) else { throw invalid("must be base64 text") }
      return .bytes(bytes)
    case (.any, _):
      return .json(json)
    default:
      throw invalid("expected \(expectedTypeName), got \(json.typeName)")
    }
  }

  /// Checks a command-line value (always text) against this parameter's type. `.file` is read by the
  /// terminal front before it gets here and never reaches this function.
  public func value(fromText text: String) throws(BountyError) -> ArgumentValue {
    switch type {
    case .integer:
      guard let value = Int64(text.trimmingASCIIWhitespace()) else {
        throw invalid("'\(text)' is not a whole number")
      }
      return try checkedInteger(value)
    case .text:
      return .text(try checkedText(text))
    case .money:
      return .moneyText(text)
    case .boolean:
      switch text.lowercased() {
      case "true", "yes", "on", "1": return .boolean(true)
      case "false", "no", "off", "0": return .boolean(false)
      default: throw invalid("'\(text)' is not yes or no")
      }
    case .decimal:
      guard let value = ExactDecimal(text) else {
        throw invalid("'\(text)' is not a decimal number like 12.5")
      }
      return .decimal(value)
    case .timestamp:
      return try timestamp(text)
    case .latitude, .longitude:
      return try degrees(text)
    case .choice:
      return .text(try checkedChoice(text))
    case .file:
      throw invalid("a file is read by the terminal front")
    case .any:
      if let parsed = try? JSONParser.parse(text) { return .json(parsed) }
      return .json(.string(text))
    }
  }

  private var expectedTypeName: String {
    switch type {
    case .integer: return "an integer"
    case .text, .choice, .timestamp, .file: return "a string"
    case .money, .decimal: return "a string or number"
    case .boolean: return "a boolean"
    case .latitude, .longitude: return "a number"
    case .any: return "a value"
    }
  }

  private func invalid(_ reason: String) -> BountyError {
    .invalid(field: name, reason: reason)
  }

  private func checkedInteger(_ value: Int64) throws(BountyError) -> ArgumentValue {
    guard case .integer(let range) = type, range.contains(value) else {
      throw invalid("\(value) is out of range")
    }
    return .integer(value)
  }

  private func checkedText(_ text: String) throws(BountyError) -> String {
    guard case .text(let maxLength, let allowBlank) = type else { return text }
    if !allowBlank && text.trimmingASCIIWhitespace().isEmpty { throw invalid("must not be blank") }
    if text.count > maxLength { throw invalid("is longer than \(maxLength) characters") }
    if text.unicodeScalars.contains(where: { $0.value == 0 }) {
      throw invalid("must not contain NUL characters")
    }
    return text
  }

  private func checkedChoice(_ word: String) throws(BountyError) -> String {
    guard case .choice(let words) = type else { return word }
    let lowered = word.lowercased()
    guard words.contains(lowered) else {
      throw invalid("'\(word)' is not one of \(words.joined(separator: ", "))")
    }
    return lowered
  }

  private func timestamp(_ text: String) throws(BountyError) -> ArgumentValue {
    guard let value = Timestamp(parsingLocal: text) else {
      throw invalid(
        "'\(text)' is not a date (YYYY-MM-DD) or time (YYYY-MM-DDTHH:MM:SSZ) from 1900 to 9999")
    }
    return .timestamp(value, dateOnly: Timestamp.isDateOnly(text))
  }

  private func degrees(_ text: String) throws(BountyError) -> ArgumentValue {
    let limit: Double = type == .latitude ? 90 : 180
    guard let value = Double(text.trimmingASCIIWhitespace()), value.isFinite,
      abs(value) <= limit
    else {
      throw invalid("'\(text)' is not a number of degrees from -\(Int(limit)) to \(Int(limit))")
    }
    return .degrees(value)
  }
}

extension CommandSpec {
  /// Checks JSON-RPC params (by name) against the declaration: unknown names, wrong types and
  /// missing required parameters are `invalid` errors naming the field.
  public func arguments(fromJSON params: JSONObject) throws(BountyError) -> Arguments {
    var arguments = Arguments()
    for (key, value) in params.members {
      guard let spec = param(named: key), spec.fronts.contains(.rpc) else {
        throw BountyError.invalid(field: key, reason: "is not a parameter of \(name)")
      }
      if let checked = try spec.value(fromJSON: value) { arguments.set(key, checked) }
    }
    try checkRequired(arguments)
    return arguments
  }

  /// Throws `invalid` naming the first required parameter that is missing.
  public func checkRequired(_ arguments: Arguments) throws(BountyError) {
    for spec in params where spec.required && !arguments.has(spec.name) {
      throw BountyError.invalid(field: spec.name, reason: "is required")
    }
  }
}
