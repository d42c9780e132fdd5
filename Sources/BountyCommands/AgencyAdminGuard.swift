import BountyCore
import BountyStore

/// The agency admin's changes (settings, deleting fugitives, imports): refused to a hunter's role
/// on an agency database before the handler runs, with a message that says who may. Checked by the
/// dispatcher inside the command's transaction; nothing to check on a SQLite file.
public enum AgencyAdminGuard {
  public static func check(_ spec: CommandSpec, _ arguments: Arguments, _ store: Store) throws {
    guard spec.agencyAdminOnly, !spec.onlyReads(arguments),
      let role = try store.agencyRole(), !role.mayAdminister
    else { return }
    var message =
      "only an agency admin may \(spec.summary.prefix(1).lowercased() + spec.summary.dropFirst()) "
      + "(you are \(role.name), a hunter); nothing was changed"
    if spec.name == "fugitives.delete" {
      message += ". Undo removes a fugitive you added yourself"
    }
    throw BountyError.refused(message)
  }
}
