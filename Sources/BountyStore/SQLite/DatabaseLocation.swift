import BountyCore
import Glibc

/// Where the database lives and how its file is made (docs/contract.md).
public enum DatabaseLocation {
  /// `--db PATH`, else `$BOUNTY_DB`, else `$XDG_DATA_HOME/bounty/bounty.sqlite`, else
  /// `~/.local/share/bounty/bounty.sqlite`.
  public static func resolve(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return option }
    if let path = environment["BOUNTY_DB"], !path.isEmpty { return path }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/bounty/bounty.sqlite"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
    return home + "/.local/share/bounty/bounty.sqlite"
  }

  /// Creates the file (mode 0600) and any missing folders above it (mode 0700) when it does not
  /// exist yet. An existing file is left as it is.
  public static func createIfMissing(_ path: String) throws(BountyError) {
    var status = stat()
    if stat(path, &status) == 0 { return }
    let folder = parentFolder(of: path)
    try createFolders(folder)
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor < 0 {
      if errno == EEXIST { return }
      throw BountyError.io("cannot create database \(path): \(errorText())")
    }
    close(descriptor)
  }

  /// Creates an empty file with mode 0600 that must not exist yet (for backups).
  public static func createPrivateFile(_ path: String) throws(BountyError) {
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor < 0 {
      if errno == EEXIST { throw BountyError.conflict("\(path) already exists") }
      throw BountyError.io("cannot create \(path): \(errorText())")
    }
    close(descriptor)
  }

  public static func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Creates `folder` and its missing parents (mode 0700); errors name `what` was being created.
  static func createFolders(_ folder: String, for what: String = "the database")
    throws(BountyError)
  {
    var status = stat()
    if stat(folder, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw BountyError.io("cannot create \(what): \(folder) is not a folder")
      }
      return
    }
    try createFolders(parentFolder(of: folder), for: what)
    if mkdir(folder, 0o700) != 0 && errno != EEXIST {
      throw BountyError.io("cannot create folder \(folder): \(errorText())")
    }
  }

  static func errorText() -> String { String(cString: strerror(errno)) }
}
