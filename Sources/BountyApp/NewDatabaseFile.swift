import BountyCore
internal import BountyStore
import Glibc

/// A database file that opening `path` for a change is about to create, with the folders above it
/// that do not exist yet. When the change then fails (refused, invalid, interrupted), `remove()`
/// takes them all away again: a refused command leaves no file behind.
public struct NewDatabaseFile: Sendable {
  let path: String
  /// The folders opening will create, the deepest first.
  let folders: [String]

  /// What opening `path` would create, or nil when the file exists or `path` names a server.
  public static func before(opening path: String) -> NewDatabaseFile? {
    guard !path.isEmpty, case .file? = try? DatabaseURL.classify(path), access(path, F_OK) != 0
    else { return nil }
    var folders: [String] = []
    var folder = DatabaseLocation.parentFolder(of: path)
    while access(folder, F_OK) != 0 {
      folders.append(folder)
      let parent = DatabaseLocation.parentFolder(of: folder)
      if parent == folder { break }
      folder = parent
    }
    return NewDatabaseFile(path: path, folders: folders)
  }

  /// Removes the file (with SQLite's `-wal`, `-shm` and `-journal` beside it) and the folders
  /// opening created, each only if still empty. Call once the dispatcher that opened it is gone
  /// (its connection closed). A roster that holds a fugitive or an undo step by then (another
  /// process created the same new file at the same moment and changed it) is kept.
  public func remove() {
    guard !holdsAnything() else { return }
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    for folder in folders where rmdir(folder) != 0 { break }
  }

  /// True when the file holds a fugitive or an undo step (its connection is closed on return).
  private func holdsAnything() -> Bool {
    guard let store = try? Store.open(path: path, reading: true),
      let counts = try? store.database.transaction(write: false, { try store.rosterCounts() })
    else { return false }
    return counts.fugitives > 0 || counts.undoSteps > 0
  }
}
