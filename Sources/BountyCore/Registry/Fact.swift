/// One line of a facts view (`db info`): a result field shown under a label a person reads, in
/// the unit its value is counted in.
public struct Fact: Sendable {
  /// How a value is shown.
  public enum Unit: Sendable {
    /// As it is.
    case plain
    /// A byte count: `1.2 MiB (1,258,291 bytes)`.
    case bytes
    /// A flag: `yes` or `no`.
    case yesNo
    /// A list of text, one item after another (`; `).
    case list
  }

  /// The result field.
  public let field: String
  /// What a person reads: `Schema version`.
  public let label: String
  public let unit: Unit

  public init(_ field: String, _ label: String, _ unit: Unit = .plain) {
    self.field = field
    self.label = label
    self.unit = unit
  }
}
