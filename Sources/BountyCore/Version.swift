/// bounty's own version, printed by `bounty --version` and in `rpc.discover`.
public enum BountyVersion {
  public static let current = "0.1.0"
  /// The day this version was released (YYYY-MM-DD): the man page's date and the .deb changelog's.
  public static let date = "2026-11-30"
}
