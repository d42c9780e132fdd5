import BountyCore

/// The hunters of an agency database: each PostgreSQL role that works the roster may give the name
/// history and conflicts show for it (table `hunter`); without one they show the role.
extension Store {
  /// The name the current role goes by, or nil when it has none (or on SQLite, which has no hunters).
  public func hunterName() throws -> String? {
    guard database.dialect == .postgresql else { return nil }
    return try database.scalarText("SELECT display_name FROM hunter WHERE role = current_user")
  }

  /// Who last changed fugitive `id` (their name, else their role), or nil on SQLite, whose
  /// changes are one user's, and for a fugitive that does not exist.
  public func lastChangedBy(fugitiveID id: Int64) throws -> String? {
    guard database.dialect == .postgresql else { return nil }
    return try database.scalarText(
      """
      SELECT coalesce(h.display_name, f.changed_by) FROM fugitive AS f
      LEFT JOIN hunter AS h ON h.role = f.changed_by WHERE f.id = ?
      """, .integer(id))
  }

  /// Gives the current role the name `name`, or takes its name away (nil). Refused on SQLite, whose
  /// history is one user's, and when `name` cannot be told from a name another hunter goes by, or
  /// another role's (in the agency's hunters or in the history), by `NameIdentity`: after NFKC and
  /// case folding, confusables included.
  public func setHunterName(_ name: String?) throws {
    guard database.dialect == .postgresql else {
      throw BountyError.refused(
        "hunter names belong to agency databases on PostgreSQL; \(path) is a SQLite file")
    }
    if let name, let imitated = NameIdentity.imitated(by: name, among: try otherHuntersNames()) {
      throw BountyError.conflict(
        "the name \(SafeText.quoted(NameIdentity.shown(name))) looks like "
          + "\(SafeText.quoted(NameIdentity.shown(imitated))), which is another hunter's; "
          + "nothing was changed")
    }
    do {
      try database.run(
        """
        INSERT INTO hunter (role, display_name) VALUES (current_user, ?)
        ON CONFLICT (role) DO UPDATE SET display_name = excluded.display_name
        """, .optional(name))
    } catch let error as PostgresError
      where error.sqlState == "23505" && error.message.hasPrefix("the name ")
    {
      // Agency migration 4: a name another hunter goes by, or another role's, is theirs.
      throw BountyError.conflict(
        "the name \(SafeText.quoted(name ?? "")) is another hunter's; nothing was changed")
    }
  }

  /// Every name another role goes by or is: the other hunters' display names, and the roles of
  /// the server, of the agency's hunters and of the history's steps, the current role's left out.
  private func otherHuntersNames() throws -> [String] {
    try database.query(
      """
      SELECT display_name FROM hunter WHERE role <> current_user AND display_name IS NOT NULL
      UNION SELECT role FROM hunter WHERE role <> current_user
      UNION SELECT hunter FROM history_step WHERE hunter <> current_user
      UNION SELECT rolname FROM pg_roles WHERE rolname <> current_user
      """
    ) { $0.text(0) }
  }
}
