import BountyCore
import Glibc

/// What a `--output PATH` really names, decided before a byte is written, so that no output ever
/// destroys data it was not meant to replace:
///
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: that open descriptor, written to.
/// - a character device (`/dev/null`, a terminal) or a FIFO: opened and written *through*, never
///   replaced by a regular file.
/// - a symbolic link: followed; the file it points at is the target (the link itself stays). A link
///   to nothing is refused.
/// - nothing yet: written beside the target and renamed into place when whole.
/// - a regular file: refused, as `db backup` refuses one, unless the caller means to replace it
///   (`--force`); then written beside it and renamed over it when whole.
/// - refused: a folder, a block device or socket, any file this process has open (the database and
///   its `-wal`/`-shm`), any SQLite database (backups included) and a `-wal`/`-shm`/`-journal` name
///   beside one.
public enum OutputTarget: Equatable, Sendable {
  /// An already open descriptor (standard output, or `/dev/fd/N`): written, never closed.
  case descriptor(Int32)
  /// A device or FIFO at this path: opened for writing without creating or truncating anything.
  case passThrough(String)
  /// A regular file (existing or not) at this resolved path: written whole by rename.
  case replace(String)

  /// Decides what writing to `path` means; throws `.refused` or `.io` for what must not be written,
  /// and `.conflict` for a file that exists unless `replacing`.
  public static func resolve(_ path: String, replacing: Bool) throws(BountyError) -> OutputTarget {
    if path == "-" { return .descriptor(STDOUT_FILENO) }
    guard !path.isEmpty else { throw BountyError.invalid(field: "output", reason: "is empty") }
    if let descriptor = descriptorNumber(path) { return .descriptor(descriptor) }
    var resolved = path
    var link = stat()
    if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
      guard let real = realPath(path) else {
        throw BountyError.refused("\(path) is a symbolic link to nothing; it was not replaced")
      }
      if let descriptor = descriptorNumber(real) { return .descriptor(descriptor) }
      resolved = real
    }
    try refuseSidecar(resolved, shownAs: path)
    var status = stat()
    guard stat(resolved, &status) == 0 else {
      if errno == ENOENT { return .replace(resolved) }
      throw BountyError.io("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    switch status.st_mode & S_IFMT {
    case S_IFCHR, S_IFIFO:
      return .passThrough(resolved)
    case S_IFDIR:
      throw BountyError.io("cannot write \(path): it is a folder")
    case S_IFREG:
      if isOpenInThisProcess(status) {
        throw BountyError.refused("\(path) is the open database; it was not replaced")
      }
      if isSQLiteDatabase(resolved) {
        throw BountyError.refused(
          "\(path) is a SQLite database (a bounty database or backup?); it was not replaced")
      }
      guard replacing else {
        throw BountyError.conflict("\(path) already exists; --force replaces it")
      }
      return .replace(resolved)
    default:
      throw BountyError.refused(
        "\(path) is not a regular file, device or FIFO; nothing was written")
    }
  }

  /// N for `/dev/fd/N` and `/proc/self/fd/N`; 1 and 2 for `/dev/stdout` and `/dev/stderr`.
  static func descriptorNumber(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return STDOUT_FILENO
    case "/dev/stderr": return STDERR_FILENO
    default: break
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"]
    where path.hasPrefix(prefix) {
      guard let number = Int32(path.dropFirst(prefix.count)), number >= 0,
        fcntl(number, F_GETFD) >= 0
      else { return nil }
      return number
    }
    return nil
  }

  /// `db.sqlite-wal` (and `-shm`, `-journal`) when `db.sqlite` is a SQLite database.
  private static func refuseSidecar(_ path: String, shownAs shown: String) throws(BountyError) {
    for suffix in ["-wal", "-shm", "-journal"] where path.hasSuffix(suffix) {
      if isSQLiteDatabase(String(path.dropLast(suffix.count))) {
        throw BountyError.refused("\(shown) belongs to a SQLite database; it was not replaced")
      }
    }
  }

  /// True when a descriptor open in this process (the database, its WAL) is this very file.
  private static func isOpenInThisProcess(_ target: stat) -> Bool {
    guard let folder = opendir("/proc/self/fd") else { return false }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let number = Int32(name) else { continue }
      var status = stat()
      if fstat(number, &status) == 0, status.st_dev == target.st_dev,
        status.st_ino == target.st_ino
      {
        return true
      }
    }
    return false
  }

  /// True when the file at `path` begins with SQLite's 16-byte header.
  static func isSQLiteDatabase(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    var header = [UInt8](repeating: 0, count: 16)
    let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 16) }
    return count == 16 && header == Array("SQLite format 3\0".utf8)
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
