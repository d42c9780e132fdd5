import BountyCore

/// The hunters of an agency database: each PostgreSQL role that works the roster may give the name
/// history and conflicts show for it (table `hunter`); without one they show the role.
extension Store {
  /// The name the current role goes by, or nil when it has none (or on SQLite, which has no hunters).
  public func hunterName() throws -> String? {
    guard database.dialect == .postgresql else { return nil }
    return try database.scalarText("SELECT display_name FROM hunter WHERE role = current_user")
  }

  /// Gives the current role the name `name`, or takes its name away (nil). Refused on SQLite, whose
  /// history is one user's.
  public func setHunterName(_ name: String?) throws {
    guard database.dialect == .postgresql else {
      throw BountyError.refused(
        "hunter names belong to agency databases on PostgreSQL; \(path) is a SQLite file")
    }
    try database.run(
      """
      INSERT INTO hunter (role, display_name) VALUES (current_user, ?)
      ON CONFLICT (role) DO UPDATE SET display_name = excluded.display_name
      """, .optional(name))
  }
}
