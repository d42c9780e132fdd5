import BountyCore

/// The two group roles of agency mode. Hunters log in as roles of their own that are members of
/// one of them (`CREATE ROLE carol LOGIN IN ROLE agency_hunter`); the database enforces what each
/// may do, so a hunter using `psql` can do no more than through bounty.
public enum AgencyRole {
  /// May change settings, delete fugitives and import, besides everything a hunter may do.
  public static let admin = "agency_admin"
  /// May read everything and change fugitives, notes, photos, case files and history, but not
  /// settings, and may not delete fugitives.
  public static let hunter = "agency_hunter"
}

extension Store {
  /// Creates the agency's group roles when missing and grants them their privileges on every table
  /// and sequence of the database's schema, in the transaction the caller opened; answers the
  /// statements it ran, in order. Running it again is harmless: it first takes back whatever the
  /// two roles held on those tables, so they end with exactly these privileges. Run it again after
  /// a migration that adds a table.
  ///
  /// Hunters: SELECT on every table; INSERT, UPDATE and DELETE on `hunterWritableTables` only
  /// (`fugitive`: DELETE only of a fugitive they added, by the table's row policy); no direct
  /// write on the history, the tally, the ID# runs, the search index, `setting` or
  /// `bounty_migration`; USAGE and SELECT on the sequences but the history's. Admins: member of
  /// the hunters, plus changing settings, deleting any fugitive (row policy), setting the
  /// sequences (`db copy`) and reading the history's, which `pg_dump` needs (with the admins' read
  /// of every workspace row, agency migration 10, an admin's dump holds the whole roster). No
  /// TRUNCATE for anyone: it would skip the triggers that record.
  ///
  /// Refused on SQLite, which has no roles; refused with the reason when this connection's role may
  /// not create roles or grant on the tables (it must own them and have CREATEROLE).
  ///
  /// `agencyBackups` says who may back the roster up with these privileges.
  public func initAgencyRoles() throws -> [String] {
    guard database.dialect == .postgresql else {
      throw BountyError.refused("init-agency needs a PostgreSQL database (--db postgresql://…)")
    }
    // PostgreSQL answers a GRANT on a table this role does not own with a warning, not an error:
    // a hunter would be told the plan ran when nothing was granted.
    let (owner, isOwner) =
      try database.query(
        """
        SELECT pg_get_userbyid(relowner), CAST(pg_has_role(current_user, relowner, 'USAGE') AS int)
        FROM pg_class WHERE oid = CAST('fugitive' AS regclass)
        """
      ) { ($0.text(0), $0.int(1) == 1) }.first ?? ("postgres", false)
    guard isOwner
    else {
      throw BountyError.refused(
        "init-agency needs the role that owns bounty's tables (\(owner)), with CREATEROLE; "
          + "nothing was changed")
    }
    var statements: [String] = []
    do {
      // Roles and memberships belong to the whole cluster: another database's init-agency may
      // create the same one at the same moment, and then this statement waits for it and fails.
      // Each runs under a savepoint, and one that fails because it is now in place is done.
      for (statement, isInPlace) in try missingRoleStatements() {
        do {
          try database.transaction(write: true) { try database.execute(statement) }
          statements.append(statement)
        } catch let failure as any DatabaseFailure {
          guard try isInPlace() else { throw failure }
        }
      }
      for statement in try privilegeStatements() {
        try database.execute(statement)
        statements.append(statement)
      }
    } catch let failure as any DatabaseFailure where failure.isPermissionDenied {
      throw BountyError.refused(
        "init-agency needs the role that owns bounty's tables, with CREATEROLE (\(failure.message)); "
          + "nothing was changed")
    }
    return statements
  }

  /// Who may back an agency roster up with the privileges `initAgencyRoles` grants.
  public static let agencyBackups =
    "agency_admin members may back the roster up whole with pg_dump --enable-row-security "
    + "(its rows have row policies); agency_hunter members may not (the history's sequences and "
    + "the other hunters' workspace values are not theirs to read): they copy the roster, "
    + "without its history, with db copy --to FILE.sqlite"

