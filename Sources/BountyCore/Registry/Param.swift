/// Anything a command lists among its parameters: a typed `Param` or a bare `ParamSpec`.
public protocol ParamDeclaration: Sendable {
  /// The declaration the fronts, the help and `rpc.discover` read.
  var spec: ParamSpec { get }
}

extension ParamSpec: ParamDeclaration {
  public var spec: ParamSpec { self }
}

/// A parameter declared once with the Swift type its handler receives.
///
/// The fronts check a value against `spec` (its `ParamType`) before anything runs, so a handler
/// never sees text where it wants an ID, and never looks a value up by a string key:
///
/// ```swift
/// static let id = Param.integer("id", Limits.fugitiveIDs, required: true, help: "The ID#")
/// let id = try arguments.required(id)   // an Int64, checked against the range
/// ```
public struct Param<Value: Sendable>: ParamDeclaration {
  public let spec: ParamSpec
  let extract: @Sendable (ArgumentValue) -> Value?

  init(_ spec: ParamSpec, _ extract: @escaping @Sendable (ArgumentValue) -> Value?) {
    self.spec = spec
    self.extract = extract
  }

  public var name: String { spec.name }

  /// The same parameter, as a form labels it and says how to type it (`hint` nil keeps its
  /// type's).
  public func labelled(_ label: String, hint: String? = nil) -> Param {
    var spec = self.spec
    spec.label = label
    if let hint { spec.hint = hint }
    return Param(spec, extract)
  }

  /// The same parameter, written in the person's editor when a terminal command leaves it out
  /// (`ParamSpec.writtenInEditor`).
  public func writtenInEditor() -> Param {
    var spec = self.spec
    spec.writtenInEditor = true
    return Param(spec, extract)
  }
}

extension Param where Value == Int64 {
  /// A whole number within `range`.
  public static func integer(
    _ name: String, _ range: ClosedRange<Int64>, required: Bool = false,
    positional: Bool = false, fronts: CommandFronts = .both, help: String
  ) -> Param {
    Param(
      ParamSpec(
        name, .integer(range), required: required, positional: positional, fronts: fronts,
        help: help)
    ) {
      if case .integer(let value) = $0 { return value }
      return nil
    }
  }
}

extension Param where Value == [Int64] {
  /// One or more whole numbers within `range` (several ID#s): a JSON array, or every remaining
  /// word on the command line when positional.
  public static func integers(
    _ name: String, _ range: ClosedRange<Int64>, positional: Bool = false, help: String
  ) -> Param {
    Param(
      ParamSpec(name, .integer(range), positional: positional, repeated: true, help: help)
    ) {
      if case .integers(let values) = $0 { return values }
      return nil
    }
  }
}

extension Param where Value == String {
  /// Text of at most `maxLength` characters; never contains NUL.
  public static func text(
    _ name: String, maxLength: Int, allowBlank: Bool = true, required: Bool = false,
    positional: Bool = false, fronts: CommandFronts = .both, keepsSpaces: Bool = false,
    help: String
  ) -> Param {
    Param(
      ParamSpec(
        name, .text(maxLength: maxLength, allowBlank: allowBlank), required: required,
        positional: positional, fronts: fronts, keepsSpaces: keepsSpaces, help: help)
    ) {
      if case .text(let value) = $0 { return value }
      return nil
    }
  }

  /// A file system path (completed as a file name by the shells).
  public static func path(
    _ name: String, required: Bool = false, positional: Bool = false,
    fronts: CommandFronts = .both, help: String
  ) -> Param {
    Param(
      ParamSpec(
        name, .path, required: required, positional: positional, fronts: fronts, help: help)
    ) {
      if case .text(let value) = $0 { return value }
      return nil
    }
  }
}

extension Param where Value == Bool {
  /// A yes/no flag: `--all` on the command line, `true`/`false` in JSON-RPC.
  public static func flag(_ name: String, fronts: CommandFronts = .both, help: String) -> Param {
    Param(ParamSpec(name, .boolean, fronts: fronts, help: help)) {
      if case .boolean(let value) = $0 { return value }
      return nil
    }
  }
}

extension Param where Value == Money {
  /// An amount in the database currency: the dispatcher parses it (strictly, never rounding)
  /// before the handler runs.
  public static func money(_ name: String, required: Bool = false, help: String) -> Param {
    Param(ParamSpec(name, .money, required: required, help: help)) {
      if case .money(let value) = $0 { return value }
      return nil
    }
  }
}

extension Param where Value == ExactDecimal {
  /// An exact non-negative decimal (a percentage).
  public static func decimal(_ name: String, required: Bool = false, help: String) -> Param {
    Param(ParamSpec(name, .decimal, required: required, help: help)) {
      if case .decimal(let value) = $0 { return value }
      return nil
    }
  }
}

/// A date or time as typed: a bare date (`2026-11-30`) means a whole day to some commands.
public struct TimeInput: Equatable, Sendable {
  public let timestamp: Timestamp
  /// True when only a date was given, no time of day.
  public let isDateOnly: Bool
}

extension Param where Value == TimeInput {
  /// An ISO 8601 date or time.
  public static func time(_ name: String, required: Bool = false, help: String) -> Param {
    Param(ParamSpec(name, .timestamp, required: required, help: help)) {
      if case .timestamp(let value, let dateOnly) = $0 {
        return TimeInput(timestamp: value, isDateOnly: dateOnly)
      }
      return nil
    }
  }
}

extension Param where Value == Double {
  /// A latitude in degrees, -90…90 (a coordinate, never an amount).
  public static func latitude(_ name: String, help: String) -> Param {
    degrees(ParamSpec(name, .latitude, help: help))
  }

  /// A longitude in degrees, -180…180.
  public static func longitude(_ name: String, help: String) -> Param {
    degrees(ParamSpec(name, .longitude, help: help))
  }

  private static func degrees(_ spec: ParamSpec) -> Param {
    Param(spec) {
      if case .degrees(let value) = $0 { return value }
      return nil
    }
  }
}

extension Param where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
  /// One word of `Value`'s cases (`--format html`), decoded to the enum.
  public static func choice(
    _ name: String, _ type: Value.Type, required: Bool = false, positional: Bool = false,
    help: String
  ) -> Param {
    Param(
      ParamSpec(
        name, .choice(Value.allCases.map(\.rawValue)), required: required,
        positional: positional, help: help)
    ) {
      if case .text(let word) = $0 { return Value(rawValue: word) }
      return nil
    }
  }
}

extension Param where Value == [UInt8] {
  /// Bytes: a file named on the command line, base64 text in JSON-RPC.
  public static func file(
    _ name: String, positional: Bool = false, fronts: CommandFronts = .both, help: String
  ) -> Param {
    Param(ParamSpec(name, .file, positional: positional, fronts: fronts, help: help)) {
      if case .bytes(let value) = $0 { return value }
      return nil
    }
  }
}

extension Param where Value == JSON {
  /// Any JSON value; the handler checks it (a setting's value).
  public static func any(
    _ name: String, required: Bool = false, positional: Bool = false, help: String
  ) -> Param {
    Param(ParamSpec(name, .any, required: required, positional: positional, help: help)) {
      if case .json(let value) = $0 { return value }
      return nil
    }
  }
}
