extension ParamSpec {
  /// Checks a JSON-RPC value against this parameter's type. A JSON `null` for an optional parameter
  /// counts as absent (returns nil).
  public func value(fromJSON json: JSON) throws(BountyError) -> ArgumentValue? {
    if json == .null {
      if required { throw invalid("is required") }
      return nil
    }
    if repeated {
      guard case .array(let items) = json, !items.isEmpty else {
        let got = json == .array([]) ? "an empty list" : json.typeName
        throw invalid("must be a list of one or more values, got \(got)")
      }
      var values: [Int64] = []
      for item in items {
        guard case .integer(let value)? = try single.value(fromJSON: item) else {
          throw invalid("must hold whole numbers only")
        }
        values.append(value)
      }
      return .integers(values)
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
    case (.path, .string(let text)):
      return .text(try checkedPath(text))
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
    if repeated, case .integer(let value) = try single.value(fromText: text) {
      return .integers([value])
    }
    switch type {
    case .integer:
      guard let value = Int64(text.trimmingASCIIWhitespace()) else {
        throw invalid("\(SafeText.quoted(text)) is not a whole number")
      }
      return try checkedInteger(value)
    case .text:
      return .text(try checkedText(text))
    case .money:
      // Typed money: `$ 2,000`, `USD 12` and `.5` read as they are meant (`Money.normalizedTyped`).
      switch Money.normalizedTyped(text) {
      case .success(let amount): return .moneyText(amount)
      case .failure(let error): throw invalid(error.reason)
      }
    case .boolean:
      switch text.lowercased() {
      case "true", "yes", "on", "1": return .boolean(true)
      case "false", "no", "off", "0": return .boolean(false)
      default: throw invalid("\(SafeText.quoted(text)) is not yes or no")
      }
    case .decimal:
      guard let value = ExactDecimal(text) else {
        throw invalid("\(SafeText.quoted(text)) is not a decimal number like 12.5")
      }
      return .decimal(value)
    case .timestamp:
      return try timestamp(text)
    case .latitude, .longitude:
      return try degrees(text)
    case .choice:
      return .text(try checkedChoice(text))
    case .path:
      return .text(try checkedPath(text))
    case .file:
      throw invalid("a file is read by the terminal front")
    case .any:
      if let parsed = try? JSONParser.parse(text) { return .json(parsed) }
      return .json(.string(text))
    }
  }

  /// One value of a repeated parameter.
  private var single: ParamSpec {
    ParamSpec(
      name, type, positional: positional, fronts: fronts, keepsSpaces: keepsSpaces, help: help)
  }

  private var expectedTypeName: String {
    switch type {
    case .integer: return "an integer"
    case .text, .choice, .timestamp, .file, .path: return "a string"
    case .money, .decimal: return "a string or number"
    case .boolean: return "a boolean"
    case .latitude, .longitude: return "a number"
    case .any: return "a value"
    }
  }

  /// A parameter that is missing or malformed: a usage error (exit 64, JSON-RPC -32602).
  private func invalid(_ reason: String) -> BountyError {
    .invalidParameter(field: name, reason: reason)
  }

  private func checkedPath(_ text: String) throws(BountyError) -> String {
    if text.isEmpty { throw invalid("must not be empty") }
    if text.utf8.count > 4096 { throw invalid("is longer than 4096 bytes") }
    if text.unicodeScalars.contains(where: { $0.value == 0 }) {
      throw invalid("must not contain NUL characters")
    }
    return text
  }

  private func checkedInteger(_ value: Int64) throws(BountyError) -> ArgumentValue {
    guard case .integer(let range) = type, range.contains(value) else {
      throw invalid("\(value) is out of range")
    }
    return .integer(value)
  }

  /// Text as given, without leading and trailing spaces, tabs and line ends (a name typed
  /// "Jolene Pruitt " is stored as "Jolene Pruitt").
  private func checkedText(_ given: String) throws(BountyError) -> String {
    guard case .text(let maxLength, let allowBlank) = type else { return given }
    let padded =
      !keepsSpaces
      && [given.utf8.first, given.utf8.last].contains { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    let text = padded ? given.trimmingASCIIWhitespace() : given
    if !allowBlank && SafeText.isBlank(text) { throw invalid("must not be blank") }
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
      throw invalid("\(SafeText.quoted(word)) is not one of \(words.joined(separator: ", "))")
    }
    return lowered
  }

  private func timestamp(_ text: String) throws(BountyError) -> ArgumentValue {
    guard let value = Timestamp(parsingLocal: text) else {
      if RelativeDate.recognizes(text) { return .timeText(text) }
      throw invalid(
        "\(SafeText.quoted(text)) is not a date (YYYY-MM-DD, today, yesterday, 3 days ago, monday) "
          + "or time (YYYY-MM-DDTHH:MM:SSZ, now) from 1900 to 9999")
    }
    return .timestamp(value, dateOnly: Timestamp.isDateOnly(text))
  }

  private func degrees(_ text: String) throws(BountyError) -> ArgumentValue {
    let limit: Double = type == .latitude ? 90 : 180
    guard let value = Double(text.trimmingASCIIWhitespace()), value.isFinite,
      abs(value) <= limit
    else {
      throw invalid(
        "\(SafeText.quoted(text)) is not a number of degrees from -\(Int(limit)) to \(Int(limit))")
    }
    return .degrees(value)
  }
}

extension CommandSpec {
  /// Checks JSON-RPC params (by name) against the declaration: unknown names, wrong types and
  /// missing required parameters are `invalidParameter` errors naming the field.
  public func arguments(fromJSON params: JSONObject, front: CommandFronts = .rpc)
    throws(BountyError) -> Arguments
  {
    // The terminal's own views pass JSON too, and may give any parameter.
    let accepted: CommandFronts = front.contains(.workspace) ? [.terminal, .rpc] : front
    var arguments = Arguments()
    for (key, value) in params.members {
      guard let spec = param(named: key), !spec.fronts.isDisjoint(with: accepted) else {
        throw BountyError.invalidParameter(
          field: SafeText.excerpt(key), reason: "is not a parameter of \(name)")
      }
      if let checked = try spec.value(fromJSON: value) { arguments.set(key, checked) }
    }
    try checkRequired(arguments)
    return arguments
  }

