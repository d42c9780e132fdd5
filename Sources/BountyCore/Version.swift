/// bounty's own version, printed by `bounty --version` and in `rpc.discover`.
public enum BountyVersion {
  public static let current = "0.1.0"
}
