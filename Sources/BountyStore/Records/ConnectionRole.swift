import BountyCore

/// The role this connection works as on an agency database.
public struct ConnectionRole: Sendable, Equatable {
  /// The PostgreSQL role (`current_user`).
  public let name: String
  /// True for a member of `agency_admin`, the tables' owner, a superuser, and anyone at all before
  /// `db init-agency` has made the roles (the server's grants then decide alone).
  public let mayAdminister: Bool
}

extension Store {
  /// Who this connection is on PostgreSQL; nil on a SQLite file, which has no roles.
  public func agencyRole() throws -> ConnectionRole? {
    guard database.dialect == .postgresql else { return nil }
    return try database.queryFirst(
      """
      SELECT current_user,
        to_regrole('agency_admin') IS NULL OR bounty_is_agency_admin()
          OR pg_has_role(current_user, (SELECT tableowner FROM pg_tables
            WHERE tablename = 'fugitive' AND schemaname = current_schema()), 'MEMBER')
          OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
      """
    ) { ConnectionRole(name: $0.text(0), mayAdminister: $0.int(1) != 0) }
  }
}