  /// The arguments of a form: `typed` holds what a person typed in its fields, by parameter name,
  /// each read as the command line reads it (`value(fromText:)`: typed money such as `$ 2,000`);
  /// `fixed` the values the front supplies itself (the fugitive's ID#), as JSON.
  public func arguments(typed: [String: String], fixed: JSONObject = JSONObject())
    throws(BountyError) -> Arguments
  {
    var arguments = Arguments()
    for (key, value) in fixed.members {
      guard let spec = param(named: key) else {
        throw BountyError.invalidParameter(
          field: SafeText.excerpt(key), reason: "is not a parameter of \(name)")
      }
      if let checked = try spec.value(fromJSON: value) { arguments.set(key, checked) }
    }
    for (key, text) in typed.sorted(by: { $0.key < $1.key }) {
      guard let spec = param(named: key), spec.fronts.contains(.terminal) else {
        throw BountyError.invalidParameter(
          field: SafeText.excerpt(key), reason: "is not a parameter of \(name)")
      }
      arguments.set(key, try spec.value(fromText: text))
    }
    try checkRequired(arguments)
    return arguments
  }

  /// Throws `invalidParameter` naming the first required parameter that is missing.
  public func checkRequired(_ arguments: Arguments) throws(BountyError) {
    for spec in params where spec.required && arguments.value(named: spec.name) == nil {
      throw BountyError.invalidParameter(field: spec.name, reason: "is required")
    }
  }
}
