import BountyCore
internal import BountyStore
import Glibc

/// A database file that opening `path` for a change is about to create, with the folders above it
/// that do not exist yet.
///
/// The change fills it under another name, `scratch`, beside `path`, which no other process looks
/// at: SQLite neither syncs nor journals it on disk (`Store.open(path:building:)`). When the change
/// succeeds, `install()` syncs the whole file once and links it to `path`: a crash before then
/// leaves no half-made roster at `path`, and a new roster costs two syncs, not ten (a journal's,
/// the WAL's and the checkpoint's). When the change fails (refused, invalid, interrupted),
/// `remove()` takes the scratch file and the new folders away again: a refused command leaves no
/// file behind.
public struct NewDatabaseFile: Sendable {
  let path: String
  /// Where the roster is built before it is named `path`: beside it (the same file system, so the
  /// name is given by a link), and this process's own.
  let scratch: String
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
    return NewDatabaseFile(path: path, scratch: "\(path).building-\(getpid())", folders: folders)
  }

  /// Names the built roster `path`, once its dispatcher sealed it (`Dispatcher.sealNewFile`) and is
  /// gone (its connection closed): syncs the scratch file, links it to `path` and syncs the folder.
  /// Refused with `.conflict`, and the scratch file removed, when another process created `path`
  /// meanwhile: its roster is kept, and this change was made to none.
  public func install() throws(BountyError) {
    let file = open(scratch, O_RDONLY | O_CLOEXEC)
    guard file >= 0, fsync(file) == 0 else {
      let reason = String(cString: strerror(errno))
      if file >= 0 { close(file) }
      remove()
      throw BountyError.io("cannot write \(path): \(reason)")
    }
    close(file)
    if link(scratch, path) != 0 {
      var failure = errno
      // A file system without hard links (FAT, some network mounts): renamed, once PATH is seen
      // to be free.
      if failure == EPERM || failure == EOPNOTSUPP || failure == EXDEV {
        if access(path, F_OK) == 0 {
          failure = EEXIST
        } else if rename(scratch, path) == 0 {
          syncFolder()
          return
        } else {
          failure = errno
        }
      }
      remove()
      if failure == EEXIST {
        throw BountyError.conflict(
          "\(path) was created by another process meanwhile; this change was not saved: run it again"
        )
      }
      throw BountyError.io("cannot create \(path): \(String(cString: strerror(failure)))")
    }
    unlink(scratch)
    syncFolder()
  }

  /// Makes the roster's name in its folder durable.
  private func syncFolder() {
    let folder = open(DatabaseLocation.parentFolder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return }
    fsync(folder)
    close(folder)
  }

  /// Removes the scratch file (with SQLite's `-wal`, `-shm` and `-journal` beside it) and the
  /// folders opening created, each only if still empty. Call once the dispatcher that opened it is
  /// gone (its connection closed). A roster at `path` (another process created the same new file
  /// at the same moment) is removed too while it holds no fugitive and no undo step, else kept.
  public func remove() {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(scratch + suffix) }
    if access(path, F_OK) == 0 {
      guard !holdsAnything() else { return }
      for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
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
