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

  /// The location that leaves the whole connection to libpq's `PG*` environment.
  public static let serverFromEnvironment = "postgresql:"

  /// True when `location` names a PostgreSQL server (agency mode) rather than a file: it starts
  /// `postgresql://` or `postgres://`, or is exactly `postgresql:`. Anything else is a file path.
  public static func isServer(_ location: String) -> Bool {
    location == serverFromEnvironment || location.hasPrefix("postgresql://")
      || location.hasPrefix("postgres://")
  }

  /// Refuses a server URL that holds a password (`user:secret@host`, `?password=`): passwords
  /// belong in libpq's password file or service file, never on a command line or in an error.
  public static func refusePassword(in url: String) throws(BountyError) {
    guard let schemeEnd = url.firstRange(of: "://") else { return }
    let rest = url[schemeEnd.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" }
    let userInfo = authority.lastIndex(of: "@").map { authority[..<$0] } ?? ""
    let query = rest.drop { $0 != "?" }.dropFirst()
    let keys = query.split(separator: "&").map { percentDecoded($0.prefix { $0 != "=" }) }
    guard userInfo.contains(":") || keys.contains("password") else { return }
    throw BountyError.refused(
      "the database URL holds a password, which bounty never takes (it would show in your shell "
        + "history and the process list): put it in ~/.pgpass, in the file PGPASSFILE names, or "
        + "in a service PGSERVICE names; nothing was opened")
  }

  /// `text` with its `%XX` escapes decoded (an invalid one is kept as it is).
  private static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    while index < utf8.endIndex {
      let byte = utf8[index]
      let first = utf8.index(after: index)
      if byte == UInt8(ascii: "%"), first < utf8.endIndex, utf8.index(after: first) < utf8.endIndex,
        let decoded = UInt8(
          String(decoding: utf8[first...utf8.index(after: first)], as: UTF8.self), radix: 16)
      {
        bytes.append(decoded)
        index = utf8.index(first, offsetBy: 2)
      } else {
        bytes.append(byte)
        index = first
      }
    }
    return String(decoding: bytes, as: UTF8.self)
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
