import BountyCore

/// Parameters several tabs' commands share.
public enum CommonParams {
  /// The terminal-only `--output FILE` of every command that writes a document (reports,
  /// dossiers, exports); `OutputSink.Destination(output:)` reads it.
  public static let output = Param.path(
    "output", fronts: .terminal,
    help: "Write to this file (whole or not at all) instead of standard output")
}
