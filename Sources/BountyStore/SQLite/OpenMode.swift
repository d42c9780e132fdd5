import Glibc

/// How this process may open a database file, decided from the file system before SQLite touches
/// the file.
public enum OpenMode: Sendable, Equatable {
  /// The file and its folder are writable: the normal case.
  case readWrite
  /// The file (or its folder) is not writable, and SQLite can read it without creating anything:
  /// a rollback-journal database, or a WAL database whose `-wal` and `-shm` exist (someone has it
  /// open; their changes are seen).
  case readOnly
  /// A WAL database this process cannot write and nobody has open, read as `immutable=1`
  /// (sqlite.org/wal.html, "Read-Only Databases"): read-only, and changes by others are not seen.
  /// In a folder it cannot write SQLite could not create the `-shm` it needs; in one it can, the
  /// `-wal` and `-shm` it would create belong to this user and copy the file's mode, and then the
  /// file's owner could no longer write the database.
  case immutable(folderWritable: Bool)

  /// The mode for the file at `path`, which exists. Reads the file's header only.
  public static func choose(for path: String) -> OpenMode {
    let folderWritable = access(DatabaseLocation.parentFolder(of: path), W_OK) == 0
    if folderWritable && access(path, W_OK) == 0 { return .readWrite }
    guard isWAL(path) else { return .readOnly }
    if access(path + "-wal", F_OK) == 0 && access(path + "-shm", F_OK) == 0 { return .readOnly }
    return .immutable(folderWritable: folderWritable)
  }

  /// The one-line warning a front shows for this mode, or nil when there is nothing to say.
  public func warning(for path: String) -> String? {
    guard case .immutable(let folderWritable) = self else { return nil }
    let why =
      folderWritable ? "you cannot write \(path)" : "\(path) is in a folder you cannot write"
    return "bounty: \(why); opened read-only (changes by others are not seen)"
  }

  /// True when the file's header says it is in WAL mode (bytes 18 and 19 of the database header are
  /// 2, sqlite.org/fileformat2.html).
  static func isWAL(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 20)
    guard pread(descriptor, &header, 20, 0) == 20 else { return false }
    return header[18] == 2 || header[19] == 2
  }
}
