import BountyCore

/// Parameters several tabs' commands share.
public enum CommonParams {
  /// The terminal-only `--output FILE` of every command that writes a document (reports,
  /// dossiers, exports); `OutputSink.Destination(output:)` reads it.
  public static let output = Param.path(
    "output", fronts: .terminal,
    help: "Write to this file (whole or not at all) instead of standard output; its extension "
      + "names the format when --format is not given")

  /// The terminal-only `--force` that goes with `--output` (and `photo --export`): a file that
  /// exists is refused without it, as `db backup` refuses one.
  public static let force = Param.flag(
    "force", fronts: .terminal, help: "Replace the output file if it exists (else it is refused)")
}
