/// A command's parameters after checking against its declaration: every value has its declared
/// type, no unknown name is present, every required one is. Handlers read them through their typed
/// `Param` declarations, never by a string key.
public struct Arguments: Sendable {
  public private(set) var values: [String: ArgumentValue]

  public init(_ values: [String: ArgumentValue] = [:]) {
    self.values = values
  }

  /// True when the parameter was given.
  public func has(_ param: some ParamDeclaration) -> Bool { values[param.spec.name] != nil }

  /// The value of an optional parameter, nil when it was not given.
  public subscript<Value>(_ param: Param<Value>) -> Value? {
    values[param.name].flatMap(param.extract)
  }

  /// The value of a required parameter. The fronts refuse a call that lacks one before it runs;
  /// this throws the same error should a handler read a parameter its command did not declare.
  public func required<Value>(_ param: Param<Value>) throws(BountyError) -> Value {
    guard let value = self[param] else {
      throw BountyError.invalidParameter(field: param.name, reason: "is required")
    }
    return value
  }

  /// The file a front opened for the path parameter `param` (`bounty rpc --files DIR`); nil when
  /// the path was given as text, to be opened by the command.
  public func openedFile(_ param: Param<String>) -> OpenedFile? {
    guard case .openedFile(let file)? = values[param.name] else { return nil }
    return file
  }

  /// A flag: false unless given as true.
  public func isSet(_ flag: Param<Bool>) -> Bool { self[flag] == true }

  /// The checked value named `name`, for code that works over any command (history labels, the
  /// confirmation question).
  public func value(named name: String) -> ArgumentValue? { values[name] }

  public mutating func set(_ name: String, _ value: ArgumentValue) {
    values[name] = value
  }

  /// Only the values `spec` declares: the arguments of a related command (the subject a
  /// confirmation question names).
  public func restricted(to spec: CommandSpec) -> Arguments {
    Arguments(values.filter { name, _ in spec.param(named: name) != nil })
  }
}

/// One checked parameter value.
public enum ArgumentValue: Equatable, Sendable {
  case integer(Int64)
  /// The values of a repeated integer parameter, in the order given.
  case integers([Int64])
  case text(String)
  case boolean(Bool)
  /// An amount as typed; the dispatcher turns it into `.money` in the database currency.
  case moneyText(String)
  case money(Money)
  case decimal(ExactDecimal)
  case timestamp(Timestamp, dateOnly: Bool)
  /// A date in words (`yesterday`, `3 days ago`); the dispatcher turns it into `.timestamp` from
  /// the store's clock in local time (`RelativeDate`).
  case timeText(String)
  case degrees(Double)
  case bytes([UInt8])
  case json(JSON)
  /// A path parameter's file, opened by the front (`Arguments.openedFile`).
  case openedFile(OpenedFile)
}
