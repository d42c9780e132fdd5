import BountyTestSupport

extension AgencyServerRulesTests.Agency {
  /// What the server answered when `role` ran `sql` in `psql` (at `url`, the agency's own unless
  /// given) and it was refused: psql's error text; nil when the server ran it.
  func refusal(of sql: String, as role: String, at url: String? = nil) -> String? {
    do {
      _ = try server.psql(url ?? self.url, sql, role: role)
      return nil
    } catch {
      return "\(error)"
    }
  }
}