  /// Creates a login role for a new hunter, a member of `agency_admin` when `admin`, else of
  /// `agency_hunter`, with no password (give one with psql's `\password ROLE`, which never shows it
  /// on a command line); answers the statement it ran. `role` must be a plain lower-case SQL name.
  ///
  /// Refused on SQLite, before `initAgencyRoles` made the groups, for a role that exists, and when
  /// this connection's role may not create roles.
  public func addAgencyMember(_ role: String, admin: Bool) throws -> String {
    guard database.dialect == .postgresql else {
      throw BountyError.refused("add-hunter needs a PostgreSQL database (--db postgresql://…)")
    }
    let isPlainName =
      (1...63).contains(role.utf8.count) && role.first.map { $0 == "_" || $0.isLowercase } == true
      && role.unicodeScalars.allSatisfy {
        $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0)
      }
    guard isPlainName else {
      throw BountyError.invalid(
        field: "role",
        reason: "a role name here is 1 to 63 of a-z, 0-9 and _, not starting with a digit")
    }
    let group = admin ? AgencyRole.admin : AgencyRole.hunter
    guard try roleExists(group) else {
      throw BountyError.refused(
        "the role \(group) does not exist yet: run bounty db init-agency first; nothing was changed"
      )
    }
    guard
      try database.scalarInt("SELECT count(*) FROM pg_roles WHERE rolname = ?", .text(role)) == 0
    else {
      throw BountyError.conflict("the role \(role) already exists; nothing was changed")
    }
    // quote_ident: a name SQL reserves (`user`, `order`) is quoted; any other stays as it is.
    let name = try database.scalarText("SELECT quote_ident(?)", .text(role)) ?? role
    let statement = "CREATE ROLE \(name) LOGIN IN ROLE \(group)"
    do {
      try database.execute(statement)
    } catch let failure as any DatabaseFailure where failure.isPermissionDenied {
      throw BountyError.refused(
        "add-hunter needs a role with CREATEROLE (\(failure.message)); nothing was changed")
    }
    return statement
  }

  /// The group roles and the membership of admins in hunters, where missing, each with the check
  /// that it is in place.
  private func missingRoleStatements() throws -> [(String, () throws -> Bool)] {
    let (admin, hunter) = (AgencyRole.admin, AgencyRole.hunter)
    let missing = try [hunter, admin].filter { try !roleExists($0) }
    var statements: [(String, () throws -> Bool)] = missing.map { role in
      ("CREATE ROLE \(role) NOLOGIN", { try self.roleExists(role) })
    }
    if try !missing.isEmpty || !isMember(admin, of: hunter) {
      statements.append(("GRANT \(hunter) TO \(admin)", { try self.isMember(admin, of: hunter) }))
    }
    return statements
  }

  /// The tables a hunter may write directly (`psql` too): the fugitives and what belongs to them,
  /// which the server records as an undoable step of theirs when bounty does not (agency migration
  /// 3); `fugitive` deletes only of their own (its row policy); their own `hunter` row and
  /// workspace values (row policies).
  static let hunterWritableTables = [
    "alias", "case_file", "expense", "fugitive", "hunter", "note", "photo", "workspace",
  ]

  /// What an admin may write besides: the settings (recorded like a hunter's changes).
  static let adminWritableTables = ["setting"]

  /// The table bounty's writers lock to take turns (`Database.takeWriterTurn`, agency migration
  /// 7): it holds nothing, and `LOCK TABLE … IN EXCLUSIVE MODE` needs UPDATE on it.
  static let writerTurnTable = "bounty_writer"

  /// The sequences that hold the highest place and ID# ever written (agency migration 11):
  /// hunters may read them, not advance them.
  static let highWaterSequences: Set<String> = ["fugitive_position_high", "fugitive_id_high"]

  /// What each role may do on the schema's tables and sequences, from nothing.
  private func privilegeStatements() throws -> [String] {
    let (admin, hunter) = (AgencyRole.admin, AgencyRole.hunter)
    var statements: [String] = []
    let schema = try database.scalarText("SELECT quote_ident(current_schema())") ?? "public"
    statements.append("GRANT USAGE ON SCHEMA \(schema) TO \(hunter), \(admin)")

    let tables = Set(try relations(kinds: "'r', 'p'"))
    let readable = try relations(kinds: "'r', 'p', 'v', 'm'")
    guard !readable.isEmpty else { return statements }
    let everyTable = readable.joined(separator: ", ")
    statements.append("REVOKE ALL ON TABLE \(everyTable) FROM \(hunter), \(admin)")
    statements.append("GRANT SELECT ON TABLE \(everyTable) TO \(hunter)")
    // Only the tables a person changes: the history, the tally, the ID# runs and the search index
    // are written by the server's own functions and triggers (agency migration 3), never directly.
    let hunterWritable = Self.hunterWritableTables.filter { tables.contains($0) }
    if !hunterWritable.isEmpty {
      statements.append(
        "GRANT INSERT, UPDATE, DELETE ON TABLE \(hunterWritable.joined(separator: ", ")) TO \(hunter)"
      )
    }
    if tables.contains(Self.writerTurnTable) {
      statements.append("GRANT UPDATE ON TABLE \(Self.writerTurnTable) TO \(hunter)")
    }
    let adminWritable = Self.adminWritableTables.filter { tables.contains($0) }
    if !adminWritable.isEmpty {
      statements.append(
        "GRANT INSERT, UPDATE, DELETE ON TABLE \(adminWritable.joined(separator: ", ")) TO \(admin)"
      )
    }

    // The history's sequences are used only by the server's functions; the high-water marks of
    // places and ID#s (agency migration 11) only the server raises, and everyone reads.
    let sequences = try relations(kinds: "'S'")
    let highWater = sequences.filter { Self.highWaterSequences.contains($0) }
    let used = sequences.filter { !$0.hasPrefix("history_") && !highWater.contains($0) }
    if !sequences.isEmpty {
      let everySequence = sequences.joined(separator: ", ")
      statements.append("REVOKE ALL ON SEQUENCE \(everySequence) FROM \(hunter), \(admin)")
    }
    if !used.isEmpty {
      let everySequence = used.joined(separator: ", ")
      statements.append("GRANT USAGE, SELECT ON SEQUENCE \(everySequence) TO \(hunter)")
      statements.append("GRANT UPDATE ON SEQUENCE \(everySequence) TO \(admin)")
    }
    if !highWater.isEmpty {
      let marks = highWater.joined(separator: ", ")
      statements.append("GRANT SELECT ON SEQUENCE \(marks) TO \(hunter)")
      statements.append("GRANT SELECT, UPDATE ON SEQUENCE \(marks) TO \(admin)")
    }
    // pg_dump reads every sequence; reading one does not advance it (agency migration 10).
    let history = sequences.filter { $0.hasPrefix("history_") }
    if !history.isEmpty {
      statements.append("GRANT SELECT ON SEQUENCE \(history.joined(separator: ", ")) TO \(admin)")
    }
    return statements
  }

  /// The names (quoted where SQL needs it) of the current schema's relations of the given
  /// `pg_class.relkind`s, in name order.
  private func relations(kinds: String) throws -> [String] {
    try database.query(
      """
      SELECT quote_ident(c.relname) FROM pg_class c
      WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND c.relkind IN (\(kinds))
      ORDER BY c.relname
      """
    ) { $0.text(0) }
  }

  // Both ask the catalog as it is now, not as the transaction's snapshot saw it, so they see a
  // role another transaction created since.
  private func roleExists(_ role: String) throws -> Bool {
    try database.scalarInt(
      "SELECT CASE WHEN to_regrole(?) IS NULL THEN 0 ELSE 1 END", .text(role)) == 1
  }

  private func isMember(_ member: String, of group: String) throws -> Bool {
    try database.scalarInt(
      "SELECT CASE WHEN pg_has_role(CAST(? AS name), CAST(? AS name), 'MEMBER') THEN 1 ELSE 0 END",
      .text(member), .text(group)) == 1
  }
}
