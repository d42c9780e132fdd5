/// What a command does for a front that acts on what a person chose (a key in the workspace, a
/// form in the shell): the front asks the registry for the command with a role, never names one.
/// Each role belongs to exactly one command (a test checks).
public enum CommandRole: Hashable, Sendable, CaseIterable {
  case listAtLarge, listCaptured, listSettings
  case showFugitive, addFugitive, editFugitive, deleteFugitive, moveFugitive
  case captureFugitive, releaseFugitive
  case addNote, editNote, deleteNote, moveNote
  case setBond, describeFugitive, addAlias, addExpense
  case readSetting, changeSetting, resetSetting
  case undo, redo
  case recallView, rememberView
  /// A fugitive's photo, read back (the terminal draws it on the card).
  case readPhoto
  /// Completion scripts and the words they complete (the shell's Tab asks it for ID#s).
  case completions
}

/// A field of a command's form: the parameter a person types into, and where the fugitive's JSON
/// holds its value now (`bond.amount`), for a form that changes a fugitive and shows what it has.
public struct FormField: Sendable {
  public let param: String
  /// A path into the fugitive's JSON, by member names joined with `.`; nil when there is none.
  public let current: String?

  public init(_ param: String, current: String? = nil) {
    self.param = param
    self.current = current
  }
}
