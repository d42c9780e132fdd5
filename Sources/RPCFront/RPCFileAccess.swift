import BountyCore
import Glibc

/// Which files a JSON-RPC request may name. By default none: a client sends the text itself
/// (`content`), and the server reads nothing it was not given. `bounty rpc --files DIR` lets
/// requests name files inside DIR, judged after every symbolic link is resolved; `-` (the server's
/// own standard input, which carries the requests) is never a file.
public struct RPCFileAccess: Sendable {
  /// The folder requests may read from, resolved; nil when files are off.
  public let folder: String?

  /// Files off.
  public static let none = RPCFileAccess(resolvedFolder: nil)

  private init(resolvedFolder: String?) {
    self.folder = resolvedFolder
  }

  /// Files inside `folder` (which must exist and be a folder).
  public init(folder: String) throws(BountyError) {
    guard let real = Self.realPath(folder) else {
      throw BountyError.usage("--files \(folder): \(String(cString: strerror(errno)))")
    }
    var status = stat()
    guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw BountyError.usage("--files \(folder): not a folder")
    }
    self.folder = real
  }

  /// The file a request names at `path` (for the parameter `field`), resolved inside the folder;
  /// refused when files are off, for `-`, or outside the folder.
  func resolve(_ path: String, field: String) throws(BountyError) -> String {
    guard let folder else {
      throw BountyError.refused(
        "\(field): files are off over JSON-RPC; send the text as content "
          + "(or start the server with bounty rpc --files DIR)")
    }
    guard path != "-" else {
      throw BountyError.invalid(
        field: field, reason: "'-' would be the request stream; send the text as content")
    }
    let absolute = path.hasPrefix("/") ? path : folder + "/" + path
    guard let real = Self.realPath(absolute) else {
      throw BountyError.invalid(field: field, reason: "no such file inside the --files folder")
    }
    let inside = folder == "/" ? real.hasPrefix("/") : real.hasPrefix(folder + "/")
    guard inside else {
      throw BountyError.refused("\(field): the file is outside the --files folder")
    }
    return real
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
